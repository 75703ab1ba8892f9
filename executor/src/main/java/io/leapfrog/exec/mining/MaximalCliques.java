package io.leapfrog.exec.mining;

import java.util.Arrays;
import java.util.List;

/**
 * The maximal cliques of a graph (those no vertex extends), of at least a given size: Bron and Kerbosch's
 * search with Tomita's pivot (branch only on candidates outside the neighbourhood of the vertex with most
 * neighbours among them), from each vertex in degeneracy order with its later neighbours as candidates
 * and its earlier ones as excluded (Eppstein, Löffler and Strash), so each maximal clique is found once,
 * from its earliest vertex, and the candidate sets stay within the degeneracy.
 *
 * <p>Sets are bitsets over the root's neighbourhood: candidates numbered first, excluded vertices apart,
 * and only excluded vertices adjacent to some candidate kept (no other can stay excluded past the first
 * step). Every edge between a candidate and an excluded vertex runs from the earlier to the later in the
 * order, so the rows are filled from out-lists alone, each at most the degeneracy long: no hub's list is
 * ever read whole for a root.
 */
public final class MaximalCliques {
    private MaximalCliques() {
    }

    /**
     * The maximal cliques of at least {@code minSize} vertices; ids as {@link VertexSets} gives them, the same
     * for any number of threads. A graph keeps only vertices with an edge (see {@link Graph}), so every
     * maximal clique has at least two vertices, and a relation without an edge has none.
     *
     * @throws io.leapfrog.common.LeapfrogException when the calling thread is interrupted
     */
    public static VertexSets all(Graph g, int minSize, int threads) {
        VertexSets out = new VertexSets();
        for (Search s : search(g, minSize, threads, true)) {
            out.addAll(s.found);
        }
        return out;
    }

    /**
     * How many maximal cliques of at least {@code minSize} vertices there are, and their members in all,
     * counted as the search finds them: no clique is kept.
     *
     * @throws io.leapfrog.common.LeapfrogException when the calling thread is interrupted
     */
    public static SetCount count(Graph g, int minSize, int threads) {
        long sets = 0;
        long members = 0;
        for (Search s : search(g, minSize, threads, false)) {
            sets += s.setsFound;
            members += s.membersFound;
        }
        return new SetCount(sets, members);
    }

    /** The workers of one search, each holding its cliques when {@code keep}, else only counting them. */
    private static List<Search> search(Graph g, int minSize, int threads, boolean keep) {
        InterruptCheck.atEntry();
        if (g.size() == 0 || minSize - 1 > g.degeneracy().degeneracy()) {
            return List.of();
        }
        OrientedGraph dag = g.oriented();
        return ParallelRoots.run(dag.size(), threads, check -> new Search(g, dag, Math.max(1, minSize), keep, check));
    }

    /** One thread's search: the maximal cliques whose earliest vertex is a root it visits. */
    private static final class Search implements ParallelRoots.Worker {
        private final Graph g;
        private final OrientedGraph dag;
        private final int minSize;
        private final InterruptCheck check;
        /** Whether the cliques are kept in {@link #found} or only counted ({@link #setsFound}, {@link #membersFound}). */
        private final boolean keep;
        final VertexSets found = new VertexSets();
        long setsFound;
        long membersFound;

        /** The candidates (the root's later neighbours) and their rows among themselves. */
        private final BitGraph hood = new BitGraph();
        /** Excluded number to rank: the root's earlier neighbours adjacent to some candidate. */
        private int[] excluded = new int[0];
        private int p;
        private int x;
        private int pw;
        private int xw;
        /** Rows: candidates among candidates (the neighbourhood's), candidates among excluded, and back. */
        private long[] candToCand;
        private long[] candToExcl = new long[0];
        private long[] exclToCand = new long[0];
        /** Per depth: candidates, excluded former candidates, excluded vertices of the root's, branches. */
        private long[] cand = new long[0];
        private long[] exclCand = new long[0];
        private long[] exclRoot = new long[0];
        private long[] branch = new long[0];
        /** The clique: the root's vertex, then vertices; and the candidate numbers chosen at each depth. */
        private int[] clique = new int[1];
        private int[] members = new int[1];

        Search(Graph g, OrientedGraph dag, int minSize, boolean keep, InterruptCheck check) {
            this.g = g;
            this.dag = dag;
            this.minSize = minSize;
            this.keep = keep;
            this.check = check;
        }

        @Override
        public void visit(int rank) {
            // Core numbers never fall along the order, so a root that passes this test has no later
            // neighbour that fails it: every later neighbour is a candidate.
            if (dag.core(rank) + 1 < minSize || dag.outDegree(rank) + 1 < minSize) {
                return;
            }
            hood.buildUndirected(dag, rank);
            p = hood.size();
            if (p == 0) {
                return;
            }
            candToCand = hood.rows();
            pw = hood.words();
            collectExcluded(rank);
            ensureDepth(0);
            Bits.setFirst(cand, 0, p);
            Arrays.fill(exclCand, 0, pw, 0L);
            Bits.setFirst(exclRoot, 0, x);
            clique[0] = dag.vertex(rank);
            expand(0, 1);
        }

