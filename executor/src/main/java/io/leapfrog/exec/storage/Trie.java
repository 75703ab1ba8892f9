package io.leapfrog.exec.storage;

import java.util.Arrays;

/**
 * A relation laid out as a trie array (CSR-like), in a given column order: level {@code l} holds the
 * values of column {@code order[l]}; {@code values[0]} is the sorted distinct first-level values;
 * the children of node {@code j} at level {@code l} are {@code values[l+1][offsets[l][j] .. offsets[l][j+1])},
 * sorted and distinct. Plain int arrays so a column can be copied to a GPU in one transfer.
 *
 * CONTRACT: public final int arity; public final int[][] values; public final int[][] offsets (length arity-1).
 * Each {@code offsets[l]} has {@code values[l].length + 1} entries (the last one is the end sentinel).
 * The last level has one entry per tuple, so {@link #size()} is {@code values[arity-1].length}.
 */
public final class Trie {
    public final int arity;
    public final int[][] values;
    public final int[][] offsets;
    private final int size;

    private Trie(int arity, int[][] values, int[][] offsets, int size) {
        this.arity = arity;
        this.values = values;
        this.offsets = offsets;
        this.size = size;
    }

    /** Number of tuples. */
    public int size() {
        return size;
    }

    /**
     * Builds the trie of tuples given as lexicographically sorted, distinct columns (level order);
     * the columns are not modified.
     */
    public static Trie fromSortedColumns(int[][] cols, int n) {
        int arity = cols.length;
        if (arity == 0) {
            return new Trie(0, new int[0][], new int[0][], Math.min(n, 1));
        }
        int[][] values = new int[arity][];
        int[][] offsets = new int[arity - 1][];
        // startsNode[i]: row i starts a new node at the level being built (its prefix differs from row i-1).
        boolean[] startsNode = new boolean[n];
        int[] buf = new int[n];
        int[] offBuf = new int[n + 1];
        for (int l = 0; l < arity; l++) {
            int[] col = cols[l];
            int count = 0;
            int parents = 0;
            for (int i = 0; i < n; i++) {
                boolean parentStart = i == 0 || startsNode[i];
                boolean start = parentStart || col[i] != col[i - 1];
                if (l > 0 && parentStart) {
                    offBuf[parents++] = count;
                }
                if (start) {
                    buf[count++] = col[i];
                }
                startsNode[i] = start;
            }
            values[l] = Arrays.copyOf(buf, count);
            if (l > 0) {
                offBuf[parents] = count;
                offsets[l - 1] = Arrays.copyOf(offBuf, parents + 1);
            }
        }
        return new Trie(arity, values, offsets, n);
    }

    /** Every tuple in trie order (tests and debugging). */
    public int[][] tuples() {
        int[][] out = new int[size][arity];
        if (arity == 0) {
            return out;
        }
        int[] idx = new int[arity];
        collect(0, 0, values[0].length, idx, out, new int[]{0});
        return out;
    }

    private void collect(int level, int from, int to, int[] prefix, int[][] out, int[] next) {
        for (int j = from; j < to; j++) {
            prefix[level] = values[level][j];
            if (level == arity - 1) {
                out[next[0]++] = prefix.clone();
            } else {
                collect(level + 1, offsets[level][j], offsets[level][j + 1], prefix, out, next);
            }
        }
    }
}
