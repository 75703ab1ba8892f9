package io.leapfrog.exec.storage;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The storage API the engine, the planner, the CLI and the benchmarks read: {@link Relation} (made, read,
 * combined), {@link RelationBuilder}, {@link Trie} and {@link SymbolTable}.
 */
class StorageApiTest {

    /** Every row of {@code r} in order. */
    private static List<List<Integer>> rows(Relation r) {
        List<List<Integer>> out = new ArrayList<>();
        for (int i = 0; i < r.size(); i++) {
            List<Integer> row = new ArrayList<>();
            for (int c = 0; c < r.arity(); c++) {
                row.add(r.get(i, c));
            }
            out.add(row);
        }
        return out;
    }

    /** (3,1) (1,2) (2,2) (1,1) with duplicates, in no order. */
    private static Relation sample() {
        return Relation.of(2, new int[][] {{3, 1}, {1, 2}, {2, 2}, {1, 1}, {1, 2}, {3, 1}});
    }

    @Nested
    class Relations {
        @Test
        void madeFromRowsOrColumnsTheyAreSortedSets() {
            Relation r = sample();
            assertEquals(2, r.arity());
            assertEquals(4, r.size());
            assertFalse(r.isEmpty());
            assertEquals(List.of(List.of(1, 1), List.of(1, 2), List.of(2, 2), List.of(3, 1)), rows(r));
            assertArrayEquals(new int[] {1, 1, 2, 3}, r.column(0));
            assertArrayEquals(new int[] {1, 2, 2, 1}, r.column(1));
            assertEquals(r, Relation.ofColumns(new int[] {3, 1, 2, 1, 1}, new int[] {1, 2, 2, 1, 2}));
            assertEquals(r.hashCode(), Relation.ofColumns(new int[] {3, 1, 2, 1}, new int[] {1, 2, 2, 1}).hashCode());
            assertNotEquals(r, Relation.of(2, new int[][] {{1, 1}}));
            assertThrows(IllegalArgumentException.class, () -> Relation.ofColumns(new int[] {1}, new int[] {1, 2}));

            Relation empty = Relation.empty(3);
            assertEquals(3, empty.arity());
            assertEquals(0, empty.size());
            assertTrue(empty.isEmpty());
        }

        @Test
        void rowsAreCopiesAndMembershipIsExact() {
            Relation r = sample();
            int[] row = r.row(1);
            assertArrayEquals(new int[] {1, 2}, row);
            row[0] = 99;
            assertArrayEquals(new int[] {1, 2}, r.row(1), "row() hands out a copy");
            assertTrue(r.contains(new int[] {2, 2}));
            assertFalse(r.contains(new int[] {2, 1}));
            assertFalse(r.contains(new int[] {0, 0}));
            assertFalse(r.contains(new int[] {4, 4}));
            assertThrows(IllegalArgumentException.class, () -> r.contains(new int[] {1}));
        }

        @Test
        void arityZeroHoldsNothingOrTheEmptyTuple() {
            Relation no = Relation.empty(0);
            Relation yes = Relation.of(0, new int[][] {{}, {}});
            assertEquals(0, no.size());
            assertEquals(1, yes.size());
            assertFalse(no.contains(new int[0]));
            assertTrue(yes.contains(new int[0]));
            assertEquals(yes, sample().project());
            assertEquals(no, Relation.empty(2).project());
        }

        @Test
        void setOperationsMakeNewRelationsAndLeaveTheirOperands() {
            Relation r = sample();
            Relation other = Relation.of(2, new int[][] {{0, 5}, {2, 2}, {9, 9}});
            Relation union = r.union(other);
            assertEquals(List.of(List.of(0, 5), List.of(1, 1), List.of(1, 2), List.of(2, 2), List.of(3, 1), List.of(9, 9)),
                    rows(union));
            assertEquals(4, r.size(), "the operands are unchanged");
            assertEquals(3, other.size());
            assertEquals(List.of(List.of(1, 1), List.of(1, 2), List.of(3, 1)), rows(r.minus(other)));
            assertEquals(r, r.minus(Relation.empty(2)));
            assertEquals(0, r.minus(r).size());
            assertEquals(r, r.union(Relation.empty(2)));
            assertThrows(IllegalArgumentException.class, () -> r.union(Relation.empty(3)));
            assertThrows(IllegalArgumentException.class, () -> r.minus(Relation.empty(1)));
        }

