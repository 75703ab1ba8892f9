package io.leapfrog.tests.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Breaks a program's text the ways a hostile or careless user would: tokens deleted, duplicated,
 * swapped or replaced by other tokens of the dialect; the text cut short; random bytes inserted
 * (invalid UTF-8, NUL, a byte-order mark, Latin-1); lines deleted or repeated; Windows line ends; deep
 * nesting and huge literals. Each mutation is one of these, applied to the bytes of the text.
 */
final class ProgramMutator {
    /** Possessive quantifiers: a long string literal must not overflow the regex engine's stack. */
    private static final Pattern TOKEN = Pattern.compile("\"(?:[^\"\\\\]++|\\\\.)*+\"|[A-Za-z_][A-Za-z_0-9]*|\\d+(?:\\.\\d+)?u?|:-|\\S");
    private static final String[] DIALECT_TOKENS = {"(", ")", ":-", ".", ",", "!", "_", ":", "{", "}", "\"", "=",
        "<", "count", "sum", "min", ".decl", ".input", ".output", ".printsize", ".type", "number", "symbol",
        "#include", "\\", "/*", "//", "$", "@", ";", "|", "-", "+", "0x", "nil", "[", "]", "as", "range", "1u"};
    private static final byte[][] BYTES = {{0}, {(byte) 0xFF}, {(byte) 0xC3}, {(byte) 0xE9}, {(byte) 0x80},
        {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, {(byte) 0xF0, (byte) 0x9F}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
        {'\r'}, {'\t'}, {0x7F}, {0x1B}};

    /** The deepest nesting tried; half the nestings are near the front end's limit (256). */
    private final int maxNesting;
    private final Random rnd;

    ProgramMutator(Random rnd, int maxNesting) {
        this.rnd = rnd;
        this.maxNesting = maxNesting;
    }

    byte[] mutate(String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        int n = 1 + rnd.nextInt(3);
        for (int i = 0; i < n; i++) {
            b = once(b);
        }
        return b;
    }

    private byte[] once(byte[] b) {
        String s = new String(b, StandardCharsets.ISO_8859_1);   // byte-preserving view of the text
        List<int[]> tokens = tokens(s);
        if (tokens.isEmpty()) {
            return insert(b, rnd.nextInt(b.length + 1), BYTES[rnd.nextInt(BYTES.length)]);
        }
        int[] t = tokens.get(rnd.nextInt(tokens.size()));
        int[] u = tokens.get(rnd.nextInt(tokens.size()));
        return switch (rnd.nextInt(12)) {
            case 0 -> latin1(s.substring(0, t[0]) + s.substring(t[1]));
            case 1 -> latin1(s.substring(0, t[1]) + " " + s.substring(t[0], t[1]) + s.substring(t[1]));
            case 2 -> swap(s, t, u);
            case 3 -> latin1(s.substring(0, t[0]) + DIALECT_TOKENS[rnd.nextInt(DIALECT_TOKENS.length)] + s.substring(t[1]));
            case 4 -> java.util.Arrays.copyOf(b, rnd.nextInt(b.length + 1));
            case 5 -> insert(b, rnd.nextInt(b.length + 1), BYTES[rnd.nextInt(BYTES.length)]);
            case 6 -> insert(b, rnd.nextInt(b.length + 1), randomBytes());
            case 7 -> lines(s);
            case 8 -> latin1(s.replace("\n", "\r\n"));
            case 9 -> nest(s, t);
            case 10 -> latin1(s.substring(0, t[0]) + hugeLiteral() + s.substring(t[1]));
            default -> insert(b, 0, BYTES[5]);
        };
    }

    private static List<int[]> tokens(String s) {
        List<int[]> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(s);
        while (m.find()) {
            out.add(new int[] {m.start(), m.end()});
        }
        return out;
    }

    private static byte[] swap(String s, int[] t, int[] u) {
        if (t[0] > u[0]) {
            int[] x = t;
            t = u;
            u = x;
        }
        if (t[1] > u[0]) {
            return latin1(s);
        }
        return latin1(s.substring(0, t[0]) + s.substring(u[0], u[1]) + s.substring(t[1], u[0])
                + s.substring(t[0], t[1]) + s.substring(u[1]));
    }

    /** Deletes, repeats (up to 2,000 times) or moves a line. */
    private byte[] lines(String s) {
        List<String> lines = new ArrayList<>(List.of(s.split("\n", -1)));
        int i = rnd.nextInt(lines.size());
        switch (rnd.nextInt(3)) {
            case 0 -> lines.remove(i);
            case 1 -> {
                int times = rnd.nextBoolean() ? 2 : 2_000;
                for (int k = 0; k < times; k++) {
                    lines.add(i, lines.get(i));
                }
            }
            default -> lines.add(rnd.nextInt(lines.size()), lines.remove(i));
        }
        return latin1(String.join("\n", lines));
    }

    /** Wraps a token in parentheses, unary minuses, negations or a chain of additions, up to maxNesting deep. */
    private byte[] nest(String s, int[] t) {
        int depth = rnd.nextBoolean() ? 200 + rnd.nextInt(120) : 1 + rnd.nextInt(maxNesting);
        String tok = s.substring(t[0], t[1]);
        String wrapped = switch (rnd.nextInt(4)) {
            case 0 -> "(".repeat(depth) + tok + ")".repeat(depth);
            case 1 -> "-".repeat(depth) + tok;
            case 2 -> (tok + " + ").repeat(depth) + tok;
            default -> "min(".repeat(depth) + tok + (", " + tok + ")").repeat(depth);
        };
        return latin1(s.substring(0, t[0]) + wrapped + s.substring(t[1]));
    }

    private String hugeLiteral() {
        int len = rnd.nextBoolean() ? 20 + rnd.nextInt(40) : 100_000;
        return switch (rnd.nextInt(4)) {
            case 0 -> "9".repeat(len);
            case 1 -> "1." + "5".repeat(len);
            case 2 -> "\"" + "s".repeat(len) + "\"";
            default -> "x".repeat(len);
        };
    }

    private byte[] randomBytes() {
        byte[] r = new byte[1 + rnd.nextInt(8)];
        rnd.nextBytes(r);
        return r;
    }

    private static byte[] insert(byte[] b, int at, byte[] what) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.write(b, 0, at);
        o.write(what, 0, what.length);
        o.write(b, at, b.length - at);
        return o.toByteArray();
    }

    private static byte[] latin1(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
