package io.leapfrog.exec.storage;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

class ColumnReorderTest {

    /** Every permutation of 0..k-1. */
    private static List<int[]> permutations(int k) {
        List<int[]> out = new ArrayList<>();
        permute(new int[k], new boolean[k], 0, out);
        return out;
    }

    private static void permute(int[] cur, boolean[] used, int at, List<int[]> out) {
        if (at == cur.length) {
            out.add(cur.clone());
            return;
        }
        for (int c = 0; c < cur.length; c++) {
            if (!used[c]) {
                used[c] = true;
                cur[at] = c;
                permute(cur, used, at + 1, out);
                used[c] = false;
            }
        }
    }

    /** The relation's rows in the column order, sorted: what the reordered columns must hold. */
    private static int[][] expected(Relation r, int[] order) {
        TreeSet<int[]> s = new TreeSet<>(Arrays::compare);
        for (int i = 0; i < r.size(); i++) {
            int[] t = new int[order.length];
            for (int l = 0; l < order.length; l++) {
                t[l] = r.get(i, order[l]);
            }
            s.add(t);
        }
        return s.toArray(new int[0][]);
    }

    private static int[][] columnsOf(Relation r) {
        int[][] cols = new int[r.arity()][];
        for (int c = 0; c < cols.length; c++) {
            cols[c] = r.column(c);
        }
        return cols;
    }

    @Test
    void reordersDenseColumnsForEveryPermutation() {
        Random rnd = new Random(11);
        for (int arity = 1; arity <= 4; arity++) {
            for (int n : new int[]{1, 2, 17, 600}) {
                int[][] rows = new int[n][arity];
                for (int[] row : rows) {
                    for (int c = 0; c < arity; c++) {
                        row[c] = rnd.nextInt(9) - 4; // negative values too
                    }
                }
                Relation r = Relation.of(arity, rows);
                for (int[] order : permutations(arity)) {
                    int[][] got = ColumnReorder.reorder(columnsOf(r), r.size(), order);
                    assertNotNull(got, "dense values are counting-sorted");
                    int[][] want = expected(r, order);
                    for (int i = 0; i < want.length; i++) {
                        for (int l = 0; l < arity; l++) {
                            assertEquals(want[i][l], got[l][i], "order " + Arrays.toString(order) + " row " + i);
                        }
                    }
                }
            }
        }
    }

    @Test
    void leavesWidelySpreadColumnsToTheComparisonSort() {
        Relation r = Relation.of(2, new int[][]{{1, Integer.MIN_VALUE}, {2, Integer.MAX_VALUE}, {3, 0}});
        assertNull(ColumnReorder.reorder(columnsOf(r), r.size(), new int[]{1, 0}));
        // the relation still builds that trie, by sorting
        assertArrayEquals(new int[]{Integer.MIN_VALUE, 0, Integer.MAX_VALUE}, r.trie(new int[]{1, 0}).values[0]);
    }

    @Test
    void sortsOnlyByTheColumnsBeforeTheIncreasingTail() {
        assertEquals(0, ColumnReorder.leadingPasses(new int[]{0, 1, 2}));
        assertEquals(1, ColumnReorder.leadingPasses(new int[]{1, 0}));
        assertEquals(1, ColumnReorder.leadingPasses(new int[]{2, 0, 1}));
        assertEquals(2, ColumnReorder.leadingPasses(new int[]{0, 2, 1}));
        assertEquals(2, ColumnReorder.leadingPasses(new int[]{2, 1, 0}));
        assertEquals(0, ColumnReorder.leadingPasses(new int[0]));
    }
}
