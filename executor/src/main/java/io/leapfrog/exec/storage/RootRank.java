package io.leapfrog.exec.storage;

/**
 * The position of each value in a trie's first level, as a dense table over the level's value range.
 * A join level that must check that a candidate is among a trie's first-level values (and learn its
 * position there, to descend later) then reads one table entry instead of galloping through the
 * level: the root lists of graph relations hold nearly every node id, so the gallop is the join's
 * most frequent step while the table is at most a few times the level's own size.
 */
public final class RootRank {
    /** The table is built only when it has at most this many entries per first-level value. */
    private static final long SLOTS_PER_VALUE = 16;
    private static final long MAX_ENTRIES = 1L << 27;

    private final int base;
    private final int[] position;

    private RootRank(int base, int[] position) {
        this.base = base;
        this.position = position;
    }

    /** The table for sorted distinct {@code values}, or null when their range is too sparse for one. */
    static RootRank of(int[] values) {
        int n = values.length;
        if (n == 0) {
            return null;
        }
        ValueSpan span = new ValueSpan(values[0], values[n - 1]); // sorted: the ends are the extremes
        if (!span.denseFor(n, SLOTS_PER_VALUE) || span.width() > MAX_ENTRIES) {
            return null;
        }
        int base = values[0];
        int[] position = new int[(int) span.width()];
        java.util.Arrays.fill(position, -1);
        for (int i = 0; i < n; i++) {
            position[values[i] - base] = i;
        }
        return new RootRank(base, position);
    }

    /** The index of v among the first-level values, or -1 when it is not one. */
    public int positionOf(int v) {
        long i = (long) v - base;
        return i >= 0 && i < position.length ? position[(int) i] : -1;
    }
}
