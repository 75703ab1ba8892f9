package io.leapfrog.exec.mining;

import io.leapfrog.exec.storage.Relation;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The graph the clique searches read: from a relation with both directions, repeats, self-loops and values
 * far from 0..n-1, the vertices are the values with an edge, numbered in value order, with the symmetric
 * adjacency sorted per vertex.
 */
class GraphOfRelationTest {
    /** Values spread thin (numbered by sorting) and, every other seed, packed near 0 (numbered by a table). */
    @Property(tries = 60)
    void graphIsTheSymmetricClosureWithoutSelfLoops(@ForAll @IntRange(min = 1, max = 1_000_000) int seed) {
        Random rnd = new Random(seed);
        Relation spread = RandomGraphs.relation(rnd, 1 + rnd.nextInt(16), rnd.nextDouble());
        Relation r = seed % 2 == 0 ? packed(spread) : spread;
        BruteForceCliques want = new BruteForceCliques(r);
        Graph g = Graph.undirected(r);
        assertEquals(want.n, g.size());
        long edges = 0;
        for (int v = 0; v < g.size(); v++) {
            assertEquals(want.values[v], g.value(v));
            assertEquals(Integer.bitCount(want.adjacent[v]), g.degree(v));
            int[] nb = g.neighbours(v);
            for (int i = 0; i < nb.length; i++) {
                assertTrue(i == 0 || nb[i - 1] < nb[i], "neighbours sorted");
                assertTrue((want.adjacent[v] & (1 << nb[i])) != 0);
                assertTrue(g.adjacent(v, nb[i]) && g.adjacent(nb[i], v));
            }
            edges += nb.length;
        }
        assertEquals(edges / 2, g.edges());
    }

    /** The same graph on the values -3, -2, ... in the same order. */
    private static Relation packed(Relation r) {
        int[] values = java.util.stream.IntStream.range(0, r.size())
                .flatMap(i -> java.util.stream.IntStream.of(r.get(i, 0), r.get(i, 1))).distinct().sorted().toArray();
        int[][] rows = new int[r.size()][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = new int[] {java.util.Arrays.binarySearch(values, r.get(i, 0)) - 3,
                    java.util.Arrays.binarySearch(values, r.get(i, 1)) - 3};
        }
        return Relation.of(2, rows);
    }
}
