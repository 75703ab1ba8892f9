package io.leapfrog.planner.sql;

import io.leapfrog.common.LeapfrogException;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Turns Calcite's parse and validation errors into user-facing {@link LeapfrogException}s:
 * {@code sql:LINE:COL: error: what}, then the query line and a caret under the position.
 */
final class SqlErrors {

    private SqlErrors() { }

    static LeapfrogException parse(String sql, SqlParseException e) {
        SqlParserPos pos = e.getPos();
        String message = firstLine(e.getMessage());
        // Calcite appends "Was expecting one of: ..." with dozens of tokens; keep the first line only.
        return at(sql, pos == null ? 0 : pos.getLineNum(), pos == null ? 0 : pos.getColumnNum(),
                "syntax error: " + stripPosition(message));
    }

    /** A validation failure: find Calcite's positioned exception in the cause chain. */
    static LeapfrogException validation(String sql, Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof CalciteContextException c) {
                String what = c.getCause() != null && c.getCause().getMessage() != null
                        ? c.getCause().getMessage() : c.getMessage();
                return at(sql, c.getPosLine(), c.getPosColumn(), what);
            }
        }
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        if (root instanceof LeapfrogException le) {
            return le;   // a table function's own error about its arguments, already worded
        }
        return new LeapfrogException("sql: error: " + firstLine(String.valueOf(root.getMessage())));
    }

    /**
     * A failure while Calcite's code runs the query: division by zero, a failed CAST, an overflow.
     * Calcite's runtime throws them unchecked, the message (if any) on the innermost cause.
     */
    static LeapfrogException execution(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root instanceof LeapfrogException le) {
            return le;
        }
        if (root instanceof ArithmeticException && "/ by zero".equals(root.getMessage())) {
            return new LeapfrogException("sql: error: division by zero");
        }
        String what = root.getMessage() == null ? root.getClass().getSimpleName() : firstLine(root.getMessage());
        if (root instanceof NumberFormatException) {
            what = "not a number: " + what.replaceFirst("^For input string: ", "");
        }
        return new LeapfrogException("sql: error: " + what);
    }

    static LeapfrogException at(String sql, int line, int column, String what) {
        StringBuilder sb = new StringBuilder("sql:");
        if (line > 0) {
            sb.append(line).append(':').append(column).append(':');
        }
        sb.append(" error: ").append(what);
        String[] lines = sql.split("\n", -1);
        if (line > 0 && line <= lines.length) {
            String text = lines[line - 1];
            sb.append('\n').append(text).append('\n');
            for (int i = 1; i < column && i <= text.length(); i++) {
                sb.append(text.charAt(i - 1) == '\t' ? '\t' : ' ');
            }
            sb.append('^');
        }
        return new LeapfrogException(sb.toString());
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim();
    }

    /** Calcite's parse messages start with "... at line 1, column 8."; we print the position ourselves. */
    private static String stripPosition(String message) {
        return message.replaceAll(" at line \\d+, column \\d+\\.?", "").trim();
    }
}
