package io.leapfrog.exec.mining;

import io.leapfrog.exec.storage.Relation;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static io.leapfrog.exec.mining.SetAssertions.assertSameSets;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Maximal cliques of at least a size, against brute force, known answers and a plain search. */
class MaximalCliquesTest {
    @Property(tries = 80)
    void maximalCliquesMatchBruteForce(@ForAll @IntRange(min = 1, max = 1_000_000) int seed) {
        Random rnd = new Random(seed);
        Relation r = RandomGraphs.forSeed(rnd, seed);
        BruteForceCliques want = new BruteForceCliques(r);
        Graph g = Graph.undirected(r);
        int omega = want.omega();
        for (int minSize : new int[]{0, 1, 2, 3, 4, omega, omega + 1}) {
            List<int[]> expected = want.maximal(minSize);
            long members = expected.stream().mapToLong(s -> s.length).sum();
            for (int threads : new int[]{1, 3}) {
                assertSameSets(expected, MaximalCliques.all(g, minSize, threads),
                        "minSize " + minSize + ", " + threads + " threads, seed " + seed);
                assertEquals(new SetCount(expected.size(), members), MaximalCliques.count(g, minSize, threads),
                        "counted: minSize " + minSize + ", " + threads + " threads, seed " + seed);
            }
        }
    }

    @Test
    void knownAnswers() {
        Graph k6 = Graph.undirected(RandomGraphs.complete(6));
        assertEquals(List.of("[0, 1, 2, 3, 4, 5]"), text(MaximalCliques.all(k6, 1, 2)));
        Graph c5 = Graph.undirected(RandomGraphs.ofEdges(new int[][]{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}}));
        VertexSets edges = MaximalCliques.all(c5, 2, 2);
        assertEquals(5, edges.count());
        for (int[] s : edges.sorted()) {
            assertEquals(2, s.length);
        }
        assertEquals(0, MaximalCliques.all(c5, 3, 2).count());
        Graph empty = Graph.undirected(Relation.of(2, new int[][]{{1, 1}}));
        assertEquals(0, MaximalCliques.all(empty, 0, 2).count());
    }

    @Test
    void rowsMapBackToTheRelationsValues() {
        Relation r = RandomGraphs.relation(new Random(5), 13, 0.5);
        BruteForceCliques want = new BruteForceCliques(r);
        Graph g = Graph.undirected(r);
        assertEquals(want.rows(want.maximal(3)), MaximalCliques.all(g, 3, 3).rows(g, true));
    }

    /** Neighbourhoods over 64 vertices, and hubs with many excluded neighbours. */
    @Test
    void largerGraphsMatchAPlainSearch() {
        Random rnd = new Random(3);
        Graph planted = Graph.undirected(ReferenceCliques.planted(rnd, 200, 0.06, 80, 0.55));
        Graph bipartite = Graph.undirected(ReferenceCliques.bipartiteCores(rnd, 75, 0.15, 60));
        for (Graph g : new Graph[]{planted, bipartite}) {
            ReferenceCliques ref = new ReferenceCliques(g);
            for (int minSize : new int[]{1, 5}) {
                List<int[]> expected = ref.maximal(minSize);
                for (int threads : new int[]{1, 3}) {
                    assertSameSets(expected, MaximalCliques.all(g, minSize, threads), "minSize " + minSize);
                    assertEquals(expected.size(), MaximalCliques.count(g, minSize, threads).sets(), "minSize " + minSize);
                }
            }
        }
    }

    private static List<String> text(VertexSets s) {
        return s.sorted().stream().map(Arrays::toString).toList();
    }
}
