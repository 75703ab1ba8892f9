package io.leapfrog.exec.fixpoint;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A set of pairs (a, b) that threads add to at once, kept as one small open-addressing set of b's per a
 * (a hash trie of depth two). A rule's candidates mostly come in runs with the same a (all the tuples one
 * delta tuple makes, in transitive closure), so a run's insertions go to one small table, in cache, under
 * one lock, and the tables take four bytes per pair at most twice over: a fraction of one flat table of
 * 64-bit keys, and no thread waits on another unless both add to the same a.
 */
final class PairSet {
    private final ConcurrentHashMap<Integer, Group> groups = new ConcurrentHashMap<>();

    /** The b's of one a. */
    static final class Group {
        private static final int EMPTY = Integer.MIN_VALUE;
        private int[] slots = empty(8);
        private int size;
        private boolean hasEmpty;

        /** Adds b[0..n); writes those that were new to fresh (from 0) and returns how many. */
        synchronized int addAll(int[] b, int n, int[] fresh) {
            int k = 0;
            for (int i = 0; i < n; i++) {
                if (add(b[i])) {
                    fresh[k++] = b[i];
                }
            }
            return k;
        }

        private boolean add(int v) {
            if (v == EMPTY) {
                boolean had = hasEmpty;
                hasEmpty = true;
                return !had;
            }
            if (10 * (size + 1) > 7 * slots.length) {
                rehash(slots.length * 2);
            }
            int mask = slots.length - 1;
            int i = TupleKeys.mix(v) & mask;
            while (true) {
                int cur = slots[i];
                if (cur == v) {
                    return false;
                }
                if (cur == EMPTY) {
                    slots[i] = v;
                    size++;
                    return true;
                }
                i = (i + 1) & mask;
            }
        }

        private void rehash(int capacity) {
            int[] old = slots;
            slots = empty(capacity);
            int mask = capacity - 1;
            for (int v : old) {
                if (v != EMPTY) {
                    int i = TupleKeys.mix(v) & mask;
                    while (slots[i] != EMPTY) {
                        i = (i + 1) & mask;
                    }
                    slots[i] = v;
                }
            }
        }

        /** Appends the pairs (a, b) of this group as keys to out from at; returns the new end. */
        synchronized int keys(int a, long[] out, int at) {
            if (hasEmpty) {
                out[at++] = TupleKeys.pack(a, EMPTY);
            }
            for (int v : slots) {
                if (v != EMPTY) {
                    out[at++] = TupleKeys.pack(a, v);
                }
            }
            return at;
        }

        private static int[] empty(int n) {
            int[] s = new int[n];
            Arrays.fill(s, EMPTY);
            return s;
        }

    }

    /** The group of a, made empty on first use. */
    Group group(int a) {
        Group g = groups.get(a);
        return g != null ? g : groups.computeIfAbsent(a, k -> new Group());
    }

    /** Every pair as a key ({@link TupleKeys#pack}), in no order; {@code size}: how many there are. */
    long[] keys(long size) {
        long[] out = new long[Math.toIntExact(size)];
        int at = 0;
        for (var e : groups.entrySet()) {
            at = e.getValue().keys(e.getKey(), out, at);
        }
        return out;
    }
}
