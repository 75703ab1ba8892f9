package io.leapfrog.exec.storage;

/**
 * A sorted, duplicate-free relation's columns re-sorted for another column order (a trie whose levels
 * are a permutation of the columns), by stable counting sorts instead of comparison sorts.
 *
 * <p>The rows are already in lexicographic order of columns 0..arity-1. Sorting them stably by column
 * {@code c} leaves the rows of each {@code c} value in that order, which on the other columns is their
 * lexicographic order in natural column order. So for a target order {@code p} whose tail
 * {@code p[j..]} is increasing, stable passes by {@code p[j-1]}, ..., {@code p[0]} (least significant
 * first) give exactly the lexicographic order of {@code p}: one pass for the reversed binary order
 * (1, 0). Permuting distinct rows cannot create duplicates, so nothing is de-duplicated.
 */
final class ColumnReorder {
    private ColumnReorder() {
    }

    /**
     * The columns in level order ({@code out[l]} holds column {@code order[l]}) sorted for {@code order},
     * or null when a column to sort by spans too many values for a counting sort (the caller then sorts).
     */
    static int[][] reorder(int[][] cols, int n, int[] order) {
        int passes = leadingPasses(order);
        int[] perm = null; // row of the input at each position; null: the identity
        for (int j = passes - 1; j >= 0; j--) {
            int[] col = cols[order[j]];
            ValueSpan span = ValueSpan.of(col, n);
            if (!span.denseFor(n)) {
                return null;
            }
            perm = countingSortPass(col, n, span, perm);
        }
        int[][] out = new int[order.length][];
        for (int l = 0; l < order.length; l++) {
            int[] src = cols[order[l]];
            int[] dst = new int[n];
            if (perm == null) {
                System.arraycopy(src, 0, dst, 0, n);
            } else {
                for (int i = 0; i < n; i++) {
                    dst[i] = src[perm[i]];
                }
            }
            out[l] = dst;
        }
        return out;
    }

    /** The number of leading entries of {@code order} to sort by: all but its longest increasing tail. */
    static int leadingPasses(int[] order) {
        int j = order.length - 1;
        while (j > 0 && order[j - 1] < order[j]) {
            j--;
        }
        return Math.max(0, j);
    }

    /** The rows of {@code perm} (null: 0..n-1) stably sorted by their value in {@code col}. */
    private static int[] countingSortPass(int[] col, int n, ValueSpan span, int[] perm) {
        int min = span.min();
        int[] start = new int[(int) span.width() + 1];
        for (int i = 0; i < n; i++) {
            start[col[i] - min + 1]++;
        }
        int sum = 0; // kept in a register: start[k - 1] read back would chain each step to the last store
        for (int k = 1; k < start.length; k++) {
            sum += start[k];
            start[k] = sum;
        }
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            int row = perm == null ? i : perm[i];
            out[start[col[row] - min]++] = row;
        }
        return out;
    }
}
