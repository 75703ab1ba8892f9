package io.leapfrog.common;

import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;

/**
 * Souffle's {@code unsigned} operators on column values ({@link UnsignedCodec}): 32-bit wraparound,
 * unsigned division and remainder (a zero divisor is an error, as for numbers), unsigned power,
 * bitwise and logical operators, shifts that fill with zeros ({@code bshr} is logical on unsigned
 * values), and the conversions to and from numbers and floats.
 */
public final class UnsignedArithmetic {
    private UnsignedArithmetic() {
    }

    /** The unsigned operator {@code op}, looked up once; operands and result are column values. */
    public static IntBinaryOperator binary(String op) {
        IntBinaryOperator bits = switch (op) {
            case "/" -> UnsignedArithmetic::divide;
            case "%" -> UnsignedArithmetic::remainder;
            case "^" -> UnsignedArithmetic::power;
            case "bshr" -> (a, b) -> a >>> b;
            default -> SouffleArithmetic.binary(op); // the rest act on the 32 bits as for numbers
        };
        return (a, b) -> UnsignedCodec.encode(bits.applyAsInt(UnsignedCodec.decode(a), UnsignedCodec.decode(b)));
    }

    /** The unary operator {@code op} (bnot, lnot; Souffle has no unsigned negation), looked up once. */
    public static IntUnaryOperator unary(String op) {
        if (op.equals("-")) {
            throw new IllegalArgumentException("operator - is not defined on unsigned values");
        }
        IntUnaryOperator bits = SouffleArithmetic.unary(op); // bnot, lnot: the same bits as for numbers
        return a -> UnsignedCodec.encode(bits.applyAsInt(UnsignedCodec.decode(a)));
    }

    private static int divide(int a, int b) {
        if (b == 0) {
            throw new LeapfrogException("error: division by zero while evaluating " + Integer.toUnsignedString(a) + " / 0");
        }
        return Integer.divideUnsigned(a, b);
    }

    private static int remainder(int a, int b) {
        if (b == 0) {
            throw new LeapfrogException("error: modulo by zero while evaluating " + Integer.toUnsignedString(a) + " % 0");
        }
        return Integer.remainderUnsigned(a, b);
    }

    /** base^exp in 32-bit wraparound; the exponent is unsigned. */
    private static int power(int base, int exp) {
        return SouffleArithmetic.wrappingPower(base, Integer.toUnsignedLong(exp));
    }

    /** {@code itou}: a number's bits as an unsigned value (-1 becomes 4294967295, as C++'s cast). */
    public static int fromNumber(int n) {
        return UnsignedCodec.encode(n);
    }

    /** {@code utoi}: an unsigned value's bits as a number (4294967295 becomes -1, as C++'s cast). */
    public static int toNumber(int stored) {
        return UnsignedCodec.decode(stored);
    }

    /** {@code utof}: the nearest float. */
    public static int toFloat(int stored) {
        return FloatCodec.encode((float) UnsignedCodec.value(stored));
    }

    /**
     * {@code ftou}, {@code to_unsigned} of a float: toward zero ({@code -0.5} is 0). A float whose integer
     * part is no unsigned value (or NaN) is an error: C++'s conversion, Souffle's, is undefined there.
     */
    public static int fromFloat(int floatValue) {
        float f = FloatCodec.decode(floatValue);
        if (!(f > -1 && f < 0x1p32f)) {
            throw new LeapfrogException("error: the float " + FloatArithmetic.exact(f) + " has no value as an unsigned"
                    + " (0.." + UnsignedCodec.MAX + "): converting it is undefined in Souffle");
        }
        return UnsignedCodec.encodeValue((long) f);
    }

    /**
     * {@code to_unsigned}: the unsigned number at the start of the text ({@link SouffleNumbers#toUnsigned}:
     * decimal, 0x or 0b, no '-'); an error when there is none or it is above 2^32-1.
     */
    public static int parse(String s) {
        try {
            return UnsignedCodec.encodeValue(SouffleNumbers.toUnsigned(s));
        } catch (NumberFormatException e) {
            throw new LeapfrogException("error: to_unsigned: cannot convert \"" + s + "\" to an unsigned number (it"
                    + " must start with one: decimal, 0x hexadecimal or 0b binary, no '-')");
        } catch (ArithmeticException e) {
            throw new LeapfrogException("error: to_unsigned: \"" + s + "\" is out of range (unsigned values are 0.."
                    + UnsignedCodec.MAX + ")");
        }
    }
}
