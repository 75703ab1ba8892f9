package io.leapfrog.exec.io;

import java.util.List;

/**
 * How a delimited fact file is laid out, from Souffle's IO parameters: the delimiter, whether the
 * first line names the columns ({@code headers=true}: written on output, skipped on input), and
 * whether symbols are quoted ({@code rfc4180=true}). Output also chooses gzip ({@code compress=true}),
 * input which of the file's columns to read ({@code columns="4:7"}).
 *
 * <p>With rfc4180, Souffle writes every symbol in double quotes with a quote inside it written as
 * {@code \""}, and reads a field that starts with a quote up to the closing quote, {@code ""} standing
 * for one quote and the delimiter or the line's end required right after; both are done the same way.
 */
public record CsvStyle(String delimiter, boolean headers, boolean rfc4180, boolean gzip, List<Integer> columns) {
    /** Souffle's default: tab-separated, no header, unquoted, plain. */
    public static final CsvStyle DEFAULT = new CsvStyle("\t", false, false, false);

    /**
     * @param columns the file columns (0-based) an input reads, in the relation's column order (Souffle's
     *                {@code columns="4:7"}); empty: the file's columns are the relation's
     */
    public CsvStyle {
        if (delimiter.isEmpty()) {
            throw new IllegalArgumentException("empty delimiter");
        }
        columns = List.copyOf(columns);
    }

    public CsvStyle(String delimiter, boolean headers, boolean rfc4180, boolean gzip) {
        this(delimiter, headers, rfc4180, gzip, List.of());
    }

    public static CsvStyle delimited(String delimiter) {
        return new CsvStyle(delimiter, false, false, false);
    }

    /** The header line of {@code columns} (names joined by the delimiter), as Souffle writes it. */
    public String headerLine(List<String> columns) {
        return String.join(delimiter, columns);
    }

    /** A symbol as written: itself, or with rfc4180 quoted. */
    String symbol(String text) {
        if (!rfc4180) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                sb.append("\\\"");   // Souffle's WriteStreamCSV writes a backslash and a quote before the quote
            }
            sb.append(c);
        }
        return sb.append('"').toString();
    }
}
