package io.leapfrog.exec.storage;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RelationTest {
    private static final Comparator<int[]> LEX = Arrays::compare;

    /** The expected content: a sorted set of rows. */
    private static TreeSet<int[]> set(int[][] rows) {
        TreeSet<int[]> s = new TreeSet<>(LEX);
        s.addAll(Arrays.asList(rows));
        return s;
    }

    private static List<int[]> rows(Relation r) {
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < r.size(); i++) {
            out.add(r.row(i));
        }
        return out;
    }

    private static void assertRows(TreeSet<int[]> expected, Relation r) {
        List<int[]> got = rows(r);
        assertEquals(expected.size(), got.size(), r.toString());
        int i = 0;
        for (int[] e : expected) {
            assertArrayEquals(e, got.get(i++));
        }
    }

    private static int[][] randomRows(Random rnd, int arity, int n, int range) {
        int[][] rows = new int[n][arity];
        for (int[] r : rows) {
            for (int c = 0; c < arity; c++) {
                int v = rnd.nextInt(range) - range / 2;
                r[c] = rnd.nextInt(50) == 0 ? (rnd.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE) : v;
            }
        }
        return rows;
    }

    @Test
    void sortsAndDeduplicatesEveryArity() {
        Random rnd = new Random(7);
        for (int arity = 1; arity <= 4; arity++) {
            for (int n : new int[]{0, 1, 5, 200, 70_000}) {
                int[][] rows = randomRows(rnd, arity, n, 20);
                assertRows(set(rows), Relation.of(arity, rows));
            }
        }
    }

    @Test
    void rowsAlreadyInOrderAreKeptAndAlmostSortedOnesSorted() {
        int[][] sorted = {{1, 2}, {1, 3}, {2, 0}, {5, -1}};
        assertRows(set(sorted), Relation.of(2, sorted));
        int[][] duplicate = {{1, 2}, {1, 3}, {1, 3}, {5, -1}};
        assertRows(set(duplicate), Relation.of(2, duplicate));
        int[][] lastOutOfOrder = {{1, 2}, {1, 3}, {2, 0}, {1, 4}};
        assertRows(set(lastOutOfOrder), Relation.of(2, lastOutOfOrder));
        int[][] wide = {{0, 0, 1}, {0, 1, 0}, {1, 0, 0}};
        assertRows(set(wide), Relation.of(3, wide));
        assertEquals(3, Relation.ofColumns(new int[]{3, 1, 2}).size());
    }

    @Test
    void nullaryRelations() {
        assertEquals(0, Relation.empty(0).size());
        Relation one = Relation.of(0, new int[][]{{}, {}});
        assertEquals(1, one.size());
        assertTrue(one.contains(new int[0]));
        assertEquals(1, Relation.of(2, new int[][]{{1, 2}, {3, 4}}).project().size());
        assertEquals(0, one.minus(one).size());
    }

    @Test
    void containsUnionMinus() {
        Random rnd = new Random(8);
        for (int arity = 1; arity <= 3; arity++) {
            int[][] a = randomRows(rnd, arity, 300, 10);
            int[][] b = randomRows(rnd, arity, 300, 10);
            Relation ra = Relation.of(arity, a);
            Relation rb = Relation.of(arity, b);
            TreeSet<int[]> union = set(a);
            union.addAll(Arrays.asList(b));
            assertRows(union, ra.union(rb));
            TreeSet<int[]> minus = set(a);
            minus.removeAll(set(b));
            assertRows(minus, ra.minus(rb));
            // a few rows taken from many (minus gallops through the large side), and many from a few
            int[][] few = randomRows(rnd, arity, 7, 10);
            int[][] many = randomRows(rnd, arity, 3000, 10);
            TreeSet<int[]> fewMinusMany = set(few);
            fewMinusMany.removeAll(set(many));
            assertRows(fewMinusMany, Relation.of(arity, few).minus(Relation.of(arity, many)));
            TreeSet<int[]> manyMinusFew = set(many);
            manyMinusFew.removeAll(set(few));
            assertRows(manyMinusFew, Relation.of(arity, many).minus(Relation.of(arity, few)));
            for (int[] t : randomRows(rnd, arity, 100, 12)) {
                assertEquals(set(a).contains(t), ra.contains(t));
            }
        }
        Relation r = Relation.of(2, new int[][]{{1, 2}});
        assertSame(r, r.union(Relation.empty(2)));
        assertThrows(IllegalArgumentException.class, () -> r.union(Relation.empty(3)));
    }

    @Test
    void selectProjectAndDistinctCounts() {
        Random rnd = new Random(9);
        int[][] rows = randomRows(rnd, 3, 500, 8);
        Relation r = Relation.of(3, rows);
        for (int col = 0; col < 3; col++) {
            int value = rows[0][col];
            TreeSet<int[]> expected = new TreeSet<>(LEX);
            TreeSet<Integer> distinct = new TreeSet<>();
            for (int[] t : rows) {
                distinct.add(t[col]);
                if (t[col] == value) {
                    expected.add(t);
                }
            }
            assertRows(expected, r.select(col, value));
            assertEquals(distinct.size(), r.distinctCount(col));
            assertEquals(distinct.size(), r.distinctCount(col)); // cached
        }
        TreeSet<int[]> eq = new TreeSet<>(LEX);
        for (int[] t : rows) {
            if (t[0] == t[2]) {
                eq.add(t);
            }
        }
        assertRows(eq, r.selectEqualColumns(0, 2));
        for (int[] cols : new int[][]{{0}, {0, 1}, {2, 0}, {1, 1}, {2, 1, 0}, {0, 1, 2}}) {
            TreeSet<int[]> p = new TreeSet<>(LEX);
            for (int[] t : rows) {
                int[] q = new int[cols.length];
                for (int i = 0; i < cols.length; i++) {
                    q[i] = t[cols[i]];
                }
                p.add(q);
            }
            assertRows(p, r.project(cols));
        }
    }

    @Test
    void triesInEveryOrderHoldTheSameTuples() {
        Random rnd = new Random(10);
        int[][] rows = randomRows(rnd, 3, 400, 6);
        Relation r = Relation.of(3, rows);
        int[][] orders = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
        for (int[] order : orders) {
            Trie t = r.trie(order);
            assertSame(t, r.trie(order.clone()), "cached");
            assertEquals(r.size(), t.size());
            TreeSet<int[]> expected = new TreeSet<>(LEX);
            for (int[] row : rows) {
                expected.add(new int[]{row[order[0]], row[order[1]], row[order[2]]});
            }
            int[][] got = t.tuples();
            int i = 0;
            for (int[] e : expected) {
                assertArrayEquals(e, got[i++]);
            }
            // structure: sorted distinct children, offsets cover each level exactly
            for (int l = 0; l < 2; l++) {
                assertEquals(t.values[l].length + 1, t.offsets[l].length);
                assertEquals(0, t.offsets[l][0]);
                assertEquals(t.values[l + 1].length, t.offsets[l][t.values[l].length]);
                for (int j = 0; j < t.values[l].length; j++) {
                    assertTrue(t.offsets[l][j] < t.offsets[l][j + 1], "every node has a child");
                    for (int x = t.offsets[l][j] + 1; x < t.offsets[l][j + 1]; x++) {
                        assertTrue(t.values[l + 1][x - 1] < t.values[l + 1][x]);
                    }
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> r.trie(new int[]{0, 0, 1}));
    }

    @Test
    void smallTrieLayout() {
        Relation r = Relation.of(2, new int[][]{{1, 5}, {1, 7}, {3, 5}, {2, 9}});
        Trie t = r.trie(new int[]{1, 0});
        assertArrayEquals(new int[]{5, 7, 9}, t.values[0]);
        assertArrayEquals(new int[]{1, 3, 1, 2}, t.values[1]);
        assertArrayEquals(new int[]{0, 2, 3, 4}, t.offsets[0]);
        Trie empty = Relation.empty(2).trie(new int[]{0, 1});
        assertEquals(0, empty.values[0].length);
        assertFalse(Relation.empty(1).contains(new int[]{1}));
    }

    @Test
    void symbolTableInternsInInsertionOrder() throws Exception {
        SymbolTable s = new SymbolTable();
        assertEquals(0, s.intern("b"));
        assertEquals(1, s.intern("a"));
        assertEquals(0, s.intern("b"));
        assertEquals("a", s.symbol(1));
        assertEquals(-1, s.lookup("zz"));
        assertThrows(IllegalArgumentException.class, () -> s.symbol(5));
        Thread[] ts = new Thread[4];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = new Thread(() -> {
                for (int j = 0; j < 5000; j++) {
                    int id = s.intern("s" + j);
                    assertEquals("s" + j, s.symbol(id));
                }
            });
            ts[i].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        assertEquals(5002, s.size());
    }
}
