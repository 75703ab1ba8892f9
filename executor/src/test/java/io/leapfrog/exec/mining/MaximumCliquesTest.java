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

/** All maximum cliques and ω, against brute force, known answers and a plain search. */
class MaximumCliquesTest {
    @Property(tries = 120)
    void maximumCliquesMatchBruteForce(@ForAll @IntRange(min = 1, max = 1_000_000) int seed) {
        Random rnd = new Random(seed);
        Relation r = RandomGraphs.forSeed(rnd, seed);
        BruteForceCliques want = new BruteForceCliques(r);
        Graph g = Graph.undirected(r);
        for (int threads : new int[]{1, 3}) {
            String what = threads + " threads, seed " + seed;
            VertexSets all = MaximumCliques.all(g, threads);
            assertSameSets(want.maximum(), all, what);
            assertEquals(all.counts(), MaximumCliques.count(g, threads), what);
            assertEquals(want.omega(), MaximumCliques.size(g, threads), what);
        }
    }

    @Test
    void knownAnswers() {
        Graph k9 = Graph.undirected(RandomGraphs.complete(9));
        assertEquals(9, MaximumCliques.size(k9, 2));
        assertEquals(List.of("[0, 1, 2, 3, 4, 5, 6, 7, 8]"), text(MaximumCliques.all(k9, 2)));

        Graph c5 = Graph.undirected(RandomGraphs.ofEdges(new int[][]{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}}));
        assertEquals(2, MaximumCliques.size(c5, 2));
        assertEquals(5, MaximumCliques.all(c5, 2).count());

        // Two triangles joined by an edge, and an edge apart; values 3 - 7v reverse the numbering.
        Graph twoTriangles = Graph.undirected(RandomGraphs.ofEdges(new int[][]{
                {0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}, {2, 3}, {6, 7}}));
        assertEquals(3, MaximumCliques.size(twoTriangles, 1));
        VertexSets triangles = MaximumCliques.all(twoTriangles, 3);
        assertEquals(Relation.of(2, new int[][]{{0, -32}, {0, -25}, {0, -18}, {1, -11}, {1, -4}, {1, 3}}),
                triangles.rows(twoTriangles, true));

        Graph empty = Graph.undirected(Relation.of(2, new int[][]{{2, 2}, {3, 3}}));
        assertEquals(0, MaximumCliques.size(empty, 2));
        assertEquals(0, MaximumCliques.all(empty, 2).count());
        assertEquals(SetCount.NONE, MaximumCliques.count(empty, 2));
        assertEquals(new SetCount(5, 10), MaximumCliques.count(c5, 2));
    }

    /** Neighbourhoods over 64 vertices; several maximum cliques planted among many near-maximum ones. */
    @Test
    void largerGraphsMatchAPlainSearch() {
        Random rnd = new Random(19);
        for (int round = 0; round < 6; round++) {
            Graph g = Graph.undirected(round < 4
                    ? ReferenceCliques.planted(rnd, 200, 0.05, 90, 0.5 + 0.05 * round)
                    : ReferenceCliques.bipartiteCores(rnd, 70 + 5 * round, 0.06 * round - 0.12, 50));
            ReferenceCliques ref = new ReferenceCliques(g);
            long[] counts = ref.countsBySize();
            int omega = counts.length - 1;
            while (counts[omega] == 0) {
                omega--;
            }
            for (int threads : new int[]{1, 3}) {
                assertEquals(omega, MaximumCliques.size(g, threads));
                assertSameSets(ref.cliques(omega), MaximumCliques.all(g, threads), "round " + round);
                assertEquals(new SetCount(counts[omega], counts[omega] * omega), MaximumCliques.count(g, threads), "round " + round);
            }
        }
    }

    private static List<String> text(VertexSets s) {
        return s.sorted().stream().map(Arrays::toString).toList();
    }
}
