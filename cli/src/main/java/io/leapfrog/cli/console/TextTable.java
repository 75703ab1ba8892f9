package io.leapfrog.cli.console;

import java.util.List;
import java.util.Locale;

/**
 * Renders rows of text values as an aligned table (numeric columns right-aligned) or as CSV.
 * Used for SQL results and REPL query answers.
 */
public final class TextTable {
    private TextTable() {
    }

    /** A header, a rule of '-', then the rows; columns separated by " | ". */
    public static String render(List<String> columns, List<List<String>> rows) {
        int n = columns.size();
        int[] width = new int[n];
        boolean[] numeric = new boolean[n];
        for (int c = 0; c < n; c++) {
            width[c] = columns.get(c).length();
            numeric[c] = !rows.isEmpty();
        }
        for (List<String> row : rows) {
            for (int c = 0; c < n; c++) {
                String v = row.get(c);
                width[c] = Math.max(width[c], v.length());
                numeric[c] &= isNumber(v);
            }
        }
        StringBuilder sb = new StringBuilder();
        appendRow(sb, columns, width, new boolean[n]);
        for (int c = 0; c < n; c++) {
            sb.append(c == 0 ? "" : "-+-").append("-".repeat(width[c]));
        }
        sb.append('\n');
        for (List<String> row : rows) {
            appendRow(sb, row, width, numeric);
        }
        return sb.toString();
    }

    private static void appendRow(StringBuilder sb, List<String> values, int[] width, boolean[] rightAlign) {
        for (int c = 0; c < width.length; c++) {
            String v = values.get(c);
            String fill = " ".repeat(width[c] - v.length());
            sb.append(c == 0 ? "" : " | ");
            if (rightAlign[c]) {
                sb.append(fill).append(v);
            } else if (c < width.length - 1) {
                sb.append(v).append(fill);
            } else {
                sb.append(v); // no trailing blanks on the last column
            }
        }
        sb.append('\n');
    }

    /** RFC 4180 CSV: a header line, then one line per row; values quoted only when they must be. */
    public static String csv(List<String> columns, List<List<String>> rows) {
        StringBuilder sb = new StringBuilder();
        appendCsvLine(sb, columns);
        for (List<String> row : rows) {
            appendCsvLine(sb, row);
        }
        return sb.toString();
    }

    private static void appendCsvLine(StringBuilder sb, List<String> values) {
        for (int c = 0; c < values.size(); c++) {
            if (c > 0) {
                sb.append(',');
            }
            String v = values.get(c);
            if (v.indexOf(',') >= 0 || v.indexOf('"') >= 0 || v.indexOf('\n') >= 0 || v.indexOf('\r') >= 0) {
                sb.append('"').append(v.replace("\"", "\"\"")).append('"');
            } else {
                sb.append(v);
            }
        }
        sb.append('\n');
    }

    /**
     * A JSON array with one object per row (a line each), keys the column names. {@code values} gives the
     * rows' typed values (SQL's: null is null, numbers are numbers) or is null, when every value is the
     * string in {@code rows} (a Datalog answer's text). Characters past JSON's plain set, and the escapes of
     * bytes that are not UTF-8 (U+DC80..U+DCFF), are written as {@code \\uXXXX}.
     */
    public static String json(List<String> columns, List<List<String>> rows, List<List<Object>> values) {
        StringBuilder sb = new StringBuilder("[\n");
        for (int r = 0; r < rows.size(); r++) {
            sb.append('{');
            for (int c = 0; c < columns.size(); c++) {
                sb.append(c == 0 ? "" : ", ");
                jsonString(sb, columns.get(c));
                sb.append(": ");
                Object v = values == null ? rows.get(r).get(c) : values.get(r).get(c);
                if (v == null) {
                    sb.append("null");
                } else if (v instanceof Number n && Double.isFinite(n.doubleValue())) {
                    sb.append(values == null ? v.toString() : rows.get(r).get(c));
                } else {
                    jsonString(sb, rows.get(r).get(c));
                }
            }
            sb.append(r + 1 < rows.size() ? "},\n" : "}\n");
        }
        return sb.append("]\n").toString();
    }

    private static void jsonString(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (ch < 0x20 || Character.isSurrogate(ch) && !inPair(s, i)) {
                        sb.append(String.format(Locale.ROOT, "\\u%04X", (int) ch));
                    } else {
                        sb.append(ch);
                    }
                }
            }
        }
        sb.append('"');
    }

    /** Whether the surrogate at {@code i} is half of a pair (a character past U+FFFF), not a lone one (an escaped byte). */
    private static boolean inPair(String s, int i) {
        char ch = s.charAt(i);
        return Character.isHighSurrogate(ch) ? i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
                : i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }

    /** "(1 row, 0.003 s)". */
    public static String footer(long rows, java.time.Duration time) {
        return "(" + Summary.rows(rows) + ", " + Summary.seconds(time) + ")";
    }

    private static boolean isNumber(String v) {
        if (v.isEmpty()) {
            return false;
        }
        int start = v.charAt(0) == '-' && v.length() > 1 ? 1 : 0;
        boolean dot = false;
        for (int i = start; i < v.length(); i++) {
            char ch = v.charAt(i);
            if (ch == '.' && !dot) {
                dot = true;
            } else if (ch < '0' || ch > '9') {
                return false;
            }
        }
        return true;
    }
}
