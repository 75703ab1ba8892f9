package io.leapfrog.common;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.function.IntBinaryOperator;

/**
 * Souffle's float operators on column values ({@link FloatCodec}), shared by the engine's expressions
 * and the reductions' programs: + - * / and ^ in 32-bit float arithmetic, each result rounded once (IEEE:
 * a division by zero gives an infinity, as in Souffle's C++), negation, and the conversions to and from
 * numbers.
 */
public final class FloatArithmetic {
    private FloatArithmetic() {
    }

    /** The float operator {@code op} (+ - * / ^), looked up once. */
    public static IntBinaryOperator binary(String op) {
        return switch (op) {
            case "+" -> (a, b) -> FloatCodec.encode(FloatCodec.decode(a) + FloatCodec.decode(b));
            case "-" -> (a, b) -> FloatCodec.encode(FloatCodec.decode(a) - FloatCodec.decode(b));
            case "*" -> (a, b) -> FloatCodec.encode(FloatCodec.decode(a) * FloatCodec.decode(b));
            case "/" -> (a, b) -> FloatCodec.encode(FloatCodec.decode(a) / FloatCodec.decode(b));
            case "^" -> (a, b) -> FloatCodec.encode((float) Math.pow(FloatCodec.decode(a), FloatCodec.decode(b)));
            default -> throw new IllegalArgumentException("operator " + op + " is not defined on floats");
        };
    }

    public static int negate(int v) {
        return FloatCodec.encode(-FloatCodec.decode(v));
    }

    /** A number as a float column value ({@code to_float}, {@code itof}). */
    public static int fromNumber(int n) {
        return FloatCodec.encode((float) n);
    }

    /**
     * {@code ftoi}, {@code to_number} of a float: toward zero. A float whose integer part is no 32-bit number
     * (or NaN) is an error: C++'s conversion, Souffle's, is undefined there (x86 gives -2147483648).
     */
    public static int toNumber(int v) {
        float f = FloatCodec.decode(v);
        if (!(f >= -0x1p31f && f < 0x1p31f)) {
            throw new LeapfrogException("error: the float " + exact(f) + " has no value as a number ("
                    + Integer.MIN_VALUE + ".." + Integer.MAX_VALUE + "): converting it is undefined in Souffle");
        }
        return (int) f;
    }

    /**
     * The device programs' FTOI ({@code cvt.rzi}: toward zero, saturating, NaN to 0, as Java's cast): the
     * CPU's value of that opcode. Datalog's {@code ftoi} is not compiled to it ({@link #toNumber} refuses).
     */
    public static int truncate(int v) {
        return (int) FloatCodec.decode(v);
    }

    /**
     * {@code to_float} of a symbol: the float at the start of the text, as Souffle's {@code stof} reads it
     * ({@link SouffleNumbers#floatPrefix}); none, or one out of range, is an error.
     */
    public static int parse(String s) {
        try {
            return FloatCodec.encode(SouffleNumbers.floatPrefix(s));
        } catch (NumberFormatException e) {
            throw new LeapfrogException("error: to_float: cannot convert \"" + s + "\" to a float (it must start with"
                    + " one: decimal or exponent notation, 0x hexadecimal, inf or nan)");
        } catch (ArithmeticException e) {
            throw new LeapfrogException("error: to_float: \"" + s + "\" is out of range (floats are 32-bit: normal"
                    + " magnitudes up to 3.4028235e38, or 0)");
        }
    }

    /** A float's exact value in decimal (for messages: the outputs' 6 digits may hide why it is out of range). */
    public static String exact(float f) {
        return Float.isNaN(f) || Float.isInfinite(f) ? FloatCodec.format(f)
                : new BigDecimal(f).stripTrailingZeros().toPlainString();
    }

    /** {@code to_string} of a float as Souffle's {@code std::to_string} writes it: C's {@code %f}. */
    public static String text(float f) {
        if (Float.isNaN(f)) {
            return "nan";
        }
        if (Float.isInfinite(f)) {
            return f > 0 ? "inf" : "-inf";
        }
        // the float's exact value rounded to 6 decimals, ties to even, as glibc's printf rounds it
        String digits = new BigDecimal(Math.abs(f)).setScale(6, RoundingMode.HALF_EVEN).toPlainString();
        return (f < 0 ? "-" : "") + digits;
    }
}
