package io.leapfrog.exec.mining;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The maximum cliques of a graph: every clique of the largest size ω, or ω alone. In the manner of PMC
 * (Rossi et al.) and MCS (Tomita et al.): a greedy clique gives a lower bound first; then each vertex, in
 * reverse degeneracy order, is the earliest vertex of the cliques searched from it, among its later
 * neighbours, by branch and bound with a greedy colouring of the candidates as the upper bound (a clique
 * has at most one vertex of each colour), in bitsets as San Segundo's BBMC keeps them. A vertex whose core
 * number plus one is below the best size found is in no maximum clique, and is skipped as a root (its later
 * neighbours, the candidates of the roots kept, have core numbers at least their root's). The best size is
 * shared by the threads, so a clique one finds prunes the others' searches.
 *
 * <p>Listing or counting all maximum cliques first finds ω (a search that prunes ties), then searches again
 * from ω, pruning only a branch whose bound is below it (a branch that can only tie must be searched).
 * A search started from the greedy bound would keep (or count) every clique tying the best size found so
 * far: on R-MAT 18 those ties of smaller sizes outgrow a 14 GB heap, where its 2,240,512 maximum cliques of
 * 101 vertices are found in seconds from ω. Counting keeps no clique.
 */
public final class MaximumCliques {
    /** Greedy runs for the first lower bound, from the vertices of highest core number. */
    private static final int GREEDY_RUNS = 128;

    private MaximumCliques() {
    }

    /**
     * Every clique of the largest size; ids as {@link VertexSets} gives them, the same for any number of
     * threads. A graph keeps only vertices with an edge (see {@link Graph}): a relation without an edge
     * gives an empty graph, which has no clique here.
     *
     * @throws io.leapfrog.common.LeapfrogException when the calling thread is interrupted
     */
    public static VertexSets all(Graph g, int threads) {
        InterruptCheck.atEntry();
        VertexSets out = new VertexSets();
        if (g.size() == 0) {
            return out;
        }
        OrientedGraph dag = g.oriented();
        AtomicInteger best = new AtomicInteger(size(g, threads));
        List<Search> workers = ParallelRoots.run(dag.size(), threads, check -> new Search(dag, best, Keep.SETS, check));
        int omega = best.get();
        for (Search s : workers) {
            if (s.foundSize == omega) {
                out.addAll(s.found);
            }
        }
        return out;
    }

    /**
     * How many cliques of the largest size there are, and their members in all: {@link #all}'s counts,
     * without holding the cliques.
     *
     * @throws io.leapfrog.common.LeapfrogException when the calling thread is interrupted
     */
    public static SetCount count(Graph g, int threads) {
        InterruptCheck.atEntry();
        if (g.size() == 0) {
            return SetCount.NONE;
        }
        OrientedGraph dag = g.oriented();
        AtomicInteger best = new AtomicInteger(size(g, threads));
        List<Search> workers = ParallelRoots.run(dag.size(), threads, check -> new Search(dag, best, Keep.COUNT, check));
        int omega = best.get();
        long sets = 0;
        for (Search s : workers) {
            if (s.foundSize == omega) {
                sets += s.foundCount;
            }
        }
        return new SetCount(sets, Math.multiplyExact(sets, (long) omega));
    }

    /**
     * The size ω of the largest clique: 0 for an empty graph, else at least 2 (a graph keeps only vertices
     * with an edge).
     *
     * @throws io.leapfrog.common.LeapfrogException when the calling thread is interrupted
     */
    public static int size(Graph g, int threads) {
        InterruptCheck.atEntry();
        if (g.size() == 0) {
            return 0;
        }
        Degeneracy d = g.degeneracy();
        AtomicInteger best = new AtomicInteger(greedyLowerBound(g, d));
        if (best.get() == d.degeneracy() + 1) {
            return best.get();
        }
        OrientedGraph dag = g.oriented();
        ParallelRoots.run(dag.size(), threads, check -> new Search(dag, best, Keep.NONE, check));
        return best.get();
    }

    /**
     * The largest of greedy cliques grown from the vertices of highest core number, each step adding the
     * common neighbour of highest core number (then degree): a clique, so at most ω.
     */
    static int greedyLowerBound(Graph g, Degeneracy d) {
        int n = g.size();
        int[] order = d.order();
        int[] adj = g.adjacency();
        int[] cand = new int[0];
        int[] common = new int[0];
        int best = 1;
        for (int r = n - 1; r >= Math.max(0, n - GREEDY_RUNS); r--) {
            int v = order[r];
            if (d.core(v) + 1 <= best) {
                continue;
            }
            cand = Bits.atLeast(cand, g.degree(v));
            common = Bits.atLeast(common, g.degree(v));
            int c = 0;
            for (int j = g.start(v), e = g.start(v + 1); j < e; j++) {
                if (d.core(adj[j]) >= best) {
                    cand[c++] = adj[j];
                }
            }
            int size = 1;
            while (c > 0) {
                int u = cand[0];
                for (int j = 1; j < c; j++) {
                    int w = cand[j];
                    if (d.core(w) > d.core(u) || d.core(w) == d.core(u) && g.degree(w) > g.degree(u)) {
                        u = w;
                    }
                }
                size++;
                int k = SortedInts.commonPositions(adj, g.start(u), g.start(u + 1), cand, 0, c, common, 0);
                for (int j = 0; j < k; j++) {
                    cand[j] = cand[common[j]];
                }
                c = k;
            }
            best = Math.max(best, size);
        }
        return best;
    }

    /** What a search keeps of the largest cliques it finds: nothing (ω alone), the cliques, or their number. */
    private enum Keep { NONE, SETS, COUNT }

    /** One thread's branch and bound over the roots it claims (root i is rank n - 1 - i). */
    private static final class Search implements ParallelRoots.Worker {
        private final OrientedGraph dag;
        private final AtomicInteger best;
        /** Ties are searched unless only ω is wanted. */
        private final Keep keep;
        private final boolean all;
        private final InterruptCheck check;
        private final BitGraph hood = new BitGraph();
        /** The cliques of {@link #foundSize} vertices this thread found (kept or counted); larger ones replace them. */
        VertexSets found = new VertexSets();
        long foundCount;
        int foundSize;

        private int words;
        /** Depth t's candidates at {@code t * words}. */
        private long[] cand = new long[0];
        /** The colouring's uncoloured vertices and the current colour class's candidates. */
        private long[] uncoloured = new long[0];
        private long[] classCand = new long[0];
        /** Per depth: the vertices worth branching on, by colour, and their colours. */
        private int[][] byColour = new int[1][0];
        private int[][] colour = new int[1][0];
        /** The clique: the root's rank, then member numbers. */
        private int[] clique = new int[1];
        /** The clique's vertex numbers, as it is handed over. */
        private int[] members = new int[1];

        Search(OrientedGraph dag, AtomicInteger best, Keep keep, InterruptCheck check) {
            this.dag = dag;
            this.best = best;
            this.keep = keep;
            this.all = keep != Keep.NONE;
            this.check = check;
        }

        /** The least size worth reaching: the best size when ties count, one more when they don't. */
        private int target() {
            return all ? best.get() : best.get() + 1;
        }

        @Override
        public void visit(int i) {
            int root = dag.size() - 1 - i;
            int target = target();
            if (dag.core(root) + 1 < target || dag.outDegree(root) + 1 < target) {
                return;
            }
            hood.buildUndirected(dag, root);
            int p = hood.size();
            words = hood.words();
            int depths = p + 1;
            cand = Bits.atLeast(cand, depths * words);
            uncoloured = Bits.atLeast(uncoloured, words);
            classCand = Bits.atLeast(classCand, words);
            clique = Bits.atLeast(clique, depths + 1);
            members = Bits.atLeast(members, depths + 1);
            clique[0] = root;
            if (p == 0) {
                found(1);
                return;
            }
            Bits.setFirst(cand, 0, p);
            expand(0, 1, p);
        }

        /** Extends the clique of {@code size} vertices by depth t's {@code n} candidates. */
        private void expand(int t, int size, int n) {
            check.tick();
            int w = words;
            int cb = t * w;
            long[] rows = hood.rows();
            // Greedy colouring, a colour class at a time: a vertex of colour c heads a clique of at most c
            // of the candidates. Only vertices of colour at least kMin can reach the target, so only they
            // are branched on, the highest colours first.
            int kMin = target() - size;
            if (byColour.length <= t) {
                byColour = Arrays.copyOf(byColour, Math.max(t + 1, 2 * byColour.length));
                colour = Arrays.copyOf(colour, byColour.length);
            }
            if (byColour[t] == null || byColour[t].length < n) {
                byColour[t] = new int[Math.max(n, 16)];
                colour[t] = new int[Math.max(n, 16)];
            }
            int[] order = byColour[t];
            int[] col = colour[t];
            System.arraycopy(cand, cb, uncoloured, 0, w);
            int left = n;
            int k = 0;
            int listed = 0;
            while (left > 0) {
                k++;
                System.arraycopy(uncoloured, 0, classCand, 0, w);
                for (int y = 0; y < w; y++) {
                    while (classCand[y] != 0) {
                        long low = classCand[y] & -classCand[y];
                        int i = (y << 6) | Long.numberOfTrailingZeros(low);
                        classCand[y] ^= low;
                        uncoloured[y] ^= low;
                        left--;
                        int row = i * w;
                        for (int z = y; z < w; z++) {
                            classCand[z] &= ~rows[row + z];
                        }
                        if (k >= kMin) {
                            order[listed] = i;
                            col[listed] = k;
                            listed++;
                        }
                    }
                }
            }
            int nb = cb + w;
            for (int j = listed - 1; j >= 0; j--) {
                if (size + col[j] < target()) {
                    return;
                }
                int i = order[j];
                int row = i * w;
                int m = 0;
                for (int z = 0; z < w; z++) {
                    long v = cand[cb + z] & rows[row + z];
                    cand[nb + z] = v;
                    m += Long.bitCount(v);
                }
                clique[size] = i;
                if (m == 0) {
                    found(size + 1);
                } else if (size + 1 + m >= target()) {
                    expand(t + 1, size + 1, m);
                }
                Bits.clear(cand, cb, i);
            }
        }

        /** A clique of {@code size} vertices that nothing among the candidates extends. */
        private void found(int size) {
            if (size < target()) {
                return;
            }
            if (all && size > foundSize) {
                found = new VertexSets();
                foundCount = 0;
                foundSize = size;
            }
            if (keep == Keep.COUNT) {
                foundCount++;
            } else if (keep == Keep.SETS) {
                members[0] = dag.vertex(clique[0]);
                for (int j = 1; j < size; j++) {
                    members[j] = dag.vertex(hood.member(clique[j]));
                }
                found.add(members, size);
            }
            best.accumulateAndGet(size, Math::max);
        }
    }
}
