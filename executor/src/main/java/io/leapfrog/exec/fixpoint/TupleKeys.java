package io.leapfrog.exec.fixpoint;

import io.leapfrog.exec.storage.Relation;

import java.util.Arrays;

/**
 * Tuples of one or two columns as 64-bit keys ({@link Relation#packPair}; a unary tuple is the pair
 * (v, 0)), whose signed order is the tuples' order: what the hash fixpoints store and test.
 */
public final class TupleKeys {
    private TupleKeys() {
    }

    public static long pack(int c0, int c1) {
        return Relation.packPair(c0, c1);
    }

    public static int col0(long key) {
        return (int) (key >> 32);
    }

    public static int col1(long key) {
        return (int) key ^ 0x80000000;
    }

    /** The relation's tuples as keys, in order. */
    public static long[] of(Relation r) {
        int n = r.size();
        long[] out = new long[n];
        int[] c0 = r.column(0);
        int[] c1 = r.arity() == 2 ? r.column(1) : null;
        for (int i = 0; i < n; i++) {
            out[i] = pack(c0[i], c1 == null ? 0 : c1[i]);
        }
        return out;
    }

    /** MurmurHash3's 32-bit finaliser: spreads any pattern of values over the hash's bits. */
    public static int mix(int h) {
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }

    /** Whether sorted keys hold key. */
    public static boolean contains(long[] sorted, long key) {
        return Arrays.binarySearch(sorted, key) >= 0;
    }
}
