package io.leapfrog.exec.mining;

import io.leapfrog.common.LeapfrogException;

import io.leapfrog.exec.storage.Relation;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static io.leapfrog.exec.mining.SetAssertions.assertSameSets;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** k-cliques, counted and listed, against brute force, known answers and a plain search on larger graphs. */
class KCliquesTest {
    /** Small graphs (most of 14 vertices or fewer, one in ten of 18 to 20) for k = 1..7 and k past ω. */
    @Property(tries = 80)
    void countAndListMatchBruteForce(@ForAll @IntRange(min = 1, max = 1_000_000) int seed) {
        Random rnd = new Random(seed);
        Relation r = RandomGraphs.forSeed(rnd, seed);
        BruteForceCliques want = new BruteForceCliques(r);
        Graph g = Graph.undirected(r);
        int omega = want.omega();
        for (int k : new int[]{1, 2, 3, 4, 5, 6, 7, omega + 1, omega + 3}) {
            List<int[]> expected = want.cliques(k);
            for (int threads : new int[]{1, 3}) {
                String what = "k = " + k + ", " + threads + " threads, seed " + seed;
                VertexSets listed = KCliques.list(g, k, threads);
                assertSameSets(expected, listed, what);
                assertEquals(listed.count(), KCliques.count(g, k, threads), what);
                for (KCliqueSearch s : KCliqueSearch.values()) {
                    assertEquals(listed.count(), KCliques.count(g, k, threads, s), what + ", " + s);
                }
            }
        }
    }

    @Test
    void rowsMapBackToTheRelationsValues() {
        Random rnd = new Random(7);
        Relation r = RandomGraphs.relation(rnd, 12, 0.6);
        BruteForceCliques want = new BruteForceCliques(r);
        Graph g = Graph.undirected(r);
        VertexSets triangles = KCliques.list(g, 3, 3);
        assertEquals(want.rows(want.cliques(3)), triangles.rows(g, true));
        assertEquals(triangles.count(), triangles.rows(g, false).size());
    }

    @Test
    void completeGraphHasBinomiallyManyKCliques() {
        for (int n : new int[]{2, 5, 9, 16}) {
            Graph g = Graph.undirected(RandomGraphs.complete(n));
            for (int k = 1; k <= n + 1; k++) {
                assertEquals(binomial(n, k), KCliques.count(g, k, 1), "K" + n + ", k = " + k);
                assertEquals(binomial(n, k), KCliques.count(g, k, 3), "K" + n + ", k = " + k);
                for (KCliqueSearch s : KCliqueSearch.values()) {
                    assertEquals(binomial(n, k), KCliques.count(g, k, 2, s), "K" + n + ", k = " + k + ", " + s);
                }
            }
            assertEquals(binomial(n, n - 1), KCliques.list(g, n - 1, 2).count());
        }
        Graph k20 = Graph.undirected(RandomGraphs.complete(20));
        assertEquals(binomial(20, 12), KCliques.count(k20, 12, 2));
        assertEquals(binomial(20, 14), KCliques.list(k20, 14, 2).sorted().size());
    }

    /** Neighbourhoods over 64 vertices: bit matrices of several words a row. */
    @Test
    void largerGraphsMatchAPlainSearch() {
        Random rnd = new Random(11);
        Graph planted = Graph.undirected(ReferenceCliques.planted(rnd, 220, 0.05, 85, 0.6));
        Graph bipartite = Graph.undirected(ReferenceCliques.bipartiteCores(rnd, 75, 0.15, 60));
        for (Graph g : new Graph[]{planted, bipartite}) {
            ReferenceCliques ref = new ReferenceCliques(g);
            long[] counts = ref.countsBySize();
            for (int k = 1; k < counts.length; k++) {
                for (int threads : new int[]{1, 3}) {
                    assertEquals(counts[k], KCliques.count(g, k, threads), "k = " + k + ", " + threads + " threads");
                }
                for (KCliqueSearch s : KCliqueSearch.values()) {
                    assertEquals(counts[k], KCliques.count(g, k, 2, s), "k = " + k + ", " + s);
                }
            }
            assertSameSets(ref.cliques(5), KCliques.list(g, 5, 3), "5-cliques");
        }
    }

    /** Pivoting counts binomials near 2^63 exactly and refuses a count past it. */
    @Test
    void pivotingIsExactUpToTheLargestLong() {
        assertEquals(7219428434016265740L, KCliques.count(Graph.undirected(RandomGraphs.complete(66)), 33, 2,
                KCliqueSearch.PIVOTING));
        Graph k67 = Graph.undirected(RandomGraphs.complete(67));
        LeapfrogException e = assertThrows(LeapfrogException.class, () -> KCliques.count(k67, 33, 2, KCliqueSearch.PIVOTING));
        assertTrue(e.getMessage().contains("passes 2^63 - 1"), e.getMessage());
    }

    @Test
    void edgeCases() {
        Graph empty = Graph.undirected(Relation.of(2, new int[][]{{4, 4}}));
        assertEquals(0, KCliques.count(empty, 1, 2));
        assertEquals(0, KCliques.list(empty, 3, 2).count());
        Graph edge = Graph.undirected(Relation.of(2, new int[][]{{-4, 9}, {9, -4}}));
        assertEquals(1, KCliques.count(edge, 2, 1));
        assertEquals(0, KCliques.count(edge, 3, 1));
        assertEquals(0, KCliques.count(edge, Integer.MAX_VALUE, 1));
        assertThrows(IllegalArgumentException.class, () -> KCliques.count(edge, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> KCliques.list(edge, -1, 1));
    }

    private static long binomial(int n, int k) {
        if (k < 0 || k > n) {
            return 0;
        }
        long c = 1;
        for (int i = 1; i <= k; i++) {
            c = c * (n - k + i) / i;
        }
        return c;
    }
}
