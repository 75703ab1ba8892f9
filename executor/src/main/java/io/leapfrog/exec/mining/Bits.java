package io.leapfrog.exec.mining;

import java.util.Arrays;

/**
 * Bitsets as slices of a long array (a row of a bit matrix, a candidate set at some depth), so the searches
 * keep all their sets in a few flat arrays they reuse from root to root.
 */
final class Bits {
    private Bits() {
    }

    /** Words that hold {@code bits} bits. */
    static int words(int bits) {
        return (bits + 63) >>> 6;
    }

    static void set(long[] a, int from, int bit) {
        a[from + (bit >>> 6)] |= 1L << bit;
    }

    static void clear(long[] a, int from, int bit) {
        a[from + (bit >>> 6)] &= ~(1L << bit);
    }

    /** Sets bits 0..bits-1 of the slice of {@code words(bits)} words at {@code from}, and no other. */
    static void setFirst(long[] a, int from, int bits) {
        int full = bits >>> 6;
        Arrays.fill(a, from, from + full, -1L);
        if ((bits & 63) != 0) {
            a[from + full] = (1L << bits) - 1;
        }
    }

    /** Set bits in {@code a[from, from + words)}. */
    static int count(long[] a, int from, int words) {
        int c = 0;
        for (int x = from, end = from + words; x < end; x++) {
            c += Long.bitCount(a[x]);
        }
        return c;
    }

    /** Whether {@code a[from, from + words)} has no bit set. */
    static boolean isEmpty(long[] a, int from, int words) {
        for (int x = from, end = from + words; x < end; x++) {
            if (a[x] != 0) {
                return false;
            }
        }
        return true;
    }

    /** Bits set in both slices, without forming their intersection. */
    static int countAnd(long[] a, int aFrom, long[] b, int bFrom, int words) {
        int c = 0;
        for (int x = 0; x < words; x++) {
            c += Long.bitCount(a[aFrom + x] & b[bFrom + x]);
        }
        return c;
    }

    /** {@code a} grown (contents kept) to at least {@code length}, doubling so growth costs amortised O(1). */
    static long[] atLeast(long[] a, int length) {
        return a.length >= length ? a : Arrays.copyOf(a, grown(a.length, length));
    }

    /** {@code a} grown (contents kept) to at least {@code length}. */
    static int[] atLeast(int[] a, int length) {
        return a.length >= length ? a : Arrays.copyOf(a, grown(a.length, length));
    }

    private static int grown(int current, int needed) {
        return (int) Math.max(needed, Math.min(Integer.MAX_VALUE - 8, 2L * current));
    }
}
