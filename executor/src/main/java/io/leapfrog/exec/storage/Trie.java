package io.leapfrog.exec.storage;

import java.util.Arrays;

/**
 * A relation laid out as a trie array (CSR-like), in a given column order: level {@code l} holds the
 * values of column {@code order[l]}; {@code values[0]} is the sorted distinct first-level values;
 * the children of node {@code j} at level {@code l} are {@code values[l+1][offsets[l][j] .. offsets[l][j+1])},
 * sorted and distinct. Plain int arrays so a column can be copied to a GPU in one transfer.
 *
 * <p>{@link #values} has one array per level and {@link #offsets} one per level but the last
 * ({@code arity - 1} arrays); each {@code offsets[l]} has {@code values[l].length + 1} entries (the last one
 * is the end sentinel).
 * The last level has one entry per tuple, so {@link #size()} is {@code values[arity-1].length}.
 */
public final class Trie {
    public final int arity;
    public final int[][] values;
    public final int[][] offsets;
    private final int size;
    /** The first level's {@link RootRank}, built on first use; NO_RANK when the level is too sparse. */
    private volatile Object rootRank;
    private static final Object NO_RANK = new Object();
    /** {@link #levelOrder()}, computed on first use (0 unknown, else the Order's ordinal + 1). */
    private volatile int levelOrder;

