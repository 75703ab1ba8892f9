package io.leapfrog.bench;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RmatGraphsTest {

    @Test
    void directedGraphsKeepEachDrawsDirectionWithoutLoopsOrDuplicates() {
        EdgeList a = RmatGraphs.generateDirected(10, 2, 5);
        EdgeList b = RmatGraphs.generateDirected(10, 2, 5);
        assertTrue(Arrays.equals(a.src(), b.src()) && Arrays.equals(a.dst(), b.dst()));
        assertTrue(a.isSortedAndDistinct());
        int downward = 0;
        for (int i = 0; i < a.size(); i++) {
            assertNotEquals(a.src()[i], a.dst()[i]);
            assertTrue(a.src()[i] < 1024 && a.dst()[i] < 1024);
            if (a.src()[i] > a.dst()[i]) {
                downward++;
            }
        }
        // Labels are permuted, so about half the edges point to a smaller id.
        assertTrue(downward > a.size() / 3 && downward < a.size() * 2 / 3, downward + " of " + a.size());
        assertTrue(a.size() > 1_500 && a.size() <= 2_048, "edges " + a.size());
        // The undirected graph of the same draws has each pair once.
        assertTrue(RmatGraphs.generate(10, 2, 5).size() <= a.size());
    }

    @Test
    void closureDatasetNames() {
        assertEquals(14, RmatGraphs.closureScaleOf("rmat-tc-14"));
        assertEquals(-1, RmatGraphs.closureScaleOf("rmat-14"));
        assertThrows(BenchException.class, () -> RmatGraphs.closureScaleOf("rmat-tc-x"));
        assertThrows(BenchException.class, () -> RmatGraphs.closureScaleOf("rmat-tc-40"));
    }

    @Test
    void distinctDropsDuplicateEdgesAndSorts() {
        EdgeList g = new EdgeList(new int[] {3, 1, 3, 1}, new int[] {4, 2, 4, 0}).distinct();
        assertEquals(3, g.size());
        assertTrue(g.isSortedAndDistinct());
        assertEquals(1, g.src()[0]);
        assertEquals(0, g.dst()[0]);
    }
}
