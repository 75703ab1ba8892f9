package io.leapfrog.exec.storage;

import java.util.Arrays;

/**
 * Sorts tuples held column-wise into lexicographic (signed int) order and removes duplicates, with
 * primitive sorts only: unary columns sort directly, binary tuples are packed into one long each, wider
 * tuples are sorted by a stable LSD pass per column over (value, position) longs. Rows that arrive in
 * strictly increasing order (fact files and outputs are usually written sorted) are checked in one
 * pass and kept as they are.
 */
final class ColumnSorter {
    /** Below this many keys a sequential sort is cheaper than forking. */
    private static final int PARALLEL_THRESHOLD = 1 << 16;

    private ColumnSorter() {
    }

    /**
     * The distinct tuples of {@code cols[*][0..n)} in lexicographic order, as new trimmed columns.
     * May reorder the input arrays.
     */
    static int[][] sortDistinct(int[][] cols, int n) {
        int arity = cols.length;
        if (strictlyIncreasing(cols, n)) {
            return trimmed(cols, n); // written in order (sorted fact files, ordered outputs): nothing to sort
        }
        if (arity == 1) {
            return new int[][]{sortDistinctUnary(cols[0], n)};
        }
        if (arity == 2) {
            return sortDistinctBinary(cols[0], cols[1], n);
        }
        return sortDistinctWide(cols, n);
    }

    /** True when the rows are already in strictly increasing lexicographic order (so also distinct). */
    static boolean strictlyIncreasing(int[][] cols, int n) {
        for (int i = 1; i < n; i++) {
            int cmp = 0;
            for (int c = 0; c < cols.length && cmp == 0; c++) {
                cmp = Integer.compare(cols[c][i - 1], cols[c][i]);
            }
            if (cmp >= 0) {
                return false;
            }
        }
        return true;
    }

    private static int[][] trimmed(int[][] cols, int n) {
        int[][] out = new int[cols.length][];
        for (int c = 0; c < cols.length; c++) {
            out[c] = cols[c].length == n ? cols[c] : Arrays.copyOf(cols[c], n);
        }
        return out;
    }

    private static void sort(long[] a) {
        if (a.length >= PARALLEL_THRESHOLD) {
            StorageThreads.sort(a);
        } else {
            Arrays.sort(a);
        }
    }

    private static int[] sortDistinctUnary(int[] col, int n) {
        int[] a = col.length == n ? col : Arrays.copyOf(col, n);
        if (n >= PARALLEL_THRESHOLD) {
            StorageThreads.sort(a);
        } else {
            Arrays.sort(a);
        }
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (m == 0 || a[i] != a[m - 1]) {
                a[m++] = a[i];
            }
        }
        return m == a.length ? a : Arrays.copyOf(a, m);
    }

    /** Packs (a, b) so that signed long order is lexicographic signed (a, b) order. */
    static long pack(int a, int b) {
        return ((long) a << 32) | ((b ^ 0x80000000) & 0xffffffffL);
    }

    private static int[][] sortDistinctBinary(int[] c0, int[] c1, int n) {
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = pack(c0[i], c1[i]);
        }
        return sortDistinctPacked(keys, n);
    }

    /** The distinct pairs of {@code keys[0..n)} (packed by {@link #pack}) in order, as two columns; reorders {@code keys}. */
    static int[][] sortDistinctPacked(long[] keys, int n) {
        if (n < keys.length) {
            keys = Arrays.copyOf(keys, n);
        }
        sort(keys);
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (m == 0 || keys[i] != keys[m - 1]) {
                keys[m++] = keys[i];
            }
        }
        int[] a = new int[m];
        int[] b = new int[m];
        for (int i = 0; i < m; i++) {
            long k = keys[i];
            a[i] = (int) (k >> 32);
            b[i] = ((int) k) ^ 0x80000000;
        }
        return new int[][]{a, b};
    }

    private static int[][] sortDistinctWide(int[][] cols, int n) {
        int arity = cols.length;
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        long[] keys = new long[n];
        // Least significant column first; the position tie-break makes every pass stable.
        for (int c = arity - 1; c >= 0; c--) {
            int[] col = cols[c];
            for (int i = 0; i < n; i++) {
                keys[i] = ((long) col[perm[i]] << 32) | i;
            }
            sort(keys);
            int[] next = new int[n];
            for (int i = 0; i < n; i++) {
                next[i] = perm[(int) keys[i]];
            }
            perm = next;
        }
        int m = 0;
        int[] keep = new int[n];
        for (int i = 0; i < n; i++) {
            if (m == 0 || !sameRow(cols, perm[i], keep[m - 1])) {
                keep[m++] = perm[i];
            }
        }
        int[][] out = new int[arity][m];
        for (int c = 0; c < arity; c++) {
            int[] src = cols[c];
            int[] dst = out[c];
            for (int i = 0; i < m; i++) {
                dst[i] = src[keep[i]];
            }
        }
        return out;
    }

    private static boolean sameRow(int[][] cols, int r1, int r2) {
        for (int[] col : cols) {
            if (col[r1] != col[r2]) {
                return false;
            }
        }
        return true;
    }
}
