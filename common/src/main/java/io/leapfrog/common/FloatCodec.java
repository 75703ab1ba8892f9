package io.leapfrog.common;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * How a {@code float} value (Souffle's 32-bit float) is held in a 32-bit column: its IEEE bits with
 * the low 31 bits flipped for negative numbers, so that comparing the ints compares the floats. With it
 * every join, trie bound and comparison of the engine (CPU and GPU alike) works on float columns
 * unchanged: equal floats are equal ints and {@code x < y} is the ints' order. Two exceptions, both
 * documented: {@code -0.0} is stored as {@code 0.0} (they compare equal as floats), and NaN sorts above
 * every number instead of comparing false.
 */
public final class FloatCodec {
    private FloatCodec() {
    }

    /** The column value of {@code f}. */
    public static int encode(float f) {
        if (f == 0.0f) {
            return 0;   // -0.0 and 0.0 are one value
        }
        int bits = Float.floatToIntBits(f);   // one NaN
        return bits >= 0 ? bits : bits ^ 0x7fffffff;
    }

    /** The float a column value holds. */
    public static float decode(int v) {
        return Float.intBitsToFloat(v >= 0 ? v : v ^ 0x7fffffff);
    }

    /**
     * The text Souffle writes for a float (C++ stream output: up to 6 significant digits, trailing zeros
     * removed, exponent notation below 1e-4 and from 1e6 on, {@code inf}, {@code -inf}, {@code nan}).
     */
    public static String format(float f) {
        if (Float.isNaN(f)) {
            return "nan";
        }
        if (Float.isInfinite(f)) {
            return f > 0 ? "inf" : "-inf";
        }
        if (f == 0.0f) {
            return "0";
        }
        BigDecimal d = new BigDecimal(f).round(new MathContext(6, RoundingMode.HALF_EVEN));
        int exponent = d.precision() - d.scale() - 1;   // decimal exponent of the leading digit
        if (exponent < -4 || exponent >= 6) {
            BigDecimal mantissa = d.movePointLeft(exponent).stripTrailingZeros();
            String m = mantissa.scale() <= 0 ? mantissa.toBigInteger().toString() : mantissa.toPlainString();
            String sign = exponent < 0 ? "-" : "+";
            int e = Math.abs(exponent);
            return m + "e" + sign + (e < 10 ? "0" + e : Integer.toString(e));
        }
        BigDecimal plain = d.stripTrailingZeros();
        return plain.scale() <= 0 ? plain.toBigInteger().toString() : plain.toPlainString();
    }
}