        @Test
        void selectionsAndProjections() {
            Relation r = sample();
            assertEquals(List.of(List.of(1, 1), List.of(1, 2)), rows(r.select(0, 1)));
            assertEquals(List.of(List.of(1, 2), List.of(2, 2)), rows(r.select(1, 2)));
            assertEquals(0, r.select(0, 7).size());
            assertEquals(List.of(List.of(1, 1), List.of(2, 2)), rows(r.selectEqualColumns(0, 1)));
            assertEquals(r.selectEqualColumns(0, 1), r.selectEqual(1, 0));
            assertEquals(List.of(List.of(1), List.of(2), List.of(3)), rows(r.project(0)), "distinct values");
            assertEquals(List.of(List.of(1, 1), List.of(1, 3), List.of(2, 1), List.of(2, 2)), rows(r.project(1, 0)));
            assertEquals(List.of(List.of(1, 1, 1), List.of(1, 2, 1), List.of(2, 2, 2), List.of(3, 1, 3)),
                    rows(r.project(0, 1, 0)), "a column may repeat");
            assertThrows(IllegalArgumentException.class, () -> r.project(2));
        }

        @Test
        void distinctCountsAreThePlannersStatistics() {
            Relation r = sample();
            assertEquals(3, r.distinctCount(0));
            assertEquals(2, r.distinctCount(1));
            assertEquals(0, Relation.empty(2).distinctCount(1));
        }

        @Test
        void triesAreBuiltOncePerColumnOrder() {
            Relation r = sample();
            int[] byColumn1 = {1, 0};
            assertFalse(r.hasTrie(byColumn1));
            assertFalse(r.hasCheapTrie(byColumn1), "another column order sorts the relation again");
            assertTrue(r.hasCheapTrie(new int[] {0, 1}), "the relation's own order is one pass");
            Trie t = r.trie(byColumn1);
            assertTrue(r.hasTrie(byColumn1));
            assertSame(t, r.trie(byColumn1), "built once, kept");
            assertSame(r.trie(), r.trie(new int[] {0, 1}));
            // level 0 holds column 1's values, level 1 column 0's
            assertArrayEquals(new int[] {1, 2}, t.values[0]);
            assertArrayEquals(new int[] {1, 3, 1, 2}, t.values[1]);
            assertArrayEquals(new int[] {0, 2, 4}, t.offsets[0]);
            assertThrows(IllegalArgumentException.class, () -> r.trie(new int[] {0, 0}));
            assertThrows(IllegalArgumentException.class, () -> r.trie(new int[] {0}));
        }
    }

    @Nested
    class Builders {
        @Test
        void aBuilderCollectsTuplesAndBuildsTheDistinctSortedRelation() {
            RelationBuilder b = new RelationBuilder(2);
            assertEquals(2, b.arity());
            b.add(5, 1);
            b.add(2, 8);
            b.add(new int[] {0, 0, 2, 8, 9}, 2);   // the tuple at offset 2: (2, 8)
            assertEquals(3, b.size(), "duplicates are counted until the build");
            Relation first = b.build();
            assertEquals(List.of(List.of(2, 8), List.of(5, 1)), rows(first));
            b.add(-1, 4);
            assertEquals(List.of(List.of(-1, 4), List.of(2, 8), List.of(5, 1)), rows(b.build()), "usable after a build");
            assertEquals(2, first.size(), "an earlier build is unchanged");

            RelationBuilder other = new RelationBuilder(2);
            other.add(7, 7);
            other.add(5, 1);
            b.addAll(other);
            b.addAll(Relation.of(2, new int[][] {{0, 3}}));
            assertEquals(7, b.size());
            assertEquals(List.of(List.of(-1, 4), List.of(0, 3), List.of(2, 8), List.of(5, 1), List.of(7, 7)), rows(b.build()));

            assertThrows(IllegalArgumentException.class, () -> b.add(1, 2, 3));
            assertThrows(IllegalArgumentException.class, () -> b.addAll(new RelationBuilder(1)));
            assertThrows(IllegalArgumentException.class, () -> b.addAll(Relation.empty(3)));
            assertThrows(IllegalArgumentException.class, () -> new RelationBuilder(-1));
        }

        @Test
        void aBuilderOfArityZeroHoldsWhetherAnythingWasAdded() {
            RelationBuilder b = new RelationBuilder(0);
            assertEquals(0, b.build().size());
            b.add();
            b.add();
            assertEquals(1, b.build().size());
        }
    }

    @Nested
    class Tries {
        /** (1,1,1) (1,1,2) (1,3,1) (2,1,1) (4,2,5) (4,2,6) */
        private final Relation r = Relation.of(3, new int[][] {
                {4, 2, 6}, {1, 1, 2}, {1, 3, 1}, {2, 1, 1}, {1, 1, 1}, {4, 2, 5}});

