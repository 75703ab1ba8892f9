package io.leapfrog.exec.mining;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The density γ of a quasi-clique as an exact reduced fraction {@code numerator / denominator} in [1/2, 1],
 * so that the degree a member needs, ⌈γ(|S|−1)⌉, is computed in integers: with γ = 0.6 a set of 6 needs 3
 * neighbours per member, where 0.6 × 5 in floating point is 3.0000000000000004 and would round up to 4.
 *
 * @param numerator   γ's numerator, in lowest terms
 * @param denominator γ's denominator, in lowest terms, at most {@link #MAX_DENOMINATOR}
 */
public record Gamma(long numerator, long denominator) {
    /** The largest denominator taken (nine decimal digits), which keeps every product in a long. */
    public static final long MAX_DENOMINATOR = 1_000_000_000L;

    private static final BigDecimal HALF = new BigDecimal("0.5");

    /** Reduces the fraction; rejects a γ outside [1/2, 1] or a denominator over {@link #MAX_DENOMINATOR}. */
    public Gamma {
        if (denominator <= 0 || numerator <= 0) {
            throw new IllegalArgumentException("γ = " + numerator + "/" + denominator
                    + " is not a positive fraction with a positive denominator");
        }
        long g = BigInteger.valueOf(numerator).gcd(BigInteger.valueOf(denominator)).longValueExact();
        numerator /= g;
        denominator /= g;
        // 2 * numerator cannot overflow: numerator <= denominator is checked first.
        if (numerator > denominator || 2 * numerator < denominator) {
            throw new IllegalArgumentException("γ = " + numerator + "/" + denominator
                    + " is outside [0.5, 1]; quasi-cliques are mined for γ from 0.5 to 1");
        }
        if (denominator > MAX_DENOMINATOR) {
            throw new IllegalArgumentException("γ = " + numerator + "/" + denominator
                    + " has a denominator over " + MAX_DENOMINATOR + "; give at most nine decimal digits");
        }
    }

    /** γ = numerator / denominator. */
    public static Gamma of(long numerator, long denominator) {
        return new Gamma(numerator, denominator);
    }

    /** γ from a decimal such as "0.8", "0.95" or "1", read exactly. */
    public static Gamma parse(String text) {
        BigDecimal value;
        try {
            value = new BigDecimal(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("γ must be a decimal number from 0.5 to 1, not '" + text + "'", e);
        }
        if (value.compareTo(HALF) < 0 || value.compareTo(BigDecimal.ONE) > 0) {
            throw new IllegalArgumentException("γ = " + text.trim()
                    + " is outside [0.5, 1]; quasi-cliques are mined for γ from 0.5 to 1");
        }
        value = value.stripTrailingZeros();
        BigInteger num = value.unscaledValue();
        BigInteger den = BigInteger.ONE;
        if (value.scale() > 0) {
            den = BigInteger.TEN.pow(value.scale());
        } else {
            num = num.multiply(BigInteger.TEN.pow(-value.scale()));
        }
        BigInteger g = num.gcd(den);
        num = num.divide(g);
        den = den.divide(g);
        if (den.compareTo(BigInteger.valueOf(MAX_DENOMINATOR)) > 0) {
            throw new IllegalArgumentException("γ = " + text.trim() + " has more than nine decimal digits");
        }
        return new Gamma(num.longValueExact(), den.longValueExact());
    }

    /** ⌈γ·k⌉ for k >= 0. */
    public long ceilTimes(long k) {
        if (k < 0) {
            throw new IllegalArgumentException("negative count " + k);
        }
        // numerator <= 10^9 and k < 2^31 in every use; Math.multiplyExact guards the rest.
        return Math.floorDiv(Math.addExact(Math.multiplyExact(numerator, k), denominator - 1), denominator);
    }

    /** The neighbours inside S each member of a γ-quasi-clique S of {@code size} vertices needs: ⌈γ(size−1)⌉. */
    public int minDegree(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("a quasi-clique has at least one vertex, not " + size);
        }
        return (int) ceilTimes(size - 1);
    }

    /**
     * The largest size s with {@link #minDegree}(s) &le; {@code degree}: no member of a larger quasi-clique
     * can have only {@code degree} neighbours in it. Since γ(s−1) &le; degree exactly when s−1 &le; degree/γ,
     * it is ⌊degree·denominator/numerator⌋ + 1.
     */
    public int maxSize(int degree) {
        if (degree < 0) {
            throw new IllegalArgumentException("negative degree " + degree);
        }
        long s = Math.multiplyExact((long) degree, denominator) / numerator + 1;
        return (int) Math.min(s, Integer.MAX_VALUE);
    }

    /** γ as a decimal when it has a finite one (as every parsed γ does), e.g. "0.8", else as "2/3". */
    @Override
    public String toString() {
        try {
            return new BigDecimal(numerator).divide(new BigDecimal(denominator)).stripTrailingZeros().toPlainString();
        } catch (ArithmeticException notFinite) {
            return numerator + "/" + denominator;
        }
    }
}
