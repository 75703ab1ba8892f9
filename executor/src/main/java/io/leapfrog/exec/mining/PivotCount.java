package io.leapfrog.exec.mining;

/**
 * The cliques of k vertices counted by pivoting (Jain and Seshadhri, "The Power of Pivoting for Exact Clique
 * Counting", WSDM 2020), root by root over the degeneracy DAG: the same search as the GPU's pivoting count
 * (kernels/src/main/cuda/clique_kernels.cuh). A node is (candidates C, h vertices held, p pivots), C adjacent
 * to all of them; the candidate with most neighbours in C is the pivot; each candidate outside the pivot's
 * neighbourhood is branched on as held (and removed from C for the later branches), then the pivot as a
 * pivot (C narrowed to its neighbours). Each clique lies under exactly one leaf, as the held vertices plus
 * some of its pivots, so a leaf adds binom(p, k - h); a node needing one or two more vertices, or whose
 * candidates form a clique, adds its count at once. Far fewer nodes than cliques for large k on dense
 * graphs, where listing visits every (k - 2)-clique.
 */
final class PivotCount implements ParallelRoots.Worker {
    private final OrientedGraph dag;
    private final int k;
    private final InterruptCheck check;
    private final Binomials binom;
    private final BitGraph hood = new BitGraph();
    /** Depth d's candidates at {@code d * words}: a depth per held vertex below the root. */
    private long[] candidates = new long[0];
    private int words;
    long count;

    PivotCount(OrientedGraph dag, int k, InterruptCheck check, Binomials binom) {
        this.dag = dag;
        this.k = k;
        this.check = check;
        this.binom = binom;
    }

    /** The number of cliques of {@code k >= 3} vertices of the DAG, on up to {@code threads} threads. */
    static long count(OrientedGraph dag, int k, int threads) {
        // a node needs at most min(k, candidates) more vertices
        Binomials binom = new Binomials(dag.maxOutDegree(), Math.min(k, dag.maxOutDegree()));
        long total = 0;
        for (PivotCount c : ParallelRoots.run(dag.size(), threads, check -> new PivotCount(dag, k, check, binom))) {
            total = Binomials.sum(total, c.count);
        }
        return total;
    }

    @Override
    public void visit(int root) {
        if (dag.core(root) < k - 1 || dag.outDegree(root) < k - 1) {
            return;
        }
        hood.buildUndirected(dag, root);
        words = hood.words();
        candidates = Bits.atLeast(candidates, (k + 1) * words);
        Bits.setFirst(candidates, 0, hood.size());
        count = Binomials.sum(count, node(0, 1, 0));
    }

    /** The cliques under the node whose candidates are at depth {@code depth}, with h held and p pivots. */
    private long node(int depth, int h, int p) {
        long[] c = candidates;
        long[] rows = hood.rows();
        int w = words;
        int base = depth * w;
        long total = 0;
        while (true) {
            check.tick();
            int need = k - h;
            int size = 0;
            for (int x = 0; x < w; x++) {
                size += Long.bitCount(c[base + x]);
            }
            if (p + size < need) {
                return total;
            }
            if (need == 1) {
                return Binomials.sum(total, p + size);
            }
            if (size == 0) {
                return Binomials.sum(total, binom.of(p, need));
            }
            int pivot = -1;
            int best = -1;
            long twice = 0;
            for (int x = 0; x < w; x++) {
                long bits = c[base + x];
                while (bits != 0) {
                    int m = (x << 6) | Long.numberOfTrailingZeros(bits);
                    bits &= bits - 1;
                    int degree = 0;
                    int row = m * w;
                    for (int y = 0; y < w; y++) {
                        degree += Long.bitCount(c[base + y] & rows[row + y]);
                    }
                    twice += degree;
                    if (degree > best) {
                        best = degree;
                        pivot = m;
                    }
                }
            }
            if (need == 2) {
                // Pairs: of pivots, a pivot and a candidate, or two adjacent candidates.
                long pairs = Binomials.sum(binom.of(p, 2), Binomials.sum((long) p * size, twice / 2));
                return Binomials.sum(total, pairs);
            }
            if (twice == (long) size * (size - 1)) {
                return Binomials.sum(total, binom.of(p + size, need));
            }
            int pivotRow = pivot * w;
            int next = base + w;
            // The held branches: each candidate outside the pivot's neighbourhood, then removed from C.
            while (true) {
                int v = -1;
                for (int x = 0; x < w && v < 0; x++) {
                    long held = c[base + x] & ~rows[pivotRow + x];
                    if (x == pivot >>> 6) {
                        held &= ~(1L << pivot);
                    }
                    if (held != 0) {
                        v = (x << 6) | Long.numberOfTrailingZeros(held);
                    }
                }
                if (v < 0) {
                    break;
                }
                c[base + (v >>> 6)] &= ~(1L << v);
                int row = v * w;
                for (int x = 0; x < w; x++) {
                    c[next + x] = c[base + x] & rows[row + x];
                }
                total = Binomials.sum(total, node(depth + 1, h + 1, p));
            }
            // The pivot's branch, in this node's place.
            for (int x = 0; x < w; x++) {
                c[base + x] &= rows[pivotRow + x];
            }
            p++;
        }
    }
}