        /** Numbers the root's earlier neighbours adjacent to a candidate and fills their rows. */
        private void collectExcluded(int rank) {
            int v = dag.vertex(rank);
            int[] adj = g.adjacency();
            int[] targets = dag.targets();
            Degeneracy d = g.degeneracy();
            excluded = Bits.atLeast(excluded, g.degree(v));
            x = 0;
            for (int j = g.start(v), e = g.start(v + 1); j < e; j++) {
                int u = d.position(adj[j]);
                if (u < rank) {
                    for (int k = dag.start(u), ke = dag.start(u + 1); k < ke; k++) {
                        if (hood.memberOf(targets[k]) >= 0) {
                            excluded[x++] = u;
                            break;
                        }
                    }
                }
            }
            xw = Bits.words(x);
            candToExcl = zeroed(candToExcl, (long) p * xw);
            exclToCand = zeroed(exclToCand, (long) x * pw);
            for (int xi = 0; xi < x; xi++) {
                int u = excluded[xi];
                for (int k = dag.start(u), ke = dag.start(u + 1); k < ke; k++) {
                    int i = hood.memberOf(targets[k]);
                    if (i >= 0) {
                        Bits.set(candToExcl, i * xw, xi);
                        Bits.set(exclToCand, xi * pw, i);
                    }
                }
            }
        }

        private static long[] zeroed(long[] a, long length) {
            if (length > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("a neighbourhood too large for a bit matrix (" + length + " words)");
            }
            long[] b = Bits.atLeast(a, (int) length);
            Arrays.fill(b, 0, (int) length, 0L);
            return b;
        }

        /** Makes room for depth {@code t}'s sets. */
        private void ensureDepth(int t) {
            cand = Bits.atLeast(cand, (t + 1) * pw);
            exclCand = Bits.atLeast(exclCand, (t + 1) * pw);
            branch = Bits.atLeast(branch, (t + 1) * pw);
            exclRoot = Bits.atLeast(exclRoot, (t + 1) * xw);
            clique = Bits.atLeast(clique, t + 2);
            members = Bits.atLeast(members, t + 2);
        }

        /** Extends the clique of {@code size} vertices by depth {@code t}'s candidates, excluded sets as given. */
        private void expand(int t, int size) {
            check.tick();
            int cb = t * pw;
            int xb = t * xw;
            int pc = Bits.count(cand, cb, pw);
            if (pc == 0) {
                if (Bits.isEmpty(exclCand, cb, pw) && Bits.isEmpty(exclRoot, xb, xw) && size >= minSize) {
                    emit(size);
                }
                return;
            }
            if (size + pc < minSize) {
                return;
            }
            // The pivot: the candidate or excluded vertex with most neighbours among the candidates. An
            // excluded one adjacent to them all ends the search here: every clique it would find extends.
            long[] pivotRows = candToCand;
            int pivotRow = -1;
            int most = -1;
            for (int y = 0; y < pw && most < pc; y++) {
                long bits = cand[cb + y] | exclCand[cb + y];
                while (bits != 0) {
                    int i = (y << 6) | Long.numberOfTrailingZeros(bits);
                    bits &= bits - 1;
                    int c = Bits.countAnd(cand, cb, candToCand, i * pw, pw);
                    if (c > most) {
                        most = c;
                        pivotRow = i * pw;
                        if (c == pc) {
                            break;
                        }
                    }
                }
            }
            for (int y = 0; y < xw && most < pc; y++) {
                long bits = exclRoot[xb + y];
                while (bits != 0) {
                    int e = (y << 6) | Long.numberOfTrailingZeros(bits);
                    bits &= bits - 1;
                    int c = Bits.countAnd(cand, cb, exclToCand, e * pw, pw);
                    if (c > most) {
                        most = c;
                        pivotRow = e * pw;
                        pivotRows = exclToCand;
                        if (c == pc) {
                            break;
                        }
                    }
                }
            }
            for (int y = 0; y < pw; y++) {
                branch[cb + y] = cand[cb + y] & ~pivotRows[pivotRow + y];
            }
            ensureDepth(t + 1);
            for (int y = 0; y < pw; y++) {
                long bits = branch[cb + y];
                while (bits != 0) {
                    int i = (y << 6) | Long.numberOfTrailingZeros(bits);
                    bits &= bits - 1;
                    int nb = cb + pw;
                    int row = i * pw;
                    for (int z = 0; z < pw; z++) {
                        cand[nb + z] = cand[cb + z] & candToCand[row + z];
                        exclCand[nb + z] = exclCand[cb + z] & candToCand[row + z];
                    }
                    int nx = xb + xw;
                    int xrow = i * xw;
                    for (int z = 0; z < xw; z++) {
                        exclRoot[nx + z] = exclRoot[xb + z] & candToExcl[xrow + z];
                    }
                    members[size] = i;
                    expand(t + 1, size + 1);
                    Bits.clear(cand, cb, i);
                    Bits.set(exclCand, cb, i);
                }
            }
        }

        private void emit(int size) {
            if (!keep) {
                setsFound++;
                membersFound += size;
                return;
            }
            for (int k = 1; k < size; k++) {
                clique[k] = dag.vertex(hood.member(members[k]));
            }
            found.add(clique, size);
        }
    }
}
