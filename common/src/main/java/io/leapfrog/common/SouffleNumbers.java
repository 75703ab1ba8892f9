package io.leapfrog.common;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text to numbers exactly as Souffle's default (32-bit) build reads them; docs/engine.md lists the rules.
 * Souffle converts with C's {@code strtol}/{@code strtoul}/{@code strtof} (through {@code std::stoi},
 * {@code stoul}, {@code stof}): leading white space and a sign are allowed, a value outside the 32-bit
 * range is an error, never wrapped. Fact files must be read to the end of the field (trailing text,
 * trailing spaces included, is an error); the conversion functors ({@code to_number}, {@code to_unsigned})
 * read the longest prefix that is a number. Signed numbers in fact files are decimal only; unsigned ones
 * and the functors take {@code 0x} hexadecimal and {@code 0b} binary too.
 *
 * <p>Syntax errors are {@link NumberFormatException}s, values out of range {@link ArithmeticException}s.
 */
public final class SouffleNumbers {
    public static final long UNSIGNED_MAX = 0xFFFF_FFFFL;

    /** strtof's syntax; hexadecimal first, so that a prefix match ({@code lookingAt}) is the longest, as strtof's. */
    private static final Pattern FLOAT = Pattern.compile(
            "[+-]?(?:0[xX](?<hex>(?:[0-9a-fA-F]+\\.?[0-9a-fA-F]*|\\.[0-9a-fA-F]+))(?<hexexp>[pP][+-]?\\d+)?"
                    + "|(?<dec>(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?)"
                    + "|(?<inf>(?i:infinity|inf))|(?<nan>(?i:nan)(?:\\([0-9A-Za-z_]*\\))?))");

    private SouffleNumbers() {
    }

    /** A {@code number} column of a fact file: decimal, the whole field. */
    public static int factNumber(String field) {
        Scan s = scan(field, 0, 10);
        if (s == null || s.end != field.length()) {
            throw new NumberFormatException(field);
        }
        return signed(s);
    }

    /** An {@code unsigned} column of a fact file: decimal, {@code 0x} or {@code 0b}, the whole field; 0..2^32-1. */
    public static long factUnsigned(String field) {
        Scan s = unsignedPrefix(field);
        if (s == null || s.end != field.length()) {
            throw new NumberFormatException(field);
        }
        return unsigned(s);
    }

    /** A {@code float} column of a fact file: strtof's syntax, the whole field. */
    public static float factFloat(String field) {
        Matcher m = FLOAT.matcher(field);
        int from = skipSpace(field, 0);
        m.region(from, field.length());
        if (!m.matches()) {
            throw new NumberFormatException(field);
        }
        return floatOf(m, field);
    }

    /** {@code to_number}: the longest prefix that is a number (decimal, {@code 0x}, {@code 0b}, signed). */
    public static int toNumber(String text) {
        Scan s;
        if (text.startsWith("0b") || text.startsWith("-0b")) {
            boolean negative = text.charAt(0) == '-';
            s = scan(text, negative ? 3 : 2, 2);
            if (s != null && negative) {
                s = new Scan(s.magnitude, !s.negative, s.end);
            }
        } else {
            s = scan(text, 0, text.startsWith("0x") || text.startsWith("-0x") ? 16 : 10);
        }
        if (s == null) {
            throw new NumberFormatException(text);
        }
        return signed(s);
    }

    /** {@code to_unsigned}: the longest prefix that is an unsigned number; a leading '-' is an error. */
    public static long toUnsigned(String text) {
        Scan s = unsignedPrefix(text);
        if (s == null) {
            throw new NumberFormatException(text);
        }
        return unsigned(s);
    }

    /** The longest prefix of {@code text} that is a float ({@code to_float} of a symbol in Souffle). */
    public static float floatPrefix(String text) {
        Matcher m = FLOAT.matcher(text);
        m.region(skipSpace(text, 0), text.length());
        if (!m.lookingAt()) {
            throw new NumberFormatException(text);
        }
        return floatOf(m, text);
    }

    private static Scan unsignedPrefix(String text) {
        if (text.startsWith("-")) {
            return null;
        }
        if (text.startsWith("0b")) {
            return scan(text, 2, 2);
        }
        return scan(text, 0, text.startsWith("0x") ? 16 : 10);
    }

