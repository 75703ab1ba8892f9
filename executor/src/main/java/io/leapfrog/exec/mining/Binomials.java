package io.leapfrog.exec.mining;

import io.leapfrog.common.LeapfrogException;

/**
 * binom(n, r) for n up to a bound and r up to another, by Pascal's rule, each exact or, past 2^63 - 1, the
 * marker -1 (a count that needs it cannot be given). The pivoting counts add these at their leaves: the CPU
 * reads them through {@link #of}, the GPU gets {@link #table()} (its kernel takes -1, as an unsigned 2^64 - 1,
 * for an overflow). Also the one sum and the one error of clique counts past that bound.
 */
final class Binomials {
    private final int columns;
    private final long[] table;

    /** binom(n, r) for n in [0, maxN], r in [0, maxR], at {@code n * (maxR + 1) + r} of {@link #table()}. */
    Binomials(int maxN, int maxR) {
        columns = maxR + 1;
        table = new long[(maxN + 1) * columns];
        for (int n = 0; n <= maxN; n++) {
            table[n * columns] = 1;
            for (int r = 1; r <= Math.min(n, maxR); r++) {
                long a = table[(n - 1) * columns + r - 1];
                long b = table[(n - 1) * columns + r];
                table[n * columns + r] = a < 0 || b < 0 || a > Long.MAX_VALUE - b ? -1 : a + b;
            }
        }
    }

    /** binom(n, r). @throws LeapfrogException when it passes 2^63 - 1 */
    long of(int n, int r) {
        long v = table[n * columns + r];
        if (v < 0) {
            throw countTooLarge();
        }
        return v;
    }

    /** Every binom(n, r), row by row (not to be modified). */
    long[] table() {
        return table;
    }

    /** a + b, two clique counts. @throws LeapfrogException when the sum passes 2^63 - 1 */
    static long sum(long a, long b) {
        try {
            return Math.addExact(a, b);
        } catch (ArithmeticException e) {
            throw countTooLarge();
        }
    }

    /** The error of a clique count past 2^63 - 1, on either device and by either search. */
    static LeapfrogException countTooLarge() {
        return new LeapfrogException("error: the number of cliques passes 2^63 - 1, the largest count Leapfrog gives");
    }
}
