package io.leapfrog.exec.mining;

import io.leapfrog.exec.storage.Relation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Random undirected graphs written as a binary relation the way facts come: each edge in one direction,
 * the other or both, some pairs repeated, self-loops (also on values with no other edge, which are then no
 * vertex), and vertex values far from 0..n-1 (negative, large, sparse).
 */
final class RandomGraphs {
    private RandomGraphs() {
    }

    private static final double[] DENSITIES = {0.1, 0.3, 0.5, 0.7, 0.9};

    /**
     * The graph a brute-force property checks for {@code seed}: most of 14 vertices or fewer, one seed in ten
     * of 18 to 20, at a density from sparse to nearly complete.
     */
    static Relation forSeed(Random rnd, int seed) {
        int n = seed % 10 == 0 ? 18 + rnd.nextInt(3) : 1 + rnd.nextInt(14);
        return relation(rnd, n, DENSITIES[rnd.nextInt(DENSITIES.length)]);
    }

    /** A relation whose edges join each pair of {@code n} values with probability {@code density}. */
    static Relation relation(Random rnd, int n, double density) {
        int[] values = values(rnd, n + 2);
        List<int[]> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (rnd.nextDouble() < density) {
                    addEdge(rnd, rows, values[i], values[j]);
                }
            }
            if (rnd.nextInt(4) == 0) {
                rows.add(new int[]{values[i], values[i]});
            }
        }
        // Two values with self-loops only: no vertex of the graph.
        rows.add(new int[]{values[n], values[n]});
        rows.add(new int[]{values[n + 1], values[n + 1]});
        Collections.shuffle(rows, rnd);
        return Relation.of(2, rows.toArray(new int[0][]));
    }

    /** The relation of undirected edges over vertices 0..n-1, vertex v written as the value {@code 3 - 7 * v}. */
    static Relation ofEdges(int[][] edges) {
        int[][] rows = new int[edges.length][];
        for (int e = 0; e < edges.length; e++) {
            rows[e] = new int[]{3 - 7 * edges[e][0], 3 - 7 * edges[e][1]};
        }
        return Relation.of(2, rows);
    }

    /** The complete graph on n vertices. */
    static Relation complete(int n) {
        List<int[]> edges = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                edges.add(new int[]{i, j});
            }
        }
        return ofEdges(edges.toArray(new int[0][]));
    }

    private static void addEdge(Random rnd, List<int[]> rows, int a, int b) {
        switch (rnd.nextInt(4)) {
            case 0 -> rows.add(new int[]{a, b});
            case 1 -> rows.add(new int[]{b, a});
            case 2 -> {
                rows.add(new int[]{a, b});
                rows.add(new int[]{b, a});
            }
            default -> {
                rows.add(new int[]{a, b});
                rows.add(new int[]{a, b});
            }
        }
    }

    /** Distinct values in no particular order: a mix of small negatives, sparse ones and extremes. */
    private static int[] values(Random rnd, int n) {
        Set<Integer> seen = new HashSet<>();
        int[] out = new int[n];
        int k = 0;
        while (k < n) {
            int v = switch (rnd.nextInt(4)) {
                case 0 -> -rnd.nextInt(50);
                case 1 -> rnd.nextInt(1000) * 1009;
                case 2 -> rnd.nextInt();
                default -> rnd.nextBoolean() ? Integer.MAX_VALUE - rnd.nextInt(3) : Integer.MIN_VALUE + rnd.nextInt(3);
            };
            if (seen.add(v)) {
                out[k++] = v;
            }
        }
        return out;
    }
}
