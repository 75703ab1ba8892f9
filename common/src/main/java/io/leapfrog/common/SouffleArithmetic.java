package io.leapfrog.common;

import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;

/**
 * Souffle's semantics for {@code number} operators: 32-bit two's complement wraparound, logical
 * operators yielding 0/1, {@code ^} as integer power. Souffle's generated C++ would crash on a
 * division by zero; we report a clear error instead.
 */
public final class SouffleArithmetic {
    private SouffleArithmetic() {
    }

    /**
     * The binary operator {@code op} (+ - * / % ^ band bor bxor bshl bshr bshru land lor lxor), looked
     * up once so that an expression evaluated per binding does not dispatch on the operator's name.
     */
    public static IntBinaryOperator binary(String op) {
        switch (op) {
            case "+": return (a, b) -> a + b;
            case "-": return (a, b) -> a - b;
            case "*": return (a, b) -> a * b;
            case "/": return SouffleArithmetic::divide;
            case "%": return SouffleArithmetic::modulo;
            case "^": return SouffleArithmetic::power;
            case "band": return (a, b) -> a & b;
            case "bor": return (a, b) -> a | b;
            case "bxor": return (a, b) -> a ^ b;
            case "bshl": return (a, b) -> a << b;
            case "bshr": return (a, b) -> a >> b;
            case "bshru": return (a, b) -> a >>> b;
            case "land": return (a, b) -> (a != 0 && b != 0) ? 1 : 0;
            case "lor": return (a, b) -> (a != 0 || b != 0) ? 1 : 0;
            case "lxor": return (a, b) -> ((a != 0) != (b != 0)) ? 1 : 0;
            default:
                throw new IllegalArgumentException("unknown operator " + op);
        }
    }

    /** The unary operator {@code op} (-, bnot, lnot), looked up once. */
    public static IntUnaryOperator unary(String op) {
        switch (op) {
            case "-": return a -> -a;
            case "bnot": return a -> ~a;
            case "lnot": return a -> a == 0 ? 1 : 0;
            default:
                throw new IllegalArgumentException("unknown operator " + op);
        }
    }

    public static int apply(String op, int a, int b) {
        return binary(op).applyAsInt(a, b);
    }

    public static int unary(String op, int a) {
        return unary(op).applyAsInt(a);
    }

    /** a / b, truncating toward zero like C++ (MIN_VALUE / -1 wraps); a zero divisor is an error. */
    public static int divide(int a, int b) {
        if (b == 0) {
            throw new LeapfrogException("error: division by zero while evaluating " + a + " / 0");
        }
        return a / b;
    }

    /** a % b with the dividend's sign, like C++; a zero divisor is an error. */
    public static int modulo(int a, int b) {
        if (b == 0) {
            throw new LeapfrogException("error: modulo by zero while evaluating " + a + " % 0");
        }
        return a % b;
    }

    /** Integer power with wraparound; a negative exponent truncates toward zero as (int) pow(a, b) would. */
    public static int power(int base, int exp) {
        if (exp < 0) {
            if (base == 1) {
                return 1;
            }
            if (base == -1) {
                return (exp & 1) == 0 ? 1 : -1;
            }
            return 0;
        }
        return wrappingPower(base, exp);
    }

    /** base^exp for exp >= 0, by squaring, wrapping at 32 bits (the number and unsigned powers). */
    public static int wrappingPower(int base, long exp) {
        int result = 1;
        int b = base;
        long e = exp;
        while (e > 0) {
            if ((e & 1) != 0) {
                result *= b;
            }
            b *= b;
            e >>= 1;
        }
        return result;
    }

    /**
     * Souffle's {@code to_number}: the number at the start of the text ({@link SouffleNumbers#toNumber}:
     * decimal, 0x or 0b, signed); an error when there is none or it is outside the 32-bit range.
     */
    public static int toNumber(String s) {
        try {
            return SouffleNumbers.toNumber(s);
        } catch (NumberFormatException e) {
            throw new LeapfrogException("error: to_number: cannot convert \"" + s + "\" to a number (it must start"
                    + " with one: decimal, 0x hexadecimal or 0b binary)");
        } catch (ArithmeticException e) {
            throw new LeapfrogException("error: to_number: \"" + s + "\" is out of range (numbers are signed 32-bit: "
                    + Integer.MIN_VALUE + ".." + Integer.MAX_VALUE + ")");
        }
    }
}
