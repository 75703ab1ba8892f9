package io.leapfrog.exec.mining;

import java.util.Arrays;

/**
 * A small induced subgraph as an adjacency matrix of bit rows: members 0..size-1, each standing for a
 * vertex (or a rank of an {@link OrientedGraph}) of the whole graph, so a search inside it intersects sets
 * a few words at a time. One instance per search thread is refilled for root after root, so its arrays
 * only grow: by a caller that adds members and edges ({@link #reset}, {@link #setMember}, {@link #connect}),
 * or from one root's out-neighbours in an oriented graph ({@link #buildOriented}, {@link #buildUndirected}),
 * the set a clique search through that root works in, at most the degeneracy in size.
 */
final class BitGraph {
    private int size;
    private int words;
    private long[] rows = new long[0];
    private int[] members = new int[0];
    /**
     * Rank to member number plus one for the members of the last build from an oriented graph, zero
     * elsewhere: a vertex's out-neighbours are then found among the members by one look-up each, with no
     * merge. Allocated by the first such build (an int for each vertex of the graph).
     */
    private int[] localOf = new int[0];
    /** The members the last build from an oriented graph marked in {@link #localOf}. */
    private int marked;

    /** Empties the graph and makes room for {@code size} members with no edges. */
    void reset(int size) {
        for (int i = 0; i < marked; i++) {
            localOf[members[i]] = 0;
        }
        marked = 0;
        long cells = (long) size * Bits.words(size);
        if (cells > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("a neighbourhood of " + size + " vertices is too large for a bit matrix");
        }
        this.size = size;
        this.words = Bits.words(size);
        if (rows.length < cells) {
            rows = new long[(int) Math.max(cells, Math.min(Integer.MAX_VALUE - 8, 2L * rows.length))];
        } else {
            Arrays.fill(rows, 0, (int) cells, 0L);
        }
        if (members.length < size) {
            members = new int[Math.max(size, 2 * members.length)];
        }
    }

    /**
     * Builds the neighbourhood of rank {@code root} for listing cliques in order: its out-neighbours,
     * numbered in increasing rank, row i holding the later members adjacent to member i.
     */
    void buildOriented(OrientedGraph dag, int root) {
        build(dag, root, false);
    }

    /**
     * Builds the neighbourhood of rank {@code root} as an undirected graph: its out-neighbours, numbered in
     * decreasing rank (so a greedy colouring that takes low numbers first colours the vertices of highest
     * core first, as MCQ's order does), row i holding all members adjacent to member i.
     */
    void buildUndirected(OrientedGraph dag, int root) {
        build(dag, root, true);
    }

    private void build(OrientedGraph dag, int root, boolean undirected) {
        int[] targets = dag.targets();
        int from = dag.start(root);
        int p = dag.start(root + 1) - from;
        reset(p);
        if (localOf.length < dag.size()) {
            localOf = new int[dag.size()];
        }
        System.arraycopy(targets, from, members, 0, p);
        if (undirected) {
            for (int i = 0, k = p - 1; i < k; i++, k--) {
                int t = members[i];
                members[i] = members[k];
                members[k] = t;
            }
        }
        for (int i = 0; i < p; i++) {
            localOf[members[i]] = i + 1;
        }
        marked = p;
        int w = words;
        for (int i = 0; i < p; i++) {
            int u = members[i];
            int row = i * w;
            for (int j = dag.start(u), e = dag.start(u + 1); j < e; j++) {
                int l = localOf[targets[j]] - 1;
                if (l >= 0) {
                    rows[row + (l >>> 6)] |= 1L << l;
                    if (undirected) {
                        rows[l * w + (i >>> 6)] |= 1L << i;
                    }
                }
            }
        }
    }

    /** Members. */
    int size() {
        return size;
    }

    /** Longs per row. */
    int words() {
        return words;
    }

    /** The rows, member i's at {@code i * words()}. Shared, not copied; valid until the next fill. */
    long[] rows() {
        return rows;
    }

    /** The vertex (for a build from an oriented graph, the rank) member {@code i} stands for. */
    int member(int i) {
        return members[i];
    }

    void setMember(int i, int vertex) {
        members[i] = vertex;
    }

    /** The member number of rank r after a build from an oriented graph, or -1 when r is not a member. */
    int memberOf(int r) {
        return localOf[r] - 1;
    }

    /** Records the edge between members i and j in i's row (the caller adds j's side). */
    void connect(int i, int j) {
        rows[i * words + (j >>> 6)] |= 1L << j;
    }

    boolean adjacent(int i, int j) {
        return (rows[i * words + (j >>> 6)] & (1L << j)) != 0;
    }
}
