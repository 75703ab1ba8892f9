package io.leapfrog.exec.fixpoint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A set of pairs (a, b) that threads add to at once, kept as one small set of b's per a (a trie of depth
 * two). A rule's candidates mostly come in runs with the same a (all the tuples one delta tuple makes, in
 * transitive closure), so a run's insertions go to one small set, in cache, under one lock, and no thread
 * waits on another unless both add to the same a. Each a's set takes the smallest of its forms
 * ({@link Group}): a closure over dense values takes a bit per value of their range.
 *
 * <p>Between rounds ({@link #endRound}, {@link #settle}), each table that found nothing new in the round
 * after it last grew turns into its sorted values at exact size; a settled group still answers and takes
 * insertions. When nothing can add to a
 * settled group again and its pairs are not wanted, only its size is kept.
 */
final class PairSet {
    private final ConcurrentHashMap<Integer, Group> groups = new ConcurrentHashMap<>();
    /** Pairs of groups whose values were let go ({@link #settle}). */
    private long released;
    /** The round the threads add in; a group notes the last round it grew in. */
    private int round;
    /** Groups that grew in the current round (each once). */
    private final ConcurrentLinkedQueue<Group> grown = new ConcurrentLinkedQueue<>();
    /** Groups that grew in the round before it. */
    private List<Group> grewBefore = List.of();

    /**
     * The b's of one a, kept in whichever of three forms is smaller: an open-addressing table while the
     * values are spread (about eight bytes a value), a bitmap over their range once they are dense (a bit
     * for each value of the range: at most four bytes a value, a fraction of a byte in a dense closure),
     * or, once settled, the values in order at their exact size (four bytes a value). The int minimum is
     * kept as a flag beside any of them (it marks a table's free slots).
     */
    static final class Group {
        private static final int EMPTY = Integer.MIN_VALUE;
        private static final byte TABLE = 0;
        private static final byte BITS = 1;
        private static final byte SORTED = 2;
        private static final byte RELEASED = 3;
        /** A bitmap is chosen when its range is at most this many times the values (four bytes a value). */
        private static final long DENSE = 32;
        /** A bitmap that would have to grow past this many times the values turns back into a table. */
        private static final long SPARSE = 128;

        private byte form = TABLE;
        /** TABLE: slots, EMPTY where free; SORTED: the values in order, at exact size. */
        private int[] slots = empty(8);
        /** BITS: bit i of the map is value base + i. */
        private long[] bits;
        private long base;
        /** Values other than EMPTY, and the smallest and largest of them. */
        private int size;
        private int min = Integer.MAX_VALUE;
        private int max = Integer.MIN_VALUE;
        private boolean hasEmpty;
        /** The set whose rounds this group's growth is noted in, or null (a group on its own). */
        private final PairSet owner;
        /** The last round of {@link #owner} in which a value was added. */
        private int grewIn = -1;

        Group(PairSet owner) {
            this.owner = owner;
        }

        /** Adds b[0..n); writes those that were new to fresh (from 0) and returns how many. */
        synchronized int addAll(int[] b, int n, int[] fresh) {
            int k = 0;
            for (int i = 0; i < n; i++) {
                if (add(b[i])) {
                    fresh[k++] = b[i];
                }
            }
            if (k > 0 && owner != null && grewIn != owner.round) {
                grewIn = owner.round;
                owner.grown.add(this);
            }
            return k;
        }

        private boolean add(int v) {
            if (v == EMPTY) {
                boolean had = hasEmpty;
                hasEmpty = true;
                return !had;
            }
            boolean added = switch (form) {
                case TABLE -> addToTable(v);
                case BITS -> addToBits(v);
                case SORTED -> Arrays.binarySearch(slots, 0, size, v) < 0 && addRebuilt(v);
                default -> throw new IllegalStateException("a pair added to a group whose values were let go");
            };
            if (added) {
                size++;
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
            return added;
        }

        private boolean addToTable(int v) {
            if (10 * (size + 1) > 7 * slots.length) {
                if (contains(slots, v)) {
                    return false;
                }
                if (DENSE * (size + 1) >= span(v)) {
                    return addRebuilt(v);
                }
                rehash(slots.length * 2);
            }
            return place(slots, v);
        }

        private static boolean contains(int[] table, int v) {
            int mask = table.length - 1;
            for (int i = TupleKeys.mix(v) & mask; table[i] != EMPTY; i = (i + 1) & mask) {
                if (table[i] == v) {
                    return true;
                }
            }
            return false;
        }

        private boolean addToBits(int v) {
            long at = v - base;
            long width = 64L * bits.length;
            if (at < 0 || at >= width) {
                long lo = Math.min(base, v);
                long hi = Math.max(base + width, (long) v + 1);
                long slack = Math.max(64, (hi - lo) / 2);
                lo = at < 0 ? Math.max(Integer.MIN_VALUE, lo - slack) : lo;
                hi = at < 0 ? hi : Math.min((long) Integer.MAX_VALUE + 1, hi + slack);
                if (hi - lo > SPARSE * (size + 1)) {
                    return addRebuilt(v);
                }
                long[] map = new long[(int) ((hi - lo + 63) >>> 6)];
                copyBits(bits, base, map, lo);
                bits = map;
                base = lo;
                at = v - base;
            }
            long word = bits[(int) (at >>> 6)];
            long bit = 1L << at;
            if ((word & bit) != 0) {
                return false;
            }
            bits[(int) (at >>> 6)] = word | bit;
            return true;
        }

        /** Sets in map (whose bit 0 is value to) every bit of from (whose bit 0 is value fromBase). */
        private static void copyBits(long[] from, long fromBase, long[] map, long to) {
            for (int w = 0; w < from.length; w++) {
                long word = from[w];
                while (word != 0) {
                    long at = fromBase + 64L * w + Long.numberOfTrailingZeros(word) - to;
                    map[(int) (at >>> 6)] |= 1L << at;
                    word &= word - 1;
                }
            }
        }

        /** The range the values would span with v among them. */
        private long span(int v) {
            return (long) Math.max(max, v) - Math.min(min, v) + 1;
        }

        /** Adds v (known to be new) by rebuilding the group in the form that suits its values with v. */
        private boolean addRebuilt(int v) {
            int[] values = Arrays.copyOf(values(), size + 1);
            values[size] = v;
            if (DENSE * values.length >= span(v)) {
                long lo = Math.min(min, v);
                bits = new long[(int) ((span(v) + 63) >>> 6)];
                base = lo;
                for (int x : values) {
                    long at = x - lo;
                    bits[(int) (at >>> 6)] |= 1L << at;
                }
                slots = null;
                form = BITS;
            } else {
                slots = empty(tableFor(values.length));
                for (int x : values) {
                    place(slots, x);
                }
                bits = null;
                form = TABLE;
            }
            return true;
        }

        /** Puts v in the table unless it is there; whether it was not. */
        private static boolean place(int[] table, int v) {
            int mask = table.length - 1;
            int i = TupleKeys.mix(v) & mask;
            while (true) {
                int cur = table[i];
                if (cur == v) {
                    return false;
                }
                if (cur == EMPTY) {
                    table[i] = v;
                    return true;
                }
                i = (i + 1) & mask;
            }
        }

        /** The table capacity (a power of two, at least 8) that holds n values under the load limit. */
        private static int tableFor(int n) {
            int c = 8;
            while (10L * n > 7L * c) {
                c *= 2;
            }
            return c;
        }

        private void rehash(int capacity) {
            int[] old = slots;
            slots = empty(capacity);
            for (int v : old) {
                if (v != EMPTY) {
                    place(slots, v);
                }
            }
        }

        /** The values other than EMPTY, in no particular order (ascending unless a table). */
        private int[] values() {
            int[] out = new int[size];
            int k = 0;
            switch (form) {
                case TABLE -> {
                    for (int v : slots) {
                        if (v != EMPTY) {
                            out[k++] = v;
                        }
                    }
                }
                case BITS -> {
                    for (int w = 0; w < bits.length; w++) {
                        long word = bits[w];
                        while (word != 0) {
                            out[k++] = (int) (base + 64L * w + Long.numberOfTrailingZeros(word));
                            word &= word - 1;
                        }
                    }
                }
                case SORTED -> System.arraycopy(slots, 0, out, 0, size);
                default -> throw new IllegalStateException("the values of a group that were let go");
            }
            return out;
        }

        /**
         * Between rounds, for a group that found nothing new in the last one: lets its values go
         * ({@code release}; returns how many), or, kept as a table, turns it into its sorted values (a
         * bitmap is already as small).
         */
        synchronized int settle(boolean release) {
            if (form == RELEASED) {
                return 0;
            }
            if (release) {
                slots = null;
                bits = null;
                form = RELEASED;
                return size + (hasEmpty ? 1 : 0);
            }
            if (form == TABLE) {
                int[] values = values();
                Arrays.sort(values);
                slots = values;
                form = SORTED;
            }
            return 0;
        }

        /** Appends the pairs (a, b) of this group as keys to out from at; returns the new end. */
        synchronized int keys(int a, long[] out, int at) {
            if (hasEmpty) {
                out[at++] = TupleKeys.pack(a, EMPTY);
            }
            for (int v : values()) {
                out[at++] = TupleKeys.pack(a, v);
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
        return g != null ? g : groups.computeIfAbsent(a, k -> new Group(this));
    }

    /**
     * Ends a round (no thread adding): the groups that grew in the round before it and not in it, for
     * {@link #settle} to share out among threads. Only groups that grew lately are looked at, so a long
     * fixpoint's rounds cost what they add, not the number of groups.
     */
    List<Group> endRound() {
        List<Group> quiet = new ArrayList<>();
        for (Group g : grewBefore) {
            if (g.grewIn != round) {
                quiet.add(g);
            }
        }
        grewBefore = new ArrayList<>(grown);
        grown.clear();
        round++;
        return quiet;
    }

    /**
     * Settles groups[from..to) ({@link Group#settle}, groups quiet for a round): kept sorted at their exact
     * size or, with {@code release}, let go. Returns the pairs let go.
     */
    static long settle(List<Group> groups, int from, int to, boolean release) {
        long n = 0;
        for (int i = from; i < to; i++) {
            n += groups.get(i).settle(release);
        }
        return n;
    }

    /** Counts pairs let go by {@link #settle}: {@link #keys} is no longer possible. */
    void released(long n) {
        released += n;
    }

    /** Every pair as a key ({@link TupleKeys#pack}), in no order; {@code size}: how many there are. */
    long[] keys(long size) {
        if (released > 0) {
            throw new IllegalStateException(released + " pairs were let go");
        }
        long[] out = new long[Math.toIntExact(size)];
        int at = 0;
        for (var e : groups.entrySet()) {
            at = e.getValue().keys(e.getKey(), out, at);
        }
        return out;
    }
}
