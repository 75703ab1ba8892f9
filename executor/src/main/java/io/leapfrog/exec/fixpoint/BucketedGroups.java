package io.leapfrog.exec.fixpoint;

import java.util.Arrays;

/**
 * Pairs (k, v) grouped by k: per k, a small open-addressing set of its v's. The groups are split into at
 * most {@link #BUCKETS} buckets by k ({@link #bucketOf}) and nothing is locked: one thread at a time adds
 * to a bucket (the caller partitions the pairs by bucket), and reading is for phases in which nobody adds.
 *
 * <p>When the keys lie in a range of moderate span (the stratum's values, {@link ValueRange}), a group is
 * found by its key's place in one array and a bucket is a run of consecutive keys: a lookup is two
 * dependent loads before the group's values. Otherwise the buckets go by a hash of the key, each an
 * open-addressing table of its keys.
 */
final class BucketedGroups {
    static final int BUCKET_BITS = 10;
    static final int BUCKETS = 1 << BUCKET_BITS;
    /** The value a group keeps by a flag, and a hashed bucket's mark of a free slot. */
    static final int EMPTY = Integer.MIN_VALUE;
    /** A group holds v as {@code v ^ SIGN}. */
    static final int SIGN = 0x80000000;

    /** Direct: the group of key k at {@code direct[k - base]}; null when hashed. */
    private final Group[] direct;
    private final int base;
    /** Direct: key k's bucket is {@code (k - base) >>> shift}. */
    private final int shift;
    /** Hashed: the buckets' tables. */
    private final Bucket[] buckets;

    private BucketedGroups(Group[] direct, int base, int shift) {
        this.direct = direct;
        this.base = base;
        this.shift = shift;
        this.buckets = direct == null ? new Bucket[BUCKETS] : null;
    }

    /** Groups for keys in [min, max], addressed directly. */
    static BucketedGroups direct(int min, int max) {
        long span = (long) max - min + 1;
        int shift = 0;
        while ((span - 1) >>> shift >= BUCKETS) {
            shift++;
        }
        return new BucketedGroups(new Group[Math.toIntExact(span)], min, shift);
    }

    /** Groups for any keys, by hash. */
    static BucketedGroups hashed() {
        return new BucketedGroups(null, 0, 0);
    }

    /** The bucket of the pairs whose first value is k. */
    int bucketOf(int k) {
        if (direct != null) {
            return (k - base) >>> shift;
        }
        return TupleKeys.mix(k) >>> (32 - BUCKET_BITS);   // the high bits: a hashed bucket places keys by the low ones
    }

    /** k's group, or null when there is none. */
    Group get(int k) {
        if (direct != null) {
            return direct[k - base];
        }
        Bucket b = buckets[bucketOf(k)];
        return b == null ? null : b.get(k);
    }

    /** k's group, made empty on first use: only by the thread adding to k's bucket. */
    Group getOrAdd(int k) {
        if (direct != null) {
            Group g = direct[k - base];
            return g != null ? g : (direct[k - base] = new Group());
        }
        int i = bucketOf(k);
        Bucket b = buckets[i];
        if (b == null) {
            b = buckets[i] = new Bucket();
        }
        return b.getOrAdd(k);
    }

    /** Appends every pair (k, v) as a key {@link TupleKeys#pack} to out from at; returns the new end. */
    int keys(long[] out, int at) {
        if (direct != null) {
            for (int i = 0; i < direct.length; i++) {
                if (direct[i] != null) {
                    at = direct[i].keys(base + i, out, at);
                }
            }
            return at;
        }
        for (Bucket b : buckets) {
            if (b == null) {
                continue;
            }
            if (b.emptyKeyGroup != null) {
                at = b.emptyKeyGroup.keys(EMPTY, out, at);
            }
            for (int s = 0; s < b.keys.length; s++) {
                if (b.groups[s] != null) {
                    at = b.groups[s].keys(b.keys[s], out, at);
                }
            }
        }
        return at;
    }