    /** How a binary trie's second level compares with its first in every tuple. */
    public enum LevelOrder {
        /** first &lt; second in every tuple (a graph's edges oriented from lower to higher id) */
        INCREASING,
        /** first &gt; second in every tuple */
        DECREASING,
        /** neither, or not a binary trie, or empty */
        NONE
    }

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
     * the columns are not modified. The last level needs no pass of its own: distinct rows make every
     * row a leaf, so it is the column itself. A large relation is built in row chunks on the storage
     * threads ({@link StorageThreads}, {@link #inChunks}: on a graph of millions of edges one pass on one
     * thread is a large part of an engine count on the GPU), a small one in one pass per level on the
     * calling thread ({@link #inOnePass}, twice as fast as one chunk of the chunked build).
     */
    public static Trie fromSortedColumns(int[][] cols, int n) {
        return fromSortedColumns(cols, n, RowChunks.forRows(n));
    }

    /** {@link #fromSortedColumns(int[][], int)} in {@code chunks} row chunks (tests compare chunkings). */
    static Trie fromSortedColumns(int[][] cols, int n, int chunks) {
        if (cols.length == 0) {
            return new Trie(0, new int[0][], new int[0][], Math.min(n, 1));
        }
        return chunks <= 1 ? inOnePass(cols, n) : inChunks(cols, n, chunks);
    }

    /**
     * Row i starts a node at every level from the first column where it differs from row i - 1 (row 0
     * at every level), so the trie is two passes over the rows, each split into chunks: one counts each
     * level's node starts per chunk, one writes the values and offsets from the chunks' prefix counts.
     */
    private static Trie inChunks(int[][] cols, int n, int chunks) {
        int arity = cols.length;
        RowChunks rows = new RowChunks(n, chunks);
        int inner = arity - 1;                               // levels with children: 0 .. arity-2
        // starts[c][l]: rows of chunk c that start a node of level l; then, by prefix sums, the nodes of
        // level l before chunk c
        int[][] starts = new int[rows.count()][inner];
        rows.forEach(c -> {
            for (int i = rows.from(c); i < rows.to(c); i++) {
                for (int l = firstDifference(cols, i, inner); l < inner; l++) {
                    starts[c][l]++;
                }
            }
        });
        int[] nodes = new int[inner];
        for (int[] chunk : starts) {
            for (int l = 0; l < inner; l++) {
                int before = nodes[l];
                nodes[l] += chunk[l];
                chunk[l] = before;
            }
        }
        int[][] values = new int[arity][];
        int[][] offsets = new int[inner][];
        for (int l = 0; l < inner; l++) {
            values[l] = new int[nodes[l]];
            offsets[l] = new int[nodes[l] + 1];
            offsets[l][nodes[l]] = l + 1 < inner ? nodes[l + 1] : n;
        }
        values[inner] = Arrays.copyOf(cols[inner], n);
        rows.forEach(c -> {
            int[] next = starts[c].clone();
            for (int i = rows.from(c); i < rows.to(c); i++) {
                int d = firstDifference(cols, i, inner);
                for (int l = d; l < inner; l++) {
                    int node = next[l]++;
                    values[l][node] = cols[l][i];
                    // a new node of level l starts here, and so does its first child
                    offsets[l][node] = l + 1 < inner ? next[l + 1] : i;
                }
            }
        });
        return new Trie(arity, values, offsets, n);
    }

    /** Each level is one pass over the rows of its parents' nodes. */
    private static Trie inOnePass(int[][] cols, int n) {
        int arity = cols.length;
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

    /**
     * The first of columns 0 .. limit-1 where row i differs from row i - 1 (0 for row 0), or limit
     * when none does: row i starts a node at every level from there on.
     */
    private static int firstDifference(int[][] cols, int i, int limit) {
        if (i == 0) {
            return 0;
        }
        for (int l = 0; l < limit; l++) {
            if (cols[l][i] != cols[l][i - 1]) {
                return l;
            }
        }
        return limit;
    }

    /**
     * A dense position table of the first level's values, or null when they are too sparse for one.
     * Built once, on first use, and shared by every join over this trie.
     */
    public RootRank rootRank() {
        Object r = rootRank;
        if (r == null) {
            RootRank built = arity == 0 ? null : RootRank.of(values[0]);
            r = built == null ? NO_RANK : built;
            rootRank = r;
        }
        return r == NO_RANK ? null : (RootRank) r;
    }

    /**
     * Whether every tuple of a binary trie has its first value below (or above) its second: a join may
     * then bound the atom's second variable by its first. One pass over the first level (each child
     * list is sorted, so its first and last child decide), done once and kept.
     */
    public LevelOrder levelOrder() {
        int known = levelOrder;
        if (known == 0) {
            known = findLevelOrder().ordinal() + 1;
            levelOrder = known;
        }
        return LevelOrder.values()[known - 1];
    }

    private LevelOrder findLevelOrder() {
        if (arity != 2 || size == 0) {
            return LevelOrder.NONE;
        }
        int[] roots = values[0];
        int[] children = values[1];
        int[] off = offsets[0];
        boolean increasing = true;
        boolean decreasing = true;
        for (int j = 0; j < roots.length && (increasing || decreasing); j++) {
            increasing &= children[off[j]] > roots[j];
            decreasing &= children[off[j + 1] - 1] < roots[j];
        }
        return increasing ? LevelOrder.INCREASING : decreasing ? LevelOrder.DECREASING : LevelOrder.NONE;
    }

    /**
     * The trie of the binary relation given as sorted distinct rows {@code (a[i], b[i])}, in the
     * reversed order (b, a), built in one counting pass over b's values instead of a re-sort: the rows
     * of one b value arrive with ascending a, so scattering them into their b's slot keeps each child
     * list sorted, and distinct rows keep it duplicate-free. {@code bSpan} must be dense for n rows.
     */
    static Trie reversedPairs(int[] a, int[] b, int n, ValueSpan bSpan) {
        int min = bSpan.min();
        int[] slot = new int[(int) bSpan.width() + 1];
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            int k = b[i] - min + 1;
            int c = slot[k];
            distinct += c == 0 ? 1 : 0;
            slot[k] = c + 1;
        }
        int[] roots = new int[distinct];
        int[] offsets = new int[distinct + 1];
        int node = 0;
        // slot[v - min] becomes the first position of value v's children. Written without a branch
        // (about half the ids of a graph are absent, so one would mispredict often): every step writes
        // the next node's entries and only a present value keeps them. The writes stay in bounds because
        // the last slot holds the maximum, a present value, so a node is always still to come.
        // The running sum stays in a register: reading it back from slot[k - 1] would chain every step
        // to the previous one's store.
        int start = 0;
        for (int k = 1; k < slot.length; k++) {
            int c = slot[k];
            start += c;
            slot[k] = start;
            roots[node] = min + k - 1;
            offsets[node + 1] = start;
            node += c != 0 ? 1 : 0;
        }
        int[] children = new int[n];
        for (int i = 0; i < n; i++) {
            children[slot[b[i] - min]++] = a[i];
        }
        return new Trie(2, new int[][]{roots, children}, new int[][]{offsets}, n);
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
