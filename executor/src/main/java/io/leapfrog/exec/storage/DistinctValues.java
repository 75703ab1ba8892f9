package io.leapfrog.exec.storage;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;

/**
 * The exact number of distinct values in an unsorted int column, for the planner's statistics. Graph
 * and symbol columns hold small dense ids, so a bitmap over the column's value span counts them in
 * two linear passes; only a column whose span is far wider than its length is sorted (a copy). The
 * passes over a large column run in row chunks ({@link RowChunks}); the engine asks for these counts
 * of every loaded relation in every run, and on rmat-20 they took as long as the GPU's join.
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

    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);

    private static long countWithBitmap(int[] col, int n, int min, long width) {
        long[] bits = new long[(int) ((width + 63) >>> 6)];
        RowChunks rows = new RowChunks(n, RowChunks.forRows(n));
        if (rows.count() == 1) {
            for (int i = 0; i < n; i++) {
                long k = (long) col[i] - min;
                bits[(int) (k >>> 6)] |= 1L << k; // the shift uses the low six bits of k
            }
        } else {
            rows.forEach(c -> {
                for (int i = rows.from(c); i < rows.to(c); i++) {
                    long k = (long) col[i] - min;
                    int w = (int) (k >>> 6);
                    long bit = 1L << k;
                    // most values repeat (a node's edges), so most bits are set already: read before the atomic OR
                    if (((long) WORDS.getOpaque(bits, w) & bit) == 0) {
                        WORDS.getAndBitwiseOr(bits, w, bit);
                    }
                }
            });
        }
        long d = 0;
        for (long w : bits) {
            d += Long.bitCount(w);
        }
        return d;
    }

    private static long countBySorting(int[] col, int n) {
        int[] copy = Arrays.copyOf(col, n);
        if (n >= (1 << 16)) {
            Arrays.parallelSort(copy);
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
