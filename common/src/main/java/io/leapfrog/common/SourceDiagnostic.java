package io.leapfrog.common;

/**
 * Formats one message about a place in a source text the way Souffle and compilers do:
 * <pre>
 * file:line:col: error: what is wrong
 *   the source line
 *        ^
 * </pre>
 * The caret line copies the tabs of the source line so that the caret lines up in a terminal. A line
 * longer than {@link #MAX_SNIPPET} characters is shown as the part around the column, cut ends marked
 * {@code ...}.
 */
public final class SourceDiagnostic {
    /** Longest part of a source line shown under a message; longer lines are cut around the column. */
    static final int MAX_SNIPPET = 120;

    private SourceDiagnostic() {
    }

    /**
     * @param severity "error" or "warning"
     * @param source   the whole source text, or null when it is not available (then no snippet)
     * @param line     1-based; 0 or less means "no position"
     * @param column   1-based
     */
    public static String format(String file, int line, int column, String severity, String message, String source) {
        StringBuilder out = new StringBuilder();
        if (line > 0) {
            out.append(file).append(':').append(line).append(':').append(column).append(": ");
        } else if (file != null) {
            out.append(file).append(": ");
        }
        out.append(severity).append(": ").append(message);
        String text = line > 0 ? sourceLine(source, line) : null;
        if (text != null) {
            int caret = Math.min(Math.max(column - 1, 0), text.length());
            if (text.length() > MAX_SNIPPET) {
                // a generated program's line can be megabytes: show the part around the column
                int from = Math.max(0, caret - MAX_SNIPPET / 2);
                int to = Math.min(text.length(), from + MAX_SNIPPET);
                String head = from > 0 ? "..." : "";
                text = head + text.substring(from, to) + (to < text.length() ? "..." : "");
                caret = caret - from + head.length();
            }
            out.append('\n').append(text).append('\n');
            int upTo = caret;
            for (int i = 0; i < upTo; i++) {
                out.append(text.charAt(i) == '\t' ? '\t' : ' ');
            }
            out.append('^');
        }
        return out.toString();
    }

    /** The 1-based line {@code line} of {@code source} without its line terminator, or null. */
    public static String sourceLine(String source, int line) {
        if (source == null || line < 1) {
            return null;
        }
        int start = 0;
        for (int current = 1; current < line; current++) {
            int next = source.indexOf('\n', start);
            if (next < 0) {
                return null;
            }
            start = next + 1;
        }
        int end = source.indexOf('\n', start);
        if (end < 0) {
            end = source.length();
        }
        if (end > start && source.charAt(end - 1) == '\r') {
            end--;
        }
        return source.substring(start, end);
    }
}
