package io.leapfrog.engine.eval;

import io.leapfrog.exec.storage.Relation;

/**
 * A set of unary or binary int tuples, each packed into one long ({@link Relation#packPair}, so a set's
 * keys become a sorted relation by {@link Relation#fromPackedPairs}), by open addressing. A recursive
 * relation's membership test for the next round's candidate tuples is then one or two reads instead
 * of a binary search in each sorted run of the relation (in a transitive closure of a random graph
 * those searches would be a quarter of the run). Hand-written rather than fastutil's LongOpenHashSet: fastutil's
 * 20 MB jar would push the device bundle past its 64 MiB limit for one class of 80 lines.
 */
final class PackedTupleSet {
    private static final long EMPTY = Long.MIN_VALUE;

    private long[] slots = new long[16];
    /** 64 - log2(slots.length): a key's slot is the top bits of its Fibonacci hash. */
    private int shift = 60;
    private int size;
    /** Whether the one key that equals EMPTY, (Integer.MIN_VALUE, 0), is in the set. */
    private boolean hasEmptyKey;

    /** The key of a tuple of arity 1 (a) or 2 (a, b). */
    static long key(int arity, int a, int b) {
        return Relation.packPair(a, arity == 1 ? 0 : b);
    }

    /** The slots a set of {@code tuples} takes (the table is grown to keep at most three quarters full). */
    static long slotsFor(long tuples) {
        long slots = 16;
        while (3 * slots < 4 * (tuples + 1)) {
            slots *= 2;
        }
        return slots;
    }

    int size() {
        return size;
    }

    /**
     * Adds {@code keys[0..n)}; writes the ones that were new to {@code out} (in their order) from
     * {@code outAt} and returns how many there were.
     */
    int addAll(long[] keys, int n, long[] out, int outAt) {
        int m = outAt;
        for (int i = 0; i < n; i++) {
            if (add(keys[i])) {
                out[m++] = keys[i];
            }
        }
        return m - outAt;
    }

    /** Whether the set holds the key (safe from several threads while nothing adds). */
    boolean contains(long key) {
        if (key == EMPTY) {
            return hasEmptyKey;
        }
        int mask = slots.length - 1;
        for (int i = slot(key); ; i = (i + 1) & mask) {
            long k = slots[i];
            if (k == key) {
                return true;
            }
            if (k == EMPTY) {
                return false;
            }
        }
    }

    /** Adds the key; returns whether it was new. */
    boolean add(long key) {
        if (key == EMPTY) {
            if (hasEmptyKey) {
                return false;
            }
            hasEmptyKey = true;
            size++;
            return true;
        }
        if (4L * (size + 1) > 3L * slots.length) {
            grow();
        }
        int mask = slots.length - 1;
        int i = slot(key);
        while (true) {
            long k = slots[i];
            if (k == key) {
                return false;
            }
            if (k == EMPTY) {
                slots[i] = key;
                size++;
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    private int slot(long key) {
        return (int) ((key * 0x9E37_79B9_7F4A_7C15L) >>> shift); // Fibonacci hashing: the high bits mix every key bit
    }

    private void grow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        shift--;
        java.util.Arrays.fill(slots, EMPTY);
        int mask = slots.length - 1;
        for (long k : old) {
            if (k != EMPTY) {
                int i = slot(k);
                while (slots[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                slots[i] = k;
            }
        }
    }

    PackedTupleSet() {
        java.util.Arrays.fill(slots, EMPTY);
    }
}
