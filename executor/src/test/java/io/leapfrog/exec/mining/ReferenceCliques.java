package io.leapfrog.exec.mining;

import io.leapfrog.exec.storage.Relation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Random;

/**
 * Plain searches over a {@link Graph}'s adjacency as {@link BitSet}s, for graphs too large for
 * {@link BruteForceCliques} (neighbourhoods over 64 vertices take several words in the searches' bit
 * matrices): every clique by extending with larger vertex numbers, and maximal cliques by Bron and
 * Kerbosch's search without pivot or ordering.
 */
final class ReferenceCliques {
    private final int n;
    private final BitSet[] adjacent;

    ReferenceCliques(Graph g) {
        n = g.size();
        adjacent = new BitSet[n];
        for (int v = 0; v < n; v++) {
            adjacent[v] = new BitSet(n);
            for (int u : g.neighbours(v)) {
                adjacent[v].set(u);
            }
        }
    }

    /** A sparse random graph with a dense part planted in it (so some neighbourhoods exceed 64 vertices). */
    static Relation planted(Random rnd, int n, double density, int dense, double denseDensity) {
        List<int[]> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double p = i < dense && j < dense ? denseDensity : density;
                if (rnd.nextDouble() < p) {
                    // Spread the dense part over the value range so it is not a prefix of the numbering.
                    rows.add(new int[]{scatter(i, n), scatter(j, n)});
                }
            }
        }
        return Relation.of(2, rows.toArray(new int[0][]));
    }

    /**
     * Two sides of {@code side} vertices joined completely, each side a random graph of the given density,
     * and a sparse fringe: cores and neighbourhoods of more than 64 vertices, yet few cliques (a clique is
     * a clique of each side). The sides interleave in value order.
     */
    static Relation bipartiteCores(Random rnd, int side, double inside, int fringe) {
        List<int[]> rows = new ArrayList<>();
        int n = 2 * side + fringe;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                boolean edge;
                if (j < 2 * side) {
                    edge = i % 2 != j % 2 || rnd.nextDouble() < inside;
                } else {
                    edge = rnd.nextDouble() < 0.03;
                }
                if (edge) {
                    rows.add(new int[]{scatter(i, n), scatter(j, n)});
                }
            }
        }
        return Relation.of(2, rows.toArray(new int[0][]));
    }

    private static int scatter(int i, int n) {
        return (int) ((i * 7919L) % n) * 13 - 500;
    }

    /** Cliques by size: element k counts the cliques of k vertices (element 0 unused). */
    long[] countsBySize() {
        long[] counts = new long[n + 2];
        BitSet all = new BitSet(n);
        all.set(0, n);
        countFrom(all, 0, counts);
        return counts;
    }

    private void countFrom(BitSet cand, int size, long[] counts) {
        counts[size]++;
        for (int v = cand.nextSetBit(0); v >= 0; v = cand.nextSetBit(v + 1)) {
            BitSet next = (BitSet) cand.clone();
            next.and(adjacent[v]);
            next.clear(0, v + 1);
            countFrom(next, size + 1, counts);
        }
    }

    /** The cliques of k vertices, sorted. */
    List<int[]> cliques(int k) {
        List<int[]> out = new ArrayList<>();
        BitSet all = new BitSet(n);
        all.set(0, n);
        listFrom(all, new int[k], 0, k, out);
        return BruteForceCliques.sorted(out);
    }

    private void listFrom(BitSet cand, int[] clique, int size, int k, List<int[]> out) {
        if (size == k) {
            out.add(clique.clone());
            return;
        }
        for (int v = cand.nextSetBit(0); v >= 0; v = cand.nextSetBit(v + 1)) {
            BitSet next = (BitSet) cand.clone();
            next.and(adjacent[v]);
            next.clear(0, v + 1);
            clique[size] = v;
            listFrom(next, clique, size + 1, k, out);
        }
    }

    /** The maximal cliques of at least minSize vertices, sorted. */
    List<int[]> maximal(int minSize) {
        List<int[]> out = new ArrayList<>();
        BitSet all = new BitSet(n);
        all.set(0, n);
        bronKerbosch(new int[n + 1], 0, all, new BitSet(n), minSize, out);
        return BruteForceCliques.sorted(out);
    }

    private void bronKerbosch(int[] r, int size, BitSet p, BitSet x, int minSize, List<int[]> out) {
        if (p.isEmpty()) {
            if (x.isEmpty() && size >= minSize && size > 0) {
                int[] c = Arrays.copyOf(r, size);
                out.add(c);
            }
            return;
        }
        BitSet pp = (BitSet) p.clone();
        for (int v = pp.nextSetBit(0); v >= 0; v = pp.nextSetBit(v + 1)) {
            BitSet np = (BitSet) p.clone();
            np.and(adjacent[v]);
            BitSet nx = (BitSet) x.clone();
            nx.and(adjacent[v]);
            r[size] = v;
            bronKerbosch(r, size + 1, np, nx, minSize, out);
            p.clear(v);
            x.set(v);
        }
    }
}
