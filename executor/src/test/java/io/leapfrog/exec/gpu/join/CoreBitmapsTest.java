package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.Trie;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which rows and columns a trie level's core bitmap covers, within its budget. */
class CoreBitmapsTest {
    /** Levels of any size, at least 4 rows, within {@code bytes}. */
    private static GpuOptions.CoreBitmapPolicy small(long bytes) {
        return new GpuOptions.CoreBitmapPolicy(bytes, 1, 4);
    }

    /** Edges (a, b) with a < b among n nodes, as a graph numbered by degree has them. */
    private static Trie increasingGraph(int n, int edges, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] a = new int[edges];
        int[] b = new int[edges];
        for (int i = 0; i < edges; i++) {
            int u = r.nextInt(n - 1);
            a[i] = u;
            b[i] = u + 1 + r.nextInt(n - 1 - u);
        }
        return Relation.ofColumns(a, b).trie();
    }

    @Test
    void coversTheLastRowsThatFitTheBudget() {
        Trie t = increasingGraph(3000, 40_000, 1);
        CoreBitmaps.Shape s = CoreBitmaps.shape(t, 1, small(20000));
        assertNotNull(s);
        int parents = t.values[0].length;
        assertTrue(Integer.bitCount(s.rows()) == 1 && s.rows() >= 4, "rows are a power of two: " + s);
        assertEquals(parents - s.rows(), s.row0(), "the last rows of the level above");
        assertTrue(s.bytes() <= 20000, "within the budget: " + s);
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (int p = s.row0(); p < parents; p++) {
            for (int i = t.offsets[0][p]; i < t.offsets[0][p + 1]; i++) {
                min = Math.min(min, t.values[1][i]);
                max = Math.max(max, t.values[1][i]);
            }
        }
        assertEquals(min, s.col0(), "columns start at the covered rows' smallest child");
        assertTrue(s.col0() + 32L * s.words() > max, "and reach their largest");
        if (2 * s.rows() <= parents) {
            int min2 = Integer.MAX_VALUE;
            for (int p = parents - 2 * s.rows(); p < parents; p++) {
                if (t.offsets[0][p] < t.offsets[0][p + 1]) {
                    min2 = Math.min(min2, t.values[1][t.offsets[0][p]]);
                }
            }
            long words2 = ((long) max - min2 + 32) / 32;
            assertTrue(4L * 2 * s.rows() * words2 > 20000, "twice the rows would not fit: " + s);
        }
    }

    @Test
    void noneWhenOffTooSmallOrOverBudget() {
        Trie t = increasingGraph(3000, 40_000, 2);
        assertNull(CoreBitmaps.shape(t, 1, GpuOptions.CoreBitmapPolicy.DEFAULT), "a level under the default 2^22 values gets none");
        assertNull(CoreBitmaps.shape(t, 0, small(1000000)), "level 0 has no level above");
        assertNull(CoreBitmaps.shape(t, 1, small(8)), "not even the fewest rows fit 8 bytes");
        assertNotNull(CoreBitmaps.shape(t, 1, small(1000000)));
        assertNull(CoreBitmaps.shape(t, 1, GpuOptions.CoreBitmapPolicy.NONE), "turned off");
        assertEquals(0, CoreBitmaps.bytes(t, GpuOptions.CoreBitmapPolicy.NONE));
        assertEquals(CoreBitmaps.shape(t, 1, small(1000000)).bytes(), CoreBitmaps.bytes(t, small(1000000)));
    }
}
