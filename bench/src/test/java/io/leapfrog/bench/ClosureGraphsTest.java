package io.leapfrog.bench;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ClosureGraphsTest {

    @Test
    void chainClosureIsTriangular() {
        EdgeList chain = ClosureGraphs.chain(50);
        assertEquals(49, chain.size());
        assertEquals(50L * 49 / 2, ClosureGraphs.closureSize(chain));
    }

    @Test
    void closureOfACycleIsEveryPair() {
        EdgeList cycle = new EdgeList(new int[] {0, 1, 2, 3}, new int[] {1, 2, 3, 0});
        assertEquals(16, ClosureGraphs.closureSize(cycle)); // includes (x, x) via the cycle
    }

    @Test
    void randomGraphHasDistinctEdgesWithoutLoopsAndIsReproducible() {
        EdgeList g = ClosureGraphs.random(100, 500, 7);
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < g.size(); i++) {
            assertNotEquals(g.src()[i], g.dst()[i]);
            seen.add((long) g.src()[i] * 100 + g.dst()[i]);
        }
        assertEquals(500, seen.size());
        assertEquals(ClosureGraphs.closureSize(g), ClosureGraphs.closureSize(ClosureGraphs.random(100, 500, 7)));
        assertThrows(BenchException.class, () -> ClosureGraphs.random(3, 4, 1));
    }
}