        @Test
        void levelsHoldSortedDistinctChildrenBetweenOffsets() {
            Trie t = r.trie();
            assertEquals(3, t.arity);
            assertEquals(6, t.size());
            assertEquals(3, t.values.length);
            assertEquals(2, t.offsets.length, "one offsets array per level but the last");
            assertArrayEquals(new int[] {1, 2, 4}, t.values[0]);
            assertArrayEquals(new int[] {0, 2, 3, 4}, t.offsets[0]);
            assertArrayEquals(new int[] {1, 3, 1, 2}, t.values[1]);
            assertArrayEquals(new int[] {0, 2, 3, 4, 6}, t.offsets[1]);
            assertArrayEquals(new int[] {1, 2, 1, 1, 5, 6}, t.values[2]);
            for (int l = 0; l < t.offsets.length; l++) {
                assertEquals(t.values[l].length + 1, t.offsets[l].length, "an end sentinel at level " + l);
                assertEquals(t.values[l + 1].length, t.offsets[l][t.values[l].length]);
            }
            assertEquals(t.size(), t.values[t.arity - 1].length, "the last level has one entry per tuple");
            int[][] tuples = t.tuples();
            assertEquals(6, tuples.length);
            for (int i = 0; i < tuples.length; i++) {
                assertArrayEquals(r.row(i), tuples[i], "tuple " + i + " in trie order");
            }
        }

        @Test
        void aTrieInAnotherOrderHoldsTheSameTuples() {
            Trie t = r.trie(new int[] {2, 0, 1});
            List<String> got = new ArrayList<>();
            for (int[] tuple : t.tuples()) {
                got.add(tuple[1] + "," + tuple[2] + "," + tuple[0]);
            }
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < r.size(); i++) {
                expected.add(r.get(i, 0) + "," + r.get(i, 1) + "," + r.get(i, 2));
            }
            got.sort(null);
            expected.sort(null);
            assertEquals(expected, got);
            assertArrayEquals(new int[] {1, 2, 5, 6}, t.values[0], "column 2's distinct values first");
        }

        @Test
        void aBinaryTrieKnowsHowItsLevelsCompare() {
            assertEquals(Trie.LevelOrder.INCREASING, Relation.of(2, new int[][] {{1, 2}, {1, 5}, {3, 4}}).trie().levelOrder());
            assertEquals(Trie.LevelOrder.DECREASING, Relation.of(2, new int[][] {{2, 1}, {5, 0}}).trie().levelOrder());
            assertEquals(Trie.LevelOrder.NONE, Relation.of(2, new int[][] {{1, 2}, {3, 3}}).trie().levelOrder());
            assertEquals(Trie.LevelOrder.NONE, r.trie().levelOrder(), "not binary");
        }

        @Test
        void fromSortedColumnsBuildsWithoutSorting() {
            Trie t = Trie.fromSortedColumns(new int[][] {{1, 1, 2}, {3, 4, 3}}, 3);
            assertArrayEquals(new int[] {1, 2}, t.values[0]);
            assertArrayEquals(new int[] {0, 2, 3}, t.offsets[0]);
            assertArrayEquals(new int[] {3, 4, 3}, t.values[1]);
        }
    }

    @Nested
    class Symbols {
        @Test
        void symbolsGetDenseIdsInTheOrderFirstSeen() {
            SymbolTable s = new SymbolTable();
            assertEquals(0, s.size());
            assertEquals(0, s.intern("b"));
            assertEquals(1, s.intern("a"));
            assertEquals(0, s.intern("b"), "the same string, the same id");
            assertEquals(2, s.size());
            assertEquals("a", s.symbol(1));
            assertEquals(-1, s.lookup("c"));
            assertEquals(2, s.size(), "lookup does not intern");
            assertEquals(1, s.lookup("a"));
            assertThrows(IllegalArgumentException.class, () -> s.symbol(2));
            assertThrows(IllegalArgumentException.class, () -> s.symbol(-1));
        }

        @Test
        void concurrentInterningGivesEachStringOneId() throws Exception {
            SymbolTable s = new SymbolTable();
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                ConcurrentHashMap<String, Integer> seen = new ConcurrentHashMap<>();
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < 2; t++) {
                    done.add(pool.submit(() -> {
                        for (int i = 0; i < 2_000; i++) {
                            String name = "s" + (i % 1_000);
                            int id = s.intern(name);
                            Integer before = seen.putIfAbsent(name, id);
                            assertTrue(before == null || before == id, name + ": " + before + " and " + id);
                        }
                    }));
                }
                for (Future<?> f : done) {
                    f.get();
                }
            } finally {
                pool.shutdown();
            }
            assertEquals(1_000, s.size());
            boolean[] used = new boolean[1_000];
            for (int id = 0; id < 1_000; id++) {
                String name = s.symbol(id);
                assertEquals(id, s.lookup(name));
                int k = Integer.parseInt(name.substring(1));
                assertFalse(used[k], "ids are dense and distinct: " + Arrays.toString(new int[] {id, k}));
                used[k] = true;
            }
        }
    }
}
