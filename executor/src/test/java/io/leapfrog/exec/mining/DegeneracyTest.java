package io.leapfrog.exec.mining;

import io.leapfrog.exec.storage.Relation;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Core numbers and the degeneracy order against naive peeling: remove a vertex of least remaining degree
 * until none is left; a vertex's core number is the largest least degree seen up to its removal.
 */
class DegeneracyTest {
    @Property(tries = 80)
    void coreNumbersAndOrderMatchNaivePeeling(@ForAll @IntRange(min = 1, max = 1_000_000) int seed) {
        Random rnd = new Random(seed);
        int n = 1 + rnd.nextInt(seed % 5 == 0 ? 120 : 30);
        Graph g = Graph.undirected(RandomGraphs.relation(rnd, n, rnd.nextDouble() * rnd.nextDouble()));
        check(g);
    }

    @Test
    void knownGraphs() {
        Degeneracy k7 = check(Graph.undirected(RandomGraphs.complete(7)));
        assertEquals(6, k7.degeneracy());
        Graph star = Graph.undirected(RandomGraphs.ofEdges(new int[][]{{0, 1}, {0, 2}, {0, 3}, {0, 4}}));
        assertEquals(1, check(star).degeneracy());
        Graph cycle = Graph.undirected(RandomGraphs.ofEdges(new int[][]{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}}));
        assertEquals(2, check(cycle).degeneracy());
        assertEquals(0, check(Graph.undirected(Relation.of(2, new int[][]{{5, 5}}))).degeneracy());
    }

    /** Checks d against naive peeling and the order's defining property; returns it. */
    private static Degeneracy check(Graph g) {
        int n = g.size();
        Degeneracy d = Degeneracy.of(g);
        int[] naive = naiveCores(g);
        int max = 0;
        for (int v = 0; v < n; v++) {
            assertEquals(naive[v], d.core(v), "core number of vertex " + v);
            max = Math.max(max, naive[v]);
        }
        assertEquals(max, d.degeneracy());
        int[] order = d.order();
        assertEquals(n, order.length);
        boolean[] seen = new boolean[n];
        for (int i = 0; i < n; i++) {
            assertEquals(i, d.position(order[i]));
            assertTrue(!seen[order[i]], "each vertex once in the order");
            seen[order[i]] = true;
        }
        // Removing vertices in that order removes one of least remaining degree each time.
        int[] deg = new int[n];
        boolean[] removed = new boolean[n];
        for (int v = 0; v < n; v++) {
            deg[v] = g.degree(v);
        }
        for (int i = 0; i < n; i++) {
            int least = Integer.MAX_VALUE;
            for (int v = 0; v < n; v++) {
                if (!removed[v]) {
                    least = Math.min(least, deg[v]);
                }
            }
            int v = order[i];
            assertEquals(least, deg[v], "step " + i + " removes a vertex of least remaining degree");
            assertTrue(deg[v] <= d.degeneracy());
            removed[v] = true;
            for (int u : g.neighbours(v)) {
                deg[u]--;
            }
        }
        return d;
    }

    private static int[] naiveCores(Graph g) {
        int n = g.size();
        int[] deg = new int[n];
        int[] core = new int[n];
        boolean[] removed = new boolean[n];
        for (int v = 0; v < n; v++) {
            deg[v] = g.degree(v);
        }
        int k = 0;
        for (int step = 0; step < n; step++) {
            int best = -1;
            for (int v = 0; v < n; v++) {
                if (!removed[v] && (best < 0 || deg[v] < deg[best])) {
                    best = v;
                }
            }
            k = Math.max(k, deg[best]);
            core[best] = k;
            removed[best] = true;
            for (int u : g.neighbours(best)) {
                deg[u]--;
            }
        }
        return core;
    }
}
