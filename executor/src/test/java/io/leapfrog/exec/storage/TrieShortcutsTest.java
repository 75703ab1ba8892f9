package io.leapfrog.exec.storage;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/** The trie's fast paths: the reversed binary trie by one counting pass, and the first level's rank table. */
class TrieShortcutsTest {

    @Test
    void reversedPairsEqualTheSortedReversedTrie() {
        Random rnd = new Random(5);
        for (int n : new int[]{1, 2, 30, 2000}) {
            for (int spread : new int[]{3, 50, 4000}) {
                int[][] rows = new int[n][];
                for (int i = 0; i < n; i++) {
                    rows[i] = new int[]{rnd.nextInt(spread) - spread / 2, rnd.nextInt(spread) - spread / 3};
                }
                Relation r = Relation.of(2, rows);
                int[][] cols = {r.column(0), r.column(1)};
                Trie fast = Trie.reversedPairs(cols[0], cols[1], r.size(), ValueSpan.of(cols[1], r.size()));
                int[][] reordered = ColumnSorter.sortDistinct(new int[][]{cols[1].clone(), cols[0].clone()}, r.size());
                Trie sorted = Trie.fromSortedColumns(reordered, r.size());
                String what = n + " rows over " + spread + " values";
                assertEquals(sorted.size(), fast.size(), what);
                for (int l = 0; l < 2; l++) {
                    assertArrayEquals(sorted.values[l], fast.values[l], what + ", level " + l);
                }
                assertArrayEquals(sorted.offsets[0], fast.offsets[0], what);
                assertArrayEquals(sorted.values[0], r.trie(new int[]{1, 0}).values[0], "the relation uses it");
            }
        }
    }

    @Test
    void rootRankGivesEachFirstLevelValuesPosition() {
        Relation r = Relation.of(2, new int[][]{{-3, 1}, {-3, 2}, {0, 1}, {4, 9}, {7, 7}});
        Trie t = r.trie();
        RootRank rank = t.rootRank();
        assertNotNull(rank);
        assertSame(rank, t.rootRank(), "built once");
        int[] roots = t.values[0];
        for (int i = 0; i < roots.length; i++) {
            assertEquals(i, rank.positionOf(roots[i]));
        }
        for (int absent : new int[]{-4, -2, 1, 5, 8, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            assertEquals(-1, rank.positionOf(absent), "value " + absent);
        }
        assertEquals(Arrays.asList(-3, 0, 4, 7), Arrays.stream(roots).boxed().toList());
    }

    @Test
    void sparseFirstLevelsHaveNoRankTable() {
        Relation r = Relation.of(1, new int[][]{{0}, {1_000_000}, {Integer.MAX_VALUE}});
        assertNull(r.trie().rootRank(), "three values over the whole int range");
        assertNull(Relation.of(1, new int[0][]).trie().rootRank());
    }
}
