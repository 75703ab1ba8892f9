package io.leapfrog.exec.mining;

import java.util.Arrays;

/**
 * The subgraph induced by one root's out-neighbours in an {@link OrientedGraph}, as a bit matrix over
 * member numbers 0..size-1: the set a clique search through that root works in.
 * Its size is at most the degeneracy, so its rows are short and intersecting candidate sets costs a few
 * word operations. One per search thread, rebuilt for each root in the same arrays (one of them an int
 * for each vertex of the graph).
 */
final class LaterNeighbourhood {
    private int size;
    private int words;
    private int[] members = new int[0];
    private long[] rows = new long[0];
    /**
     * Rank to member number plus one for the members, zero elsewhere: a vertex's out-neighbours are then
     * found among the members by one look-up each, with no merge.
     */
    private int[] localOf = new int[0];

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
        int to = dag.start(root + 1);
        clearMarks();
        members = Bits.atLeast(members, to - from);
        if (localOf.length < dag.size()) {
            localOf = new int[dag.size()];
        }
        int p = to - from;
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
        size = p;
        words = Bits.words(p);
        if ((long) p * words > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("a neighbourhood of " + p + " vertices is too large for a bit matrix");
        }
        rows = Bits.atLeast(rows, p * words);
        Arrays.fill(rows, 0, p * words, 0L);
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

    /** Unmarks the last build's members, so only the current ones are marked. */
    private void clearMarks() {
        for (int i = 0; i < size; i++) {
            localOf[members[i]] = 0;
        }
    }

    /** Members. */
    int size() {
        return size;
    }

    /** Words of a row. */
    int words() {
        return words;
    }

    /** The rows, member i's at {@code i * words()}. Valid until the next build. */
    long[] rows() {
        return rows;
    }

    /** The rank of member i. */
    int member(int i) {
        return members[i];
    }

    /** The member number of rank r, or -1 when r is not a member (of the last build). */
    int memberOf(int r) {
        return localOf[r] - 1;
    }
}
