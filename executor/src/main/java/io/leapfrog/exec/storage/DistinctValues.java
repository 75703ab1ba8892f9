package io.leapfrog.exec.storage;

import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;

/**
 * The exact number of distinct values in an unsorted int column, for the planner's statistics. Graph
 * and symbol columns hold small dense ids, so a bitmap over the column's value span counts them in
 * two linear passes; only a column whose span is far wider than its length is sorted (a copy). The
 * passes over a large column run in row chunks ({@link RowChunks}); the engine asks for these counts
 * of every loaded relation in every run, and on rmat-20 one thread's passes take as long as the GPU's join.
 */
final class DistinctValues {
    /** Bitmap words allowed per row: at most one long per row, like the copy a sort would make. */
    private static final long BITS_PER_ROW = 64;

    private DistinctValues() {
    }

    static long count(int[] col, int n) {
        if (n == 0) {
            return 0;
        }
        ValueSpan span = ValueSpan.of(col, n);
        return span.denseFor(n, BITS_PER_ROW) ? countWithBitmap(col, n, span.min(), span.width()) : countBySorting(col, n);
    }

    private static long countWithBitmap(int[] col, int n, int min, long width) {
        int words = (int) ((width + 63) >>> 6);
        RowChunks rows = new RowChunks(n, RowChunks.forRows(n));
        long[] bits;
        if (rows.count() == 1 || (long) rows.count() * words > n / 2) {
            // one thread; also when a bitmap per chunk would take more memory than half the column
            bits = new long[words];
            setBits(col, 0, n, min, bits);
        } else {
            // a bitmap per chunk (no shared writes), then OR-ed together word range by word range
            long[][] chunkBits = new long[rows.count()][];
            rows.forEach(c -> {
                chunkBits[c] = new long[words];
                setBits(col, rows.from(c), rows.to(c), min, chunkBits[c]);
            });
            long[] merged = chunkBits[0];
            RowChunks wordRanges = new RowChunks(words, rows.count());
            wordRanges.forEach(c -> {
                for (int b = 1; b < chunkBits.length; b++) {
                    long[] other = chunkBits[b];
                    for (int w = wordRanges.from(c); w < wordRanges.to(c); w++) {
                        merged[w] |= other[w];
                    }
                }
            });
            bits = merged;
        }
        long d = 0;
        for (long w : bits) {
            d += Long.bitCount(w);
        }
        return d;
    }

    private static void setBits(int[] col, int from, int to, int min, long[] bits) {
        for (int i = from; i < to; i++) {
            long k = (long) col[i] - min;
            bits[(int) (k >>> 6)] |= 1L << k; // the shift uses the low six bits of k
        }
    }

    private static long countBySorting(int[] col, int n) {
        int[] copy = Arrays.copyOf(col, n);
        if (n >= (1 << 16)) {
            StorageThreads.sort(copy);
        } else {
            Arrays.sort(copy);
        }
        return countRuns(copy, n);
    }

    /** Distinct values of a sorted column: its runs of equal values. */
    static long countRuns(int[] sorted, int n) {
        RowChunks rows = new RowChunks(n, RowChunks.forRows(n));
        if (rows.count() == 1) {
            return countRuns(sorted, 0, n);
        }
        LongAdder runs = new LongAdder();
        rows.forEach(c -> runs.add(countRuns(sorted, rows.from(c), rows.to(c))));
        return runs.sum();
    }

    /** The runs starting in rows from .. to-1 (a row starts a run when it differs from the one before). */
    private static long countRuns(int[] sorted, int from, int to) {
        long d = 0;
        for (int i = from; i < to; i++) {
            if (i == 0 || sorted[i] != sorted[i - 1]) {
                d++;
            }
        }
        return d;
    }
}
