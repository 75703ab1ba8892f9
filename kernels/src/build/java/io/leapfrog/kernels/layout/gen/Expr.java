package io.leapfrog.kernels.layout.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An integer expression of the layout definition: decimal or hexadecimal numbers, constants declared
 * before it, {@code + - * /}, parentheses and (for checks) the comparisons {@code < <= == >= >}, which
 * give 1 or 0. The text is kept as written, for the generated C and Java, which evaluate it alike.
 */
final class Expr {
    final String text;
    final long value;
    /** The expression is one number (no constant, no operator). */
    final boolean literal;

    private Expr(String text, long value, boolean literal) {
        this.text = text;
        this.value = value;
        this.literal = literal;
    }

    /** Parses and evaluates {@code text} over {@code constants}; a mistake throws {@link IllegalArgumentException}. */
    static Expr of(String text, Map<String, Long> constants) {
        Parser p = new Parser(tokens(text), constants);
        long v = p.comparison();
        if (p.at < p.tokens.size()) {
            throw new IllegalArgumentException("unexpected '" + p.tokens.get(p.at) + "' in expression '" + text + "'");
        }
        boolean literal = p.tokens.size() == 1 && Character.isDigit(p.tokens.get(0).charAt(0));
        return new Expr(text.trim(), v, literal);
    }

    /** The names of the constants the expression reads. */
    static List<String> names(String text) {
        List<String> names = new ArrayList<>();
        for (String t : tokens(text)) {
            if (Character.isLetter(t.charAt(0)) || t.charAt(0) == '_') {
                names.add(t);
            }
        }
        return names;
    }

    private static List<String> tokens(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (Character.isLetterOrDigit(c) || c == '_') {
                int j = i;
                while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
                    j++;
                }
                out.add(s.substring(i, j));
                i = j;
            } else if ((c == '<' || c == '>' || c == '=') && i + 1 < s.length() && s.charAt(i + 1) == '=') {
                out.add(s.substring(i, i + 2));
                i += 2;
            } else if ("+-*/()<>".indexOf(c) >= 0) {
                out.add(String.valueOf(c));
                i++;
            } else {
                throw new IllegalArgumentException("unexpected character '" + c + "' in expression '" + s + "'");
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("an empty expression");
        }
        return out;
    }

    /** Recursive descent: comparison := sum [op sum]; sum := product {(+|-) product}; product := unary {(*|/) unary}. */
    private static final class Parser {
        final List<String> tokens;
        final Map<String, Long> constants;
        int at;

        Parser(List<String> tokens, Map<String, Long> constants) {
            this.tokens = tokens;
            this.constants = constants;
        }

        private String peek() {
            return at < tokens.size() ? tokens.get(at) : "";
        }

        long comparison() {
            long a = sum();
            String op = peek();
            if (op.equals("<") || op.equals("<=") || op.equals("==") || op.equals(">=") || op.equals(">")) {
                at++;
                long b = sum();
                boolean r = switch (op) {
                    case "<" -> a < b;
                    case "<=" -> a <= b;
                    case "==" -> a == b;
                    case ">=" -> a >= b;
                    default -> a > b;
                };
                return r ? 1 : 0;
            }
            return a;
        }

        private long sum() {
            long v = product();
            while (peek().equals("+") || peek().equals("-")) {
                boolean plus = tokens.get(at++).equals("+");
                long b = product();
                v = plus ? Math.addExact(v, b) : Math.subtractExact(v, b);
            }
            return v;
        }

        private long product() {
            long v = unary();
            while (peek().equals("*") || peek().equals("/")) {
                boolean times = tokens.get(at++).equals("*");
                long b = unary();
                if (!times && b == 0) {
                    throw new IllegalArgumentException("division by zero");
                }
                v = times ? Math.multiplyExact(v, b) : v / b;
            }
            return v;
        }

        private long unary() {
            String t = peek();
            if (t.isEmpty()) {
                throw new IllegalArgumentException("the expression ends too soon");
            }
            at++;
            if (t.equals("-")) {
                return -unary();
            }
            if (t.equals("(")) {
                long v = comparison();
                if (!peek().equals(")")) {
                    throw new IllegalArgumentException("a '(' without its ')'");
                }
                at++;
                return v;
            }
            if (Character.isDigit(t.charAt(0))) {
                try {
                    return t.startsWith("0x") || t.startsWith("0X") ? Long.parseLong(t.substring(2), 16) : Long.parseLong(t);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + t + "' is not a number");
                }
            }
            Long c = constants.get(t);
            if (c == null) {
                throw new IllegalArgumentException("'" + t + "' is not a constant declared before this line");
            }
            return c;
        }
    }
}
