package io.leapfrog.exec.mining;

import java.util.List;

/**
 * The cliques of exactly k vertices of a graph, counted or listed, by kClist's scheme (Danisch, Balalau and
 * Sozio, WWW 2018): each clique is reached once, from its earliest vertex in degeneracy order, by choosing
 * its remaining vertices among that vertex's later neighbours, each within the later neighbours of the
 * ones chosen before. A root's later neighbours (at most the degeneracy of them) form a bit matrix, so each
 * step intersects a few words, and counting adds up the last two levels by popcounts instead of visiting
 * them. A root of core number below k - 1 is skipped, being in no k-clique; the roots kept need no such
 * test of their later neighbours, whose core numbers are at least their own. From {@link #PIVOTING_FROM_K} on,
 * a count pivots instead ({@link PivotCount}): far fewer nodes than cliques once k is large.
 */
public final class KCliques {
    /**
     * From this k on, {@link #count(Graph, int, int)} counts by pivoting; below it, by listing (measured:
     * bench/results/cpu-kclique-searches.csv).
     */
    public static final int PIVOTING_FROM_K = 5;

    private KCliques() {
    }

    /**
     * The number of cliques of {@code k} vertices ({@code k >= 1}): the vertices for k = 1, the edges for
     * k = 2. A graph keeps only vertices with an edge (see {@link Graph}), so a relation without one has none.
     * Runs on up to {@code threads} threads; the count is the same for any number.
     *
     * @throws io.leapfrog.common.LeapfrogException when the calling thread is interrupted
     */
    public static long count(Graph g, int k, int threads) {
        return count(g, k, threads, searchFor(k));
    }

    /** The search {@link #count(Graph, int, int)} uses for cliques of {@code k} vertices. */
    public static KCliqueSearch searchFor(int k) {
        return k >= PIVOTING_FROM_K ? KCliqueSearch.PIVOTING : KCliqueSearch.LISTING;
    }

    /**
     * As {@link #count(Graph, int, int)}, by the given search (k = 1 and 2 are read off the graph either way).
     *
     * @throws io.leapfrog.common.LeapfrogException when the calling thread is interrupted, or the count passes
     *                                             {@code 2^63 - 1}
     */
    public static long count(Graph g, int k, int threads, KCliqueSearch search) {
        requirePositive(k);
        InterruptCheck.atEntry();
        if (k == 1) {
            return g.size();
        }
        if (k == 2) {
            return g.edges();
        }
        Degeneracy d = g.degeneracy();
        if (k - 1 > d.degeneracy()) {
            return 0;
        }
        OrientedGraph dag = g.oriented();
        if (search == KCliqueSearch.PIVOTING) {
            return PivotCount.count(dag, k, threads);
        }
        long total = 0;
        for (Counter c : ParallelRoots.run(dag.size(), threads, check -> new Counter(dag, k, check))) {
            total = Binomials.sum(total, c.count);
        }
        return total;
    }

    /**
     * The cliques of {@code k} vertices ({@code k >= 1}) as vertex sets; ids as {@link VertexSets} gives
     * them, the same for any number of threads.
     *
     * @throws io.leapfrog.common.LeapfrogException when the calling thread is interrupted
     */
    public static VertexSets list(Graph g, int k, int threads) {
        requirePositive(k);
        InterruptCheck.atEntry();
        VertexSets out = new VertexSets();
        if (k <= 2) {
            listSmall(g, k, out);
            return out;
        }
        Degeneracy d = g.degeneracy();
        if (k - 1 > d.degeneracy()) {
            return out;
        }
        OrientedGraph dag = g.oriented();
        List<Lister> workers = ParallelRoots.run(dag.size(), threads, check -> new Lister(dag, k, check));
        for (Lister l : workers) {
            out.addAll(l.found);
        }
        return out;
    }

