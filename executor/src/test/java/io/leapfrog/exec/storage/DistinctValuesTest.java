package io.leapfrog.exec.storage;

import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DistinctValuesTest {

    @Test
    void countsDistinctValuesWithAndWithoutTheBitmap() {
        Random rnd = new Random(12);
        for (int range : new int[]{1, 7, 1000, 1 << 20}) {
            for (int n : new int[]{1, 5, 3000}) {
                int[] col = new int[n + 3];
                TreeSet<Integer> distinct = new TreeSet<>();
                for (int i = 0; i < n; i++) {
                    col[i] = rnd.nextInt(range) - range / 2;
                    distinct.add(col[i]);
                }
                col[n] = 123_456_789; // beyond n: not part of the column
                assertEquals(distinct.size(), DistinctValues.count(col, n), "range " + range + ", n " + n);
            }
        }
        assertEquals(0, DistinctValues.count(new int[0], 0));
        assertEquals(3, DistinctValues.count(new int[]{Integer.MIN_VALUE, Integer.MAX_VALUE, 0, 0}, 4));
        assertEquals(2, DistinctValues.count(new int[]{Integer.MAX_VALUE, Integer.MAX_VALUE - 1}, 2));
        assertEquals(2, DistinctValues.count(new int[]{Integer.MIN_VALUE, Integer.MIN_VALUE + 63}, 2));
    }

    /** Columns long enough to be counted in row chunks, against one-thread counts made here. */
    @Test
    void largeColumnsAreCountedInChunksExactly() {
        Random rnd = new Random(8);
        int n = 2 * RowChunks.PARALLEL_ROWS + 17;
        for (int range : new int[]{3, 1000, 1 << 20, Integer.MAX_VALUE}) {
            int[] col = new int[n];
            java.util.HashSet<Integer> distinct = new java.util.HashSet<>();
            int min = Integer.MAX_VALUE;
            int max = Integer.MIN_VALUE;
            for (int i = 0; i < n; i++) {
                col[i] = rnd.nextInt(range) - range / 2;
                distinct.add(col[i]);
                min = Math.min(min, col[i]);
                max = Math.max(max, col[i]);
            }
            assertEquals(distinct.size(), DistinctValues.count(col, n), "range " + range);
            assertEquals(new ValueSpan(min, max), ValueSpan.of(col, n), "range " + range);
            int[] sorted = col.clone();
            java.util.Arrays.sort(sorted);
            assertEquals(distinct.size(), DistinctValues.countRuns(sorted, n), "runs, range " + range);
        }
    }

    @Test
    void aTrieBuiltFirstGivesItsColumnsDistinctCount() {
        Relation r = Relation.of(2, new int[][]{{1, 5}, {1, 7}, {3, 5}, {2, 9}, {4, 9}});
        r.trie(new int[]{1, 0});
        assertEquals(3, r.distinctCount(1));
        assertEquals(4, r.distinctCount(0));
        assertEquals(3, Relation.of(2, new int[][]{{1, 5}, {1, 7}, {3, 5}, {2, 9}, {4, 9}}).distinctCount(1));
    }
}
