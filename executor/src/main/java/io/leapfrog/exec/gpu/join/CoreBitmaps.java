package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.storage.Trie;

/**
 * Which trie levels get a core bitmap on the device ({@code LfPart.bits} in plan.cuh): for the last
 * nodes of the level above (the highest values of a graph's first column, where numbering by degree puts
 * its dense core), one bit per (node, value) over the span of their children's values. The level-wise
 * joins then answer "is v a child of p" for such a pair with one read instead of a binary search
 * (search.cuh, {@code lf_core_bit}); every other test is a binary search, so the answers are exact
 * whatever the relation. The rows are the largest power of two (from the policy's {@code minRows}) whose
 * bitmap fits its {@code bytesPerLevel}; a level of fewer than {@code minValues} values gets none (its
 * searches stay in cache), and a bitmap the device has no room for is left out.
 *
 * <p>The policy is {@code GpuOptions.coreBitmaps}: by default 256 MiB a level (on R-MAT scale 23 renumbered,
 * 32,768 rows that answer 77% of the triangle count's membership tests), levels of 2^22 values or more, at
 * least 1,024 rows; the tests force bitmaps onto small graphs with {@link GpuOptions.CoreBitmapPolicy#everyLevel}.
 */
final class CoreBitmaps {
    private CoreBitmaps() {
    }

    /** Rows [row0, row0 + rows) of the level above, columns [col0, col0 + 32 * words). */
    record Shape(int row0, int rows, int col0, int words) {
        long bytes() {
            return 4L * rows * words;
        }
    }

    /** A core bitmap on the device: its address and the shape it was built with. */
    record OnDevice(long address, Shape shape) {
    }

    /** The core bitmap of t's level (1 or deeper) under {@code policy}, or null when it gets none. */
    static Shape shape(Trie t, int level, GpuOptions.CoreBitmapPolicy policy) {
        if (policy.bytesPerLevel() == 0 || level == 0 || level >= t.arity || t.values[level].length < policy.minValues()) {
            return null;
        }
        int[] off = t.offsets[level - 1];
        int[] vals = t.values[level];
        int parents = off.length - 1;
        long budget = Math.min(policy.bytesPerLevel(), 15L << 30);   // under 2^32 words: the kernels index it in 32 bits
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        int covered = 0;   // the last `covered` parents are in min..max
        Shape best = null;
        for (long rows = Math.max(1, policy.minRows()); rows <= parents; rows *= 2) {
            for (; covered < rows; covered++) {
                int p = parents - 1 - covered;
                if (off[p] < off[p + 1]) {
                    min = Math.min(min, vals[off[p]]);        // children are sorted
                    max = Math.max(max, vals[off[p + 1] - 1]);
                }
            }
            if (min > max) {
                continue;
            }
            long words = (max - min + 32) / 32;
            if (4L * rows * words > budget) {
                break;
            }
            best = new Shape(parents - (int) rows, (int) rows, (int) min, (int) words);
        }
        return best;
    }

    /** Device bytes of a trie's core bitmaps under {@code policy}. */
    static long bytes(Trie t, GpuOptions.CoreBitmapPolicy policy) {
        long n = 0;
        for (int l = 1; l < t.arity; l++) {
            Shape s = shape(t, l, policy);
            n += s == null ? 0 : s.bytes();
        }
        return n;
    }
}