    private static void requirePositive(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("a clique has at least one vertex, not " + k);
        }
    }

    /** Vertices (k = 1) or edges (k = 2), read off the graph directly. */
    private static void listSmall(Graph g, int k, VertexSets out) {
        InterruptCheck check = InterruptCheck.single();
        int[] set = new int[2];
        int[] adj = g.adjacency();
        for (int v = 0; v < g.size(); v++) {
            check.tick();
            set[0] = v;
            if (k == 1) {
                out.add(set, 1);
                continue;
            }
            for (int j = g.start(v), e = g.start(v + 1); j < e; j++) {
                if (adj[j] > v) {
                    set[1] = adj[j];
                    out.add(set, 2);
                }
            }
        }
    }

    /**
     * What counting and listing share: the root's neighbourhood as an oriented bit matrix (row i holds only
     * members after i), and a candidate set per depth in one array.
     */
    private abstract static class Search implements ParallelRoots.Worker {
        final OrientedGraph dag;
        final int k;
        final InterruptCheck check;
        final BitGraph hood = new BitGraph();
        /** Depth t's candidates at {@code t * words}. */
        long[] candidates = new long[0];
        int words;
        /** Word range {@code [nextLo, nextHi)} outside which the set {@link #narrow} made last is zero. */
        int nextLo;
        int nextHi;

        Search(OrientedGraph dag, int k, InterruptCheck check) {
            this.dag = dag;
            this.k = k;
            this.check = check;
        }

        @Override
        public void visit(int root) {
            if (dag.core(root) < k - 1 || dag.outDegree(root) < k - 1) {
                return;
            }
            hood.buildOriented(dag, root);
            int p = hood.size();
            words = hood.words();
            candidates = Bits.atLeast(candidates, k * words);
            Bits.setFirst(candidates, 0, p);
            search(root, p);
        }

        /** Searches the root's neighbourhood, whose {@code p} members are depth 0's candidates. */
        abstract void search(int root, int p);

        /**
         * Writes to the next depth the candidates at {@code base} that follow member i and are adjacent to it
         * (words below {@code x}, i's word, hold none), and returns how many.
         */
        final int narrow(int base, int i, int x, int hi) {
            long[] c = candidates;
            long[] rows = hood.rows();
            int w = words;
            int row = i * w;
            int next = base + w;
            int lo = -1;
            int end = 0;
            int n = 0;
            for (int y = x; y < hi; y++) {
                long v = rows[row + y] & c[base + y];
                c[next + y] = v;
                if (v != 0) {
                    if (lo < 0) {
                        lo = y;
                    }
                    end = y + 1;
                    n += Long.bitCount(v);
                }
            }
            nextLo = lo;
            nextHi = end;
            return n;
        }
    }

    /** Counts the k-cliques through its roots. */
    private static final class Counter extends Search {
        long count;

        Counter(OrientedGraph dag, int k, InterruptCheck check) {
            super(dag, k, check);
        }

        @Override
        void search(int root, int p) {
            count += count(0, k - 1, 0, words, p);
        }

        /**
         * Cliques of {@code remaining} vertices among depth {@code depth}'s {@code size} candidates, whose
         * words outside {@code [lo, hi)} are zero.
         */
        private long count(int depth, int remaining, int lo, int hi, int size) {
            check.tick();
            if (remaining == 1) {
                return size;
            }
            long[] c = candidates;
            long[] rows = hood.rows();
            int w = words;
            int base = depth * w;
            long total = 0;
            if (remaining == 2) {
                // Edges among the candidates: each candidate's later neighbours among them.
                for (int x = lo; x < hi; x++) {
                    long bits = c[base + x];
                    while (bits != 0) {
                        int i = (x << 6) | Long.numberOfTrailingZeros(bits);
                        bits &= bits - 1;
                        int row = i * w;
                        for (int y = x; y < hi; y++) {
                            total += Long.bitCount(rows[row + y] & c[base + y]);
                        }
                    }
                }
                return total;
            }
            int taken = 0;
            for (int x = lo; x < hi; x++) {
                long bits = c[base + x];
                while (bits != 0) {
                    if (size - taken < remaining) {
                        return total;
                    }
                    taken++;
                    int i = (x << 6) | Long.numberOfTrailingZeros(bits);
                    bits &= bits - 1;
                    int n = narrow(base, i, x, hi);
                    if (n >= remaining - 1) {
                        total += count(depth + 1, remaining - 1, nextLo, nextHi, n);
                    }
                }
            }
            return total;
        }
    }

    /** Collects the k-cliques through its roots. */
    private static final class Lister extends Search {
        final VertexSets found = new VertexSets();
        /** The clique being built, as vertex numbers: the root, then a vertex a depth. */
        final int[] clique;

        Lister(OrientedGraph dag, int k, InterruptCheck check) {
            super(dag, k, check);
            clique = new int[k];
        }

        @Override
        void search(int root, int p) {
            clique[0] = dag.vertex(root);
            list(0, k - 1, 0, words, p);
        }

        private void list(int depth, int remaining, int lo, int hi, int size) {
            check.tick();
            long[] c = candidates;
            int base = depth * words;
            if (remaining == 1) {
                for (int x = lo; x < hi; x++) {
                    long bits = c[base + x];
                    while (bits != 0) {
                        int i = (x << 6) | Long.numberOfTrailingZeros(bits);
                        bits &= bits - 1;
                        clique[depth + 1] = dag.vertex(hood.member(i));
                        found.add(clique, k);
                    }
                }
                return;
            }
            int taken = 0;
            for (int x = lo; x < hi; x++) {
                long bits = c[base + x];
                while (bits != 0) {
                    if (size - taken < remaining) {
                        return;
                    }
                    taken++;
                    int i = (x << 6) | Long.numberOfTrailingZeros(bits);
                    bits &= bits - 1;
                    int n = narrow(base, i, x, hi);
                    if (n >= remaining - 1) {
                        clique[depth + 1] = dag.vertex(hood.member(i));
                        list(depth + 1, remaining - 1, nextLo, nextHi, n);
                    }
                }
            }
        }
    }
}
