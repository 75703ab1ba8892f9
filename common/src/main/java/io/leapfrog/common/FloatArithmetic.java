package io.leapfrog.common;

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

    /** A float column value as a number ({@code ftoi}): toward zero, saturating, NaN to 0 (Java's cast). */
    public static int toNumber(int v) {
        return (int) FloatCodec.decode(v);
    }
}
