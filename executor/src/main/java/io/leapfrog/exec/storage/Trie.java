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
     * the columns are not modified. Each level is one pass over the rows of its parents' nodes; the
     * last level needs none: distinct rows make every row a leaf of its own, so it is the column itself.
     */
    public static Trie fromSortedColumns(int[][] cols, int n) {
        int arity = cols.length;
        if (arity == 0) {
            return new Trie(0, new int[0][], new int[0][], Math.min(n, 1));
        }
        int[][] values = new int[arity][];
        int[][] offsets = new int[arity - 1][];
        // rowStart[j]: the first row of node j of the level built last (rowStart[nodes] = n); a level
        // with no parent level is one node holding every row.
        int[] rowStart = {0, n};
        int nodes = 1;
        int[] buf = new int[n];
        for (int l = 0; l < arity; l++) {
            int[] col = cols[l];
            if (l == arity - 1) {
                values[l] = Arrays.copyOf(col, n);
                if (l > 0) {
                    offsets[l - 1] = Arrays.copyOf(rowStart, nodes + 1);
                }
                break;
            }
            int[] off = new int[nodes + 1];
            int[] childStart = new int[n + 1];
            int count = 0;
            for (int j = 0; j < nodes; j++) {
                off[j] = count;
                int first = rowStart[j];
                int end = rowStart[j + 1];
                for (int i = first; i < end; i++) {
                    int v = col[i];
                    buf[count] = v;          // written always, kept only when the value starts a child:
                    childStart[count] = i;   // no data-dependent branch in the loop
                    count += i == first || v != col[i - 1] ? 1 : 0;
                }
            }
            off[nodes] = count;
            childStart[count] = n;
            values[l] = Arrays.copyOf(buf, count);
            if (l > 0) {
                offsets[l - 1] = off;
            }
            rowStart = childStart;
            nodes = count;
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