    /**
     * The v's of one k: an open-addressing set, at most three quarters full, holding each v as
     * {@code v ^ SIGN} (the low half of the pair's key {@link TupleKeys#pack}), so a fresh array is an
     * empty set, 0 marking a free slot; the one value stored as 0, {@link #EMPTY}, is kept by a flag. Read
     * its values as the non-zero {@link #slots} (each {@code ^ SIGN}) and, when {@link #hasEmpty}, EMPTY.
     * Three quarters rather than half full: Andersen's rounds on pts-1000000 take about a quarter less
     * memory and run no slower (bench/results/cpu-ab-andersen-group-load.csv).
     */
    static final class Group {
        int[] slots = new int[8];
        int size;
        boolean hasEmpty;

        /** Adds v; whether it was new. */
        boolean add(int v) {
            if (v == EMPTY) {
                boolean had = hasEmpty;
                hasEmpty = true;
                return !had;
            }
            if (4 * (size + 1) > 3 * slots.length) {
                grow();
            }
            int s = v ^ SIGN;
            int[] t = slots;
            int mask = t.length - 1;
            int i = spread(s, t.length);
            while (true) {
                int cur = t[i];
                if (cur == s) {
                    return false;
                }
                if (cur == 0) {
                    t[i] = s;
                    size++;
                    return true;
                }
                i = (i + 1) & mask;
            }
        }

        /**
         * Value s's first slot in a table of {@code length} (a power of two): the high bits of a product
         * with the golden ratio (Fibonacci hashing), one multiplication.
         */
        private static int spread(int s, int length) {
            return (s * 0x9E3779B9) >>> (32 - Integer.numberOfTrailingZeros(length));
        }

        /** How many values the group holds. */
        int count() {
            return size + (hasEmpty ? 1 : 0);
        }

        private void grow() {
            int[] old = slots;
            int[] t = new int[old.length * 2];
            int mask = t.length - 1;
            for (int s : old) {
                if (s != 0) {
                    int i = spread(s, t.length);
                    while (t[i] != 0) {
                        i = (i + 1) & mask;
                    }
                    t[i] = s;
                }
            }
            slots = t;
        }

        private int keys(int k, long[] out, int at) {
            if (hasEmpty) {
                out[at++] = TupleKeys.pack(k, EMPTY);
            }
            long hi = (long) k << 32;
            for (int s : slots) {
                if (s != 0) {
                    out[at++] = hi | (s & 0xFFFFFFFFL);
                }
            }
            return at;
        }
    }

    /** The groups of the keys that fall in one hashed bucket, by key. */
    private static final class Bucket {
        int[] keys = empty(16);
        Group[] groups = new Group[16];
        int size;
        /** The group of key EMPTY, kept apart as its mark is taken. */
        Group emptyKeyGroup;

        Group get(int k) {
            if (k == EMPTY) {
                return emptyKeyGroup;
            }
            int[] ks = keys;
            int mask = ks.length - 1;
            int i = TupleKeys.mix(k) & mask;
            while (true) {
                int cur = ks[i];
                if (cur == k) {
                    return groups[i];
                }
                if (cur == EMPTY) {
                    return null;
                }
                i = (i + 1) & mask;
            }
        }

        Group getOrAdd(int k) {
            if (k == EMPTY) {
                return emptyKeyGroup != null ? emptyKeyGroup : (emptyKeyGroup = new Group());
            }
            if (2 * (size + 1) > keys.length) {
                grow();
            }
            int mask = keys.length - 1;
            int i = TupleKeys.mix(k) & mask;
            while (true) {
                int cur = keys[i];
                if (cur == k) {
                    return groups[i];
                }
                if (cur == EMPTY) {
                    keys[i] = k;
                    size++;
                    return groups[i] = new Group();
                }
                i = (i + 1) & mask;
            }
        }

        private void grow() {
            int[] oldKeys = keys;
            Group[] oldGroups = groups;
            keys = empty(oldKeys.length * 2);
            groups = new Group[keys.length];
            int mask = keys.length - 1;
            for (int s = 0; s < oldKeys.length; s++) {
                if (oldGroups[s] != null) {
                    int i = TupleKeys.mix(oldKeys[s]) & mask;
                    while (keys[i] != EMPTY) {
                        i = (i + 1) & mask;
                    }
                    keys[i] = oldKeys[s];
                    groups[i] = oldGroups[s];
                }
            }
        }
    }

    private static int[] empty(int n) {
        int[] s = new int[n];
        Arrays.fill(s, EMPTY);
        return s;
    }
}
