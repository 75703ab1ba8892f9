package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.storage.Trie;

/**
 * Which tries get a rank table on the device: a first trie level of many values that are dense in their
 * range (node ids, mostly). The table maps every value v of the range to the index of the first value
 * >= v, so the joins seek in that level in one read instead of a bisection over millions of values
 * ({@code LfPart.rank} in plan.cuh). It costs 4 bytes per value of the range, at most
 * {@link #MAX_SPAN_PER_VALUE} times the level's own size.
 */
final class RankTables {
    /** Smaller first levels are searched fast enough (and stay in cache). */
    static final int MIN_VALUES = 4096;
    static final int MAX_SPAN_PER_VALUE = 4;

    private RankTables() {
    }

    /** Entries of the rank table of a first trie level (its largest value - smallest + 1), or 0 for none. */
    static int span(int[] level0) {
        int n = level0.length;
        if (n < MIN_VALUES) {
            return 0;
        }
        long span = (long) level0[n - 1] - level0[0] + 1;
        return span <= (long) MAX_SPAN_PER_VALUE * n ? (int) span : 0;
    }

    /** Device bytes of a trie's rank table (0 when it has none). */
    static long bytes(Trie t) {
        return t.arity == 0 ? 0 : 4L * span(t.values[0]);
    }
}
