package io.leapfrog.exec.storage;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Degree renumbering against a model: the shapes it recognises, and for each renumbered graph that it
 * is the same graph under a bijection onto 0..n-1 that orders the nodes by (degree, value), with
 * its triangles and 4-cliques counted by brute force on both sides. Values dense and sparse (the table
 * and the binary search), negative and near the int range's ends.
 */
class DegreeRenumberingTest {

    @Test
    void shapes() {
        assertEquals(DegreeRenumbering.Shape.INCREASING, shape(new int[][]{{1, 2}, {1, 3}, {2, 3}}));
        assertEquals(DegreeRenumbering.Shape.SYMMETRIC, shape(new int[][]{{1, 2}, {2, 1}, {3, 3}}));
        assertEquals(DegreeRenumbering.Shape.OTHER, shape(new int[][]{{1, 2}, {2, 1}, {2, 3}}), "one edge one way only");
        assertEquals(DegreeRenumbering.Shape.OTHER, shape(new int[][]{{1, 2}, {3, 3}}), "a loop in an otherwise increasing relation");
        assertEquals(DegreeRenumbering.Shape.OTHER, shape(new int[][]{{2, 1}}));
        assertEquals(DegreeRenumbering.Shape.OTHER, DegreeRenumbering.shapeOf(Relation.empty(2)));
        assertEquals(DegreeRenumbering.Shape.OTHER, DegreeRenumbering.shapeOf(Relation.of(3, new int[][]{{1, 2, 3}})));
        assertThrows(IllegalArgumentException.class, () -> DegreeRenumbering.renumbered(Relation.of(2, new int[][]{{2, 1}})));
    }

    @Test
    void renumberedOnceAndKeptWithTheRelation() {
        Relation r = Relation.of(2, new int[][]{{1, 2}, {1, 3}, {2, 3}});
        assertSame(DegreeRenumbering.renumbered(r), DegreeRenumbering.renumbered(r));
    }

    @Test
    void renumberedGraphsAreTheSameGraphsInDegreeOrder() {
        Random rnd = new Random(11);
        int[] bases = {0, -500, Integer.MIN_VALUE, Integer.MAX_VALUE - 100_000};
        for (int trial = 0; trial < 60; trial++) {
            int nodes = 2 + rnd.nextInt(trial < 30 ? 12 : 90);
            int spread = rnd.nextBoolean() ? 1 : 1 + rnd.nextInt(300);   // 1: dense ids, else sparse ones
            int base = bases[trial % bases.length];
            double density = 0.05 + rnd.nextDouble() * 0.6;
            boolean symmetric = rnd.nextBoolean();
            List<int[]> edges = new ArrayList<>();
            for (int u = 0; u < nodes; u++) {
                for (int v = u + 1; v < nodes; v++) {
                    if (rnd.nextDouble() < density * (u % 7 == 0 ? 1.5 : 0.5)) {   // a few hubs
                        int a = value(base, u, spread);
                        int b = value(base, v, spread);
                        edges.add(new int[]{a, b});
                        if (symmetric) {
                            edges.add(new int[]{b, a});
                        }
                    }
                }
            }
            if (edges.isEmpty()) {
                continue;
            }
            String what = "trial " + trial + " (" + (symmetric ? "symmetric" : "increasing") + ", " + edges.size() + " tuples)";
            Relation r = Relation.of(2, edges.toArray(new int[0][]));
            assertEquals(symmetric ? DegreeRenumbering.Shape.SYMMETRIC : DegreeRenumbering.Shape.INCREASING,
                    DegreeRenumbering.shapeOf(r), what);
            Relation renumbered = DegreeRenumbering.renumbered(r);
            assertSameGraphInDegreeOrder(r, renumbered, symmetric, what);
            assertEquals(symmetric ? DegreeRenumbering.Shape.SYMMETRIC : DegreeRenumbering.Shape.INCREASING,
                    DegreeRenumbering.shapeOf(renumbered), what);
            assertEquals(cliques(r, 3), cliques(renumbered, 3), what + ": triangles");
            assertEquals(cliques(r, 4), cliques(renumbered, 4), what + ": 4-cliques");
        }
    }

