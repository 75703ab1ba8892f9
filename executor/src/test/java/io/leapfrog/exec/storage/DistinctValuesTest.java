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

    @Test
    void aTrieBuiltFirstGivesItsColumnsDistinctCount() {
        Relation r = Relation.of(2, new int[][]{{1, 5}, {1, 7}, {3, 5}, {2, 9}, {4, 9}});
        r.trie(new int[]{1, 0});
        assertEquals(3, r.distinctCount(1));
        assertEquals(4, r.distinctCount(0));
        assertEquals(3, Relation.of(2, new int[][]{{1, 5}, {1, 7}, {3, 5}, {2, 9}, {4, 9}}).distinctCount(1));
    }
}
