package io.leapfrog.cli.repl;

import java.util.regex.Pattern;

/**
 * Decides whether REPL input is a complete statement or continues on the next line. A fact, rule or
 * {@code ?-} query ends with a '.'; a directive ({@code .decl}, {@code .input}, ...) or a REPL command
 * ({@code .load f}) has no final '.' and ends at the end of a line whose parentheses are closed. Text
 * inside braces (a component's body) goes on until they close, whatever its lines end with.
 * Strings and comments are skipped, so a '.' or '(' inside them does not count. A SQL statement (one
 * that starts with SELECT, WITH or VALUES not followed by '(') ends with a ';' at the end of a line.
 */
public final class StatementEnd {
    private static final Pattern SQL_START = Pattern.compile("(?i)(select|with|values)(?![\\w(])[\\s\\S]*");

    private StatementEnd() {
    }

    /** Whether the statement is SQL: SELECT, WITH or VALUES as a word not followed by '(' (an atom). */
    public static boolean isSql(String text) {
        return SQL_START.matcher(text.stripLeading()).matches();
    }

    public static boolean isComplete(String text) {
        if (isSql(text)) {
            return text.strip().endsWith(";");
        }
        Scan scan = scan(text);
        if (scan.open) {
            return false;          // an open string or block comment continues
        }
        if (scan.first == 0) {
            return true;           // blank or only comments
        }
        if (scan.braces > 0) {
            return false;          // a component's body (or an aggregate's) goes on until its '}'
        }
        if (scan.last == '.') {
            // Even inside an open parenthesis: no Datalog line can go on after a final '.', so an
            // unbalanced statement goes to the parser, which says what is missing, instead of
            // leaving the user in an endless continuation.
            return true;
        }
        return scan.first == '.' && scan.depth <= 0;   // a directive or REPL command ends with its line
    }

    /** True when the text holds nothing but whitespace and comments. */
    public static boolean isBlank(String text) {
        Scan scan = scan(text);
        return scan.first == 0 && !scan.open;
    }

    private record Scan(char first, char last, int depth, int braces, boolean open) { }

    private static Scan scan(String text) {
        int depth = 0;
        int braces = 0;         // '{' not yet closed
        char last = 0;          // last significant character outside strings and comments
        char first = 0;         // first significant character
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                int nl = text.indexOf('\n', i);
                i = nl < 0 ? n : nl;
                continue;
            }
            if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int close = text.indexOf("*/", i + 2);
                if (close < 0) {
                    return new Scan(first, last, depth, braces, true);
                }
                i = close + 2;
                continue;
            }
            if (c == '"') {
                int j = i + 1;
                while (j < n && text.charAt(j) != '"' && text.charAt(j) != '\n') {
                    j += text.charAt(j) == '\\' ? 2 : 1;
                }
                if (j >= n) {
                    return new Scan(first, last, depth, braces, true);
                }
                // A string broken by a newline is an error for the parser to report, not more input.
                i = j + 1;
                last = '"';
                first = first == 0 ? '"' : first;
                continue;
            }
            if (!Character.isWhitespace(c)) {
                if (first == 0) {
                    first = c;
                }
                last = c;
                if (c == '(' || c == '{' || c == '[') {
                    depth++;
                } else if (c == ')' || c == '}' || c == ']') {
                    depth--;
                }
                if (c == '{') {
                    braces++;
                } else if (c == '}') {
                    braces--;
                }
            }
            i++;
        }
        return new Scan(first, last, depth, braces, false);
    }
}
