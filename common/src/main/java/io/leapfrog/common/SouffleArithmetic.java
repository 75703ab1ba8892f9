package io.leapfrog.common;

/**
 * Souffle's semantics for {@code number} operators: 32-bit two's complement wraparound, logical
 * operators yielding 0/1, {@code ^} as integer power. Souffle's generated C++ would crash on a
 * division by zero; we report a clear error instead.
 */
public final class SouffleArithmetic {
    private SouffleArithmetic() {
    }

    public static int apply(String op, int a, int b) {
        switch (op) {
            case "+": return a + b;
            case "-": return a - b;
            case "*": return a * b;
            case "/":
                if (b == 0) {
                    throw new LeapfrogException("error: division by zero while evaluating " + a + " / 0");
                }
                return a / b; // Java truncates toward zero like C++; MIN_VALUE / -1 wraps
            case "%":
                if (b == 0) {
                    throw new LeapfrogException("error: modulo by zero while evaluating " + a + " % 0");
                }
                return a % b;
            case "^": return power(a, b);
            case "band": return a & b;
            case "bor": return a | b;
            case "bxor": return a ^ b;
            case "bshl": return a << b;
            case "bshr": return a >> b;
            case "bshru": return a >>> b;
            case "land": return (a != 0 && b != 0) ? 1 : 0;
            case "lor": return (a != 0 || b != 0) ? 1 : 0;
            case "lxor": return ((a != 0) != (b != 0)) ? 1 : 0;
            default:
                throw new IllegalArgumentException("unknown operator " + op);
        }
    }

    public static int unary(String op, int a) {
        switch (op) {
            case "-": return -a;
            case "bnot": return ~a;
            case "lnot": return a == 0 ? 1 : 0;
            default:
                throw new IllegalArgumentException("unknown operator " + op);
        }
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
        int result = 1;
        int b = base;
        int e = exp;
        while (e > 0) {
            if ((e & 1) != 0) {
                result *= b;
            }
            b *= b;
            e >>= 1;
        }
        return result;
    }

    /** Souffle's {@code to_number}: a decimal integer (surrounding spaces allowed), else an error. */
    public static int toNumber(String s) {
        try {
            return (int) Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            throw new LeapfrogException("error: to_number: cannot convert \"" + s + "\" to a number");
        }
    }
}