    /**
     * Graphs of more nodes than the renumbering sorts rows for in parallel (65,536): the other way of
     * ordering the edges, checked the same way (the small graphs above take the two counting passes).
     */
    @Test
    void largeGraphsAreTheSameGraphsInDegreeOrder() {
        Random rnd = new Random(5);
        for (boolean symmetric : new boolean[]{false, true}) {
            int nodes = 70_000 + rnd.nextInt(1000);
            List<int[]> edges = new ArrayList<>();
            for (int i = 0; i < 150_000; i++) {
                int u = rnd.nextInt(nodes);
                int v = rnd.nextInt(10) == 0 ? rnd.nextInt(50) : rnd.nextInt(nodes);   // a few hubs
                if (u == v) {
                    continue;
                }
                int a = Math.min(u, v) * 3 - 100_000;
                int b = Math.max(u, v) * 3 - 100_000;
                edges.add(new int[]{a, b});
                if (symmetric) {
                    edges.add(new int[]{b, a});
                }
            }
            Relation r = Relation.of(2, edges.toArray(new int[0][]));
            String what = (symmetric ? "symmetric" : "increasing") + " graph of " + nodes + " nodes";
            assertSameGraphInDegreeOrder(r, DegreeRenumbering.renumbered(r), symmetric, what);
        }
    }

    private static int value(int base, int node, int spread) {
        return (int) ((long) base + (long) node * spread);
    }

    private static DegreeRenumbering.Shape shape(int[][] rows) {
        return DegreeRenumbering.shapeOf(Relation.of(2, rows));
    }

    /**
     * The renumbered relation's tuples are exactly the original's under one bijection onto 0..n-1 (for
     * an increasing relation, each edge from its lower number), and the bijection sorts the nodes by
     * (degree, value).
     */
    private static void assertSameGraphInDegreeOrder(Relation r, Relation renumbered, boolean symmetric, String what) {
        Map<Integer, Integer> degree = new HashMap<>();
        for (int i = 0; i < r.size(); i++) {
            degree.merge(r.get(i, 0), 1, Integer::sum);
            if (!symmetric) {
                degree.merge(r.get(i, 1), 1, Integer::sum);
            }
        }
        List<Integer> order = new ArrayList<>(degree.keySet());
        order.sort((x, y) -> degree.get(x).equals(degree.get(y)) ? Integer.compare(x, y) : Integer.compare(degree.get(x), degree.get(y)));
        Map<Integer, Integer> number = new HashMap<>();
        for (int k = 0; k < order.size(); k++) {
            number.put(order.get(k), k);
        }
        Set<List<Integer>> expected = new HashSet<>();
        for (int i = 0; i < r.size(); i++) {
            int a = number.get(r.get(i, 0));
            int b = number.get(r.get(i, 1));
            expected.add(symmetric ? List.of(a, b) : List.of(Math.min(a, b), Math.max(a, b)));
        }
        Set<List<Integer>> actual = new HashSet<>();
        for (int i = 0; i < renumbered.size(); i++) {
            actual.add(List.of(renumbered.get(i, 0), renumbered.get(i, 1)));
            if (i > 0) {
                boolean sorted = renumbered.get(i - 1, 0) < renumbered.get(i, 0)
                        || (renumbered.get(i - 1, 0) == renumbered.get(i, 0) && renumbered.get(i - 1, 1) < renumbered.get(i, 1));
                assertTrue(sorted, what + ": rows sorted and distinct at " + i);
            }
        }
        assertEquals(r.size(), renumbered.size(), what);
        assertEquals(expected, actual, what);
    }

    /** k-cliques of the undirected graph of r (loops ignored), by brute force over sorted node sets. */
    private static long cliques(Relation r, int k) {
        Map<Integer, Set<Integer>> adjacent = new HashMap<>();
        for (int i = 0; i < r.size(); i++) {
            int a = r.get(i, 0);
            int b = r.get(i, 1);
            if (a != b) {
                adjacent.computeIfAbsent(a, x -> new HashSet<>()).add(b);
                adjacent.computeIfAbsent(b, x -> new HashSet<>()).add(a);
            }
        }
        List<Integer> nodes = new ArrayList<>(adjacent.keySet());
        nodes.sort(null);
        return extend(nodes, adjacent, new ArrayList<>(), 0, k);
    }

    private static long extend(List<Integer> nodes, Map<Integer, Set<Integer>> adjacent, List<Integer> chosen, int from, int k) {
        if (chosen.size() == k) {
            return 1;
        }
        long count = 0;
        for (int i = from; i < nodes.size(); i++) {
            int v = nodes.get(i);
            if (chosen.stream().allMatch(c -> adjacent.get(c).contains(v))) {
                chosen.add(v);
                count += extend(nodes, adjacent, chosen, i + 1, k);
                chosen.remove(chosen.size() - 1);
            }
        }
        return count;
    }
}
