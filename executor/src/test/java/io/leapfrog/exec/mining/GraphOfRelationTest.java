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
    @Property(tries = 60)
    void graphIsTheSymmetricClosureWithoutSelfLoops(@ForAll @IntRange(min = 1, max = 1_000_000) int seed) {
        Random rnd = new Random(seed);
        Relation r = RandomGraphs.relation(rnd, 1 + rnd.nextInt(16), rnd.nextDouble());
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
}
