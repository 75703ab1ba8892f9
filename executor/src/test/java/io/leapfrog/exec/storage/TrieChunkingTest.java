package io.leapfrog.exec.storage;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link Trie#fromSortedColumns} gives the same trie in any number of row chunks, and that trie is the
 * one a plain reading of the definition gives: level l lists the distinct prefixes of length l + 1,
 * and a node's offset is the position of its first child.
 */
class TrieChunkingTest {

    @Test
    void everyChunkingBuildsTheTrieOfTheDefinition() {
        Random rnd = new Random(11);
        for (int trial = 0; trial < 300; trial++) {
            int arity = 1 + rnd.nextInt(4);
            int rows = trial < 10 ? trial : rnd.nextInt(3000);
            int range = 1 + rnd.nextInt(trial % 3 == 0 ? 3 : 40);
            int[][] cols = sortedDistinct(rnd, arity, rows, range);
            int n = cols[0].length;
            Parts expected = reference(cols, n);
            for (int chunks : new int[] {1, 2, 3, 7, 64, Math.max(1, n)}) {
                Trie t = Trie.fromSortedColumns(cols, n, chunks);
                String what = "arity " + arity + ", " + n + " rows, " + chunks + " chunks";
                assertEquals(n, t.size(), what);
                for (int l = 0; l < arity; l++) {
                    assertArrayEquals(expected.values()[l], t.values[l], what + ": values of level " + l);
                }
                for (int l = 0; l < arity - 1; l++) {
                    assertArrayEquals(expected.offsets()[l], t.offsets[l], what + ": offsets of level " + l);
                }
            }
        }
    }

    @Test
    void aLargeRelationIsBuiltInChunksAlike() {
        Random rnd = new Random(5);
        int[][] cols = sortedDistinct(rnd, 2, 2 * RowChunks.PARALLEL_ROWS, 3000);
        int n = cols[0].length;
        Trie one = Trie.fromSortedColumns(cols, n, 1);
        Trie many = Trie.fromSortedColumns(cols, n);
        assertArrayEquals(one.values[0], many.values[0]);
        assertArrayEquals(one.offsets[0], many.offsets[0]);
        assertArrayEquals(one.values[1], many.values[1]);
    }

    /** Random distinct tuples of values in [0, range), sorted, as columns. */
    private static int[][] sortedDistinct(Random rnd, int arity, int rows, int range) {
        TreeSet<int[]> tuples = new TreeSet<>(Arrays::compare);
        for (int i = 0; i < rows; i++) {
            int[] t = new int[arity];
            for (int c = 0; c < arity; c++) {
                t[c] = rnd.nextInt(range) - range / 2;
            }
            tuples.add(t);
        }
        int[][] cols = new int[arity][tuples.size()];
        int i = 0;
        for (int[] t : tuples) {
            for (int c = 0; c < arity; c++) {
                cols[c][i] = t[c];
            }
            i++;
        }
        return cols;
    }

    /** A trie's arrays. */
    private record Parts(int[][] values, int[][] offsets) { }

    /** The trie read off the definition, prefix by prefix. */
    private static Parts reference(int[][] cols, int n) {
        int arity = cols.length;
        List<List<int[]>> prefixes = new ArrayList<>();
        for (int l = 0; l < arity; l++) {
            List<int[]> level = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int[] p = new int[l + 1];
                for (int c = 0; c <= l; c++) {
                    p[c] = cols[c][i];
                }
                if (level.isEmpty() || !Arrays.equals(level.get(level.size() - 1), p)) {
                    level.add(p);
                }
            }
            prefixes.add(level);
        }
        int[][] values = new int[arity][];
        int[][] offsets = new int[arity - 1][];
        for (int l = 0; l < arity; l++) {
            List<int[]> level = prefixes.get(l);
            values[l] = level.stream().mapToInt(p -> p[p.length - 1]).toArray();
            if (l < arity - 1) {
                List<int[]> children = prefixes.get(l + 1);
                offsets[l] = new int[level.size() + 1];
                int child = 0;
                for (int j = 0; j < level.size(); j++) {
                    while (!Arrays.equals(Arrays.copyOf(children.get(child), l + 1), level.get(j))) {
                        child++;
                    }
                    offsets[l][j] = child;
                }
                offsets[l][level.size()] = children.size();
            }
        }
        return new Parts(values, offsets);
    }
}
