package io.leapfrog.exec.fixpoint;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A set of pairs (a, b) that threads add to at once, kept as one small open-addressing set of b's per a
 * (a hash trie of depth two). A rule's candidates mostly come in runs with the same a (all the tuples one
 * delta tuple makes, in transitive closure), so a run's insertions go to one small table, in cache, under
 * one lock, and the tables take four bytes per pair at most twice over: a fraction of one flat table of
 * 64-bit keys, and no thread waits on another unless both add to the same a. The group of an a in
 * [0, 2^22) (ids as programs and loaders number them) is found in arrays of 4,096 groups made on first
 * use, two array reads with no hashing or boxing (at most 16 MiB of them however the a's fall); any other
 * a's in a concurrent hash map.
 */
final class PairSet {
    private static final int DENSE_BITS = 22;
    private static final int LEAF_BITS = 12;

    private final AtomicReferenceArray<AtomicReferenceArray<Group>> dense =
            new AtomicReferenceArray<>(1 << (DENSE_BITS - LEAF_BITS));
    private final ConcurrentHashMap<Integer, Group> sparse = new ConcurrentHashMap<>();

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
        if (a >>> DENSE_BITS != 0) {
            Group g = sparse.get(a);
            return g != null ? g : sparse.computeIfAbsent(a, k -> new Group());
        }
        int t = a >>> LEAF_BITS;
        AtomicReferenceArray<Group> leaf = dense.get(t);
        if (leaf == null) {
            dense.compareAndSet(t, null, new AtomicReferenceArray<>(1 << LEAF_BITS));
            leaf = dense.get(t);
        }
        int l = a & ((1 << LEAF_BITS) - 1);
        Group g = leaf.get(l);
        if (g == null) {
            leaf.compareAndSet(l, null, new Group());
            g = leaf.get(l);
        }
        return g;
    }

    /** Every pair as a key ({@link TupleKeys#pack}), in no order; {@code size}: how many there are. */
    long[] keys(long size) {
        long[] out = new long[Math.toIntExact(size)];
        int at = 0;
        for (int t = 0; t < dense.length(); t++) {
            AtomicReferenceArray<Group> leaf = dense.get(t);
            for (int l = 0; leaf != null && l < leaf.length(); l++) {
                Group g = leaf.get(l);
                if (g != null) {
                    at = g.keys((t << LEAF_BITS) | l, out, at);
                }
            }
        }
        for (var e : sparse.entrySet()) {
            at = e.getValue().keys(e.getKey(), out, at);
        }
        return out;
    }
}