    private static float floatOf(Matcher m, String text) {
        boolean negative = text.charAt(m.start()) == '-';
        if (m.group("inf") != null) {
            return negative ? Float.NEGATIVE_INFINITY : Float.POSITIVE_INFINITY;
        }
        if (m.group("nan") != null) {
            return Float.NaN;
        }
        boolean decimal = m.group("dec") != null;
        String mantissa = decimal ? m.group("dec").split("[eE]")[0] : m.group("hex");
        float f = decimal ? Float.parseFloat(m.group("dec"))
                : Float.parseFloat("0x" + mantissa + (m.group("hexexp") == null ? "p0" : m.group("hexexp")));
        boolean nonZero = mantissa.chars().anyMatch(c -> c != '0' && c != '.');
        // strtof reports ERANGE (and stof throws) on overflow, and on underflow: a result that is tiny
        // (below the normal range when rounded to 24 bits with an unbounded exponent) and inexact
        if (Float.isInfinite(f) || nonZero && f <= Float.MIN_NORMAL && underflows(m, f)) {
            throw new ArithmeticException(text);
        }
        return negative ? -f : f;
    }

    /** Below this exact magnitude a value is tiny: 24-bit rounding with an unbounded exponent stays under 2^-126. */
    private static final BigDecimal TINY = new BigDecimal(Math.scalb(1.0, -126) - Math.scalb(1.0, -151));

    /** Whether the (positive, nonzero) value the match spells underflows when read as the float {@code f}. */
    private static boolean underflows(Matcher m, float f) {
        if (f == 0) {
            return true;
        }
        BigDecimal exact;
        try {
            if (m.group("dec") != null) {
                exact = new BigDecimal(m.group("dec"));
            } else {
                String hex = m.group("hex");
                int point = hex.indexOf('.');
                String digits = point < 0 ? hex : hex.substring(0, point) + hex.substring(point + 1);
                int shift = (m.group("hexexp") == null ? 0 : Integer.parseInt(m.group("hexexp").substring(1)))
                        - 4 * (point < 0 ? 0 : hex.length() - point - 1);
                exact = new BigDecimal(new BigInteger(digits, 16));
                exact = shift >= 0 ? exact.multiply(new BigDecimal(BigInteger.ONE.shiftLeft(shift)))
                        : exact.divide(new BigDecimal(BigInteger.ONE.shiftLeft(-shift)));
            }
        } catch (NumberFormatException | ArithmeticException e) {
            return true;   // an exponent past int's range: the value cannot be exactly a float near 2^-126
        }
        return exact.compareTo(TINY) < 0 && exact.compareTo(new BigDecimal(f)) != 0;
    }

    private static int signed(Scan s) {
        long v = s.negative ? -s.magnitude : s.magnitude;
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new ArithmeticException(Long.toString(v));
        }
        return (int) v;
    }

    private static long unsigned(Scan s) {
        // strtoul negates a '-' after white space modulo 2^64: out of the 32-bit range unless it is -0.
        if (s.magnitude > UNSIGNED_MAX || s.negative && s.magnitude != 0) {
            throw new ArithmeticException(Long.toString(s.magnitude));
        }
        return s.magnitude;
    }

    /** Digits read by strtol from {@code from}; {@code magnitude} saturates above 2^40 (out of every range). */
    private record Scan(long magnitude, boolean negative, int end) { }

    /**
     * C's strtol/strtoul in {@code base} from index {@code from}: white space, a sign, in base 16 an
     * optional {@code 0x}, then ASCII digits; null when there are no digits.
     */
    private static Scan scan(String s, int from, int base) {
        int i = skipSpace(s, from);
        int n = s.length();
        boolean negative = false;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        if (base == 16 && i + 2 < n && s.charAt(i) == '0' && (s.charAt(i + 1) == 'x' || s.charAt(i + 1) == 'X')
                && digit(s.charAt(i + 2), 16) >= 0) {
            i += 2;
        }
        int start = i;
        long v = 0;
        for (int d; i < n && (d = digit(s.charAt(i), base)) >= 0; i++) {
            v = Math.min(v * base + d, 1L << 40);
        }
        return i == start ? null : new Scan(v, negative, i);
    }

    private static int digit(char c, int base) {
        return c < 0x80 ? Character.digit(c, base) : -1;
    }

    private static int skipSpace(String s, int i) {
        while (i < s.length() && " \t\n\u000B\f\r".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        return i;
    }
}
