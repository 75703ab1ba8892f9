package io.leapfrog.exec.join;

import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LeapfrogJoinTest {

    /** Collects bindings of the first k variables. */
    static final class ListSink implements TupleSink {
        final int k;
        final List<List<Integer>> rows = new ArrayList<>();

        ListSink(int k) {
            this.k = k;
        }

        @Override
        public void accept(int[] binding) {
            List<Integer> r = new ArrayList<>(k);
            for (int i = 0; i < k; i++) {
                r.add(binding[i]);
            }
            rows.add(r);
        }
    }

    static Relation randomGraph(Random rnd, int nodes, int edges, boolean symmetric) {
        RelationBuilder b = new RelationBuilder(2);
        for (int i = 0; i < edges; i++) {
            int x = rnd.nextInt(nodes) - nodes / 3; // some negative ids
            int y = rnd.nextInt(nodes) - nodes / 3;
            b.add(x, y);
            if (symmetric) {
                b.add(y, x);
            }
        }
        return b.build();
    }

    /** Runs q with run and count on 1 and 2 threads and checks each against the expected set. */
    static void assertSame(Set<List<Integer>> expected, JoinQuery q) {
        for (int threads : new int[]{1, 2, 3}) {
            assertEquals(expected.size(), LeapfrogJoin.count(q, threads), "count, threads=" + threads);
            List<ListSink> sinks = LeapfrogJoin.run(q, threads, () -> new ListSink(q.outputVars()));
            List<List<Integer>> all = new ArrayList<>();
            sinks.forEach(s -> all.addAll(s.rows));
            assertEquals(expected.size(), all.size(), "run produced duplicates or misses, threads=" + threads);
            assertEquals(expected, new HashSet<>(all), "run, threads=" + threads);
        }
    }

    @Test
    void trianglesWithBoundsMatchNaive() {
        Random rnd = new Random(1);
        for (int round = 0; round < 8; round++) {
            Relation e = randomGraph(rnd, 30 + round * 10, 100 + round * 30, true);
            JoinQuery q = JoinQuery.builder(3)
                    .atom(e.trie(new int[]{0, 1}), 0, 1)
                    .atom(e.trie(new int[]{0, 1}), 1, 2)
                    .atom(e.trie(new int[]{0, 1}), 0, 2)
                    .lowerBound(1, 0, true).lowerBound(2, 1, true).build();
            NaiveJoin n = new NaiveJoin(3).atom(e, 0, 1).atom(e, 1, 2).atom(e, 0, 2)
                    .bound(1, 0, true, true).bound(2, 1, true, true);
            Set<List<Integer>> expected = n.results();
            assertTrue(round < 2 || !expected.isEmpty());
            assertSame(expected, q);
        }
    }

    @Test
    void cliquesUseCachedIntersectionsCorrectly() {
        Random rnd = new Random(11);
        for (int round = 0; round < 4; round++) {
            Relation e = randomGraph(rnd, 14, 70, true);
            Relation f = randomGraph(rnd, 14, 60, false);
            int[] id = {0, 1};
            // 4-cliques x<y<z<w: level 2 caches N(x)&N(y) for level 3
            JoinQuery q = JoinQuery.builder(4)
                    .atom(e.trie(id), 0, 1).atom(e.trie(id), 0, 2).atom(e.trie(id), 0, 3)
                    .atom(e.trie(id), 1, 2).atom(e.trie(id), 1, 3).atom(e.trie(id), 2, 3)
                    .lowerBound(1, 0, true).lowerBound(2, 1, true).lowerBound(3, 2, true).build();
            NaiveJoin n = new NaiveJoin(4).atom(e, 0, 1).atom(e, 0, 2).atom(e, 0, 3).atom(e, 1, 2).atom(e, 1, 3).atom(e, 2, 3)
                    .bound(1, 0, true, true).bound(2, 1, true, true).bound(3, 2, true, true);
            assertTrue(q.levels[2].cacheG != null && q.levels[3].consRest != null, "4-clique plan caches level 2");
            assertSame(n.results(), q);
            // same shape, but level 3's bounds are not inside level 2's (w < z, w >= 0): the cache must not be used
            JoinQuery q2 = JoinQuery.builder(4)
                    .atom(e.trie(id), 0, 1).atom(e.trie(id), 0, 2).atom(e.trie(id), 0, 3)
                    .atom(f.trie(id), 1, 2).atom(f.trie(id), 1, 3).atom(e.trie(id), 2, 3)
                    .lowerBound(2, 1, true).upperBound(3, 2, true).lowerBoundConst(3, -1, false).build();
            NaiveJoin n2 = new NaiveJoin(4).atom(e, 0, 1).atom(e, 0, 2).atom(e, 0, 3).atom(f, 1, 2).atom(f, 1, 3).atom(e, 2, 3)
                    .bound(2, 1, true, true).bound(3, 2, true, false).constBound(3, -1, false, true);
            assertSame(n2.results(), q2);
            // with a filter at the producer level and an existential tail
            LevelFilter notTwo = b -> b[2] != 2;
            JoinQuery q3 = JoinQuery.builder(4)
                    .atom(e.trie(id), 0, 1).atom(e.trie(id), 0, 2).atom(e.trie(id), 0, 3)
                    .atom(e.trie(id), 1, 2).atom(e.trie(id), 1, 3)
                    .filter(2, notTwo).lowerBound(3, 2, false).outputVars(3).build();
            NaiveJoin n3 = new NaiveJoin(4).atom(e, 0, 1).atom(e, 0, 2).atom(e, 0, 3).atom(e, 1, 2).atom(e, 1, 3)
                    .filter(2, notTwo).bound(3, 2, false, true).outputVars(3);
            assertSame(n3.results(), q3);
            // 5-cliques
            JoinQuery q5 = JoinQuery.builder(5)
                    .atom(e.trie(id), 0, 1).atom(e.trie(id), 0, 2).atom(e.trie(id), 0, 3).atom(e.trie(id), 0, 4)
                    .atom(e.trie(id), 1, 2).atom(e.trie(id), 1, 3).atom(e.trie(id), 1, 4)
                    .atom(e.trie(id), 2, 3).atom(e.trie(id), 2, 4).atom(e.trie(id), 3, 4)
                    .lowerBound(1, 0, true).lowerBound(2, 1, true).lowerBound(3, 2, true).lowerBound(4, 3, true).build();
            NaiveJoin n5 = new NaiveJoin(5).atom(e, 0, 1).atom(e, 0, 2).atom(e, 0, 3).atom(e, 0, 4)
                    .atom(e, 1, 2).atom(e, 1, 3).atom(e, 1, 4).atom(e, 2, 3).atom(e, 2, 4).atom(e, 3, 4)
                    .bound(1, 0, true, true).bound(2, 1, true, true).bound(3, 2, true, true).bound(4, 3, true, true);
            assertSame(n5.results(), q5);
        }
    }

    @Test
    void directedCyclesPathsAndReversedTries() {
        Random rnd = new Random(2);
        for (int round = 0; round < 6; round++) {
            Relation e = randomGraph(rnd, 25, 120, false);
            // E(x,y), E(y,z), E(z,x): the third atom reads E in column order (1,0) so vars increase.
            JoinQuery q = JoinQuery.builder(3)
                    .atom(e.trie(new int[]{0, 1}), 0, 1)
                    .atom(e.trie(new int[]{0, 1}), 1, 2)
                    .atom(e.trie(new int[]{1, 0}), 0, 2).build();
            NaiveJoin n = new NaiveJoin(3).atom(e, 0, 1).atom(e, 1, 2).atom(e, 2, 0);
            assertSame(n.results(), q);
            // Path of length 3 with a non-strict upper bound and constant bounds.
            JoinQuery p = JoinQuery.builder(4)
                    .atom(e.trie(new int[]{0, 1}), 0, 1)
                    .atom(e.trie(new int[]{0, 1}), 1, 2)
                    .atom(e.trie(new int[]{0, 1}), 2, 3)
                    .upperBound(3, 0, false).lowerBoundConst(1, -3, false).upperBoundConst(2, 10, true).build();
            NaiveJoin np = new NaiveJoin(4).atom(e, 0, 1).atom(e, 1, 2).atom(e, 2, 3)
                    .bound(3, 0, false, false).constBound(1, -3, false, true).constBound(2, 10, true, false);
            assertSame(np.results(), p);
        }
    }

    @Test
    void ternaryAndUnaryAtoms() {
        Random rnd = new Random(3);
        RelationBuilder tb = new RelationBuilder(3);
        for (int i = 0; i < 300; i++) {
            tb.add(rnd.nextInt(8), rnd.nextInt(8), rnd.nextInt(8));
        }
        Relation t = tb.build();
        RelationBuilder ub = new RelationBuilder(1);
        for (int i = 0; i < 4; i++) {
            ub.add(rnd.nextInt(8));
        }
        Relation u = ub.build();
        Relation e = randomGraph(rnd, 8, 30, false);
        // T(x,y,z), E(x,z), U(y): T is read in order (0,1,2); E binds x and z.
        JoinQuery q = JoinQuery.builder(3)
                .atom(t.trie(new int[]{0, 1, 2}), 0, 1, 2)
                .atom(e.trie(new int[]{0, 1}), 0, 2)
                .atom(u.trie(new int[]{0}), 1).build();
        assertSame(new NaiveJoin(3).atom(t, 0, 1, 2).atom(e, 0, 2).atom(u, 1).results(), q);
        // T(z,x,y) read as (x,y,z) order (1,2,0).
        JoinQuery q2 = JoinQuery.builder(3)
                .atom(t.trie(new int[]{1, 2, 0}), 0, 1, 2)
                .atom(u.trie(new int[]{0}), 2).build();
        assertSame(new NaiveJoin(3).atom(t, 2, 0, 1).atom(u, 2).results(), q2);
    }

    @Test
    void computedVariablesAndFilters() {
        Random rnd = new Random(4);
        Relation e = randomGraph(rnd, 20, 80, false);
        ValueFunction sum = b -> (long) b[0] + b[1];
        // z = x + y, free (no atom binds z)
        JoinQuery q = JoinQuery.builder(3).atom(e.trie(new int[]{0, 1}), 0, 1).computed(2, sum).build();
        assertSame(new NaiveJoin(3).atom(e, 0, 1).computed(2, sum).results(), q);
        // z = x + y must also be in E(y, z): a membership test
        JoinQuery q2 = JoinQuery.builder(3).atom(e.trie(new int[]{0, 1}), 0, 1)
                .atom(e.trie(new int[]{0, 1}), 1, 2).computed(2, sum).build();
        assertSame(new NaiveJoin(3).atom(e, 0, 1).atom(e, 1, 2).computed(2, sum).results(), q2);
        // rejecting function and a computed variable with bounds
        ValueFunction evenOnly = b -> b[0] % 2 == 0 ? b[0] * 2L : ValueFunction.NONE;
        Relation x = e.project(0);
        assertSame(new NaiveJoin(2).atom(x, 0).computed(1, evenOnly).constBound(1, 6, false, false).results(),
                JoinQuery.builder(2).atom(x.trie(new int[]{0}), 0).computed(1, evenOnly)
                        .upperBoundConst(1, 6, false).build());
        // filters at levels 0 and 1
        LevelFilter odd = b -> (b[0] & 1) == 1;
        LevelFilter diff = b -> b[0] != b[1];
        JoinQuery q4 = JoinQuery.builder(2).atom(e.trie(new int[]{0, 1}), 0, 1)
                .filter(0, odd).filter(1, diff).build();
        assertSame(new NaiveJoin(2).atom(e, 0, 1).filter(0, odd).filter(1, diff).results(), q4);
    }

    @Test
    void outputVarsStopsAtFirstExtension() {
        Random rnd = new Random(5);
        for (int round = 0; round < 5; round++) {
            Relation e = randomGraph(rnd, 30, 200, true);
            for (int k = 0; k <= 3; k++) {
                JoinQuery q = JoinQuery.builder(3)
                        .atom(e.trie(new int[]{0, 1}), 0, 1)
                        .atom(e.trie(new int[]{0, 1}), 1, 2)
                        .atom(e.trie(new int[]{0, 1}), 0, 2)
                        .lowerBound(2, 1, true).outputVars(k).build();
                NaiveJoin n = new NaiveJoin(3).atom(e, 0, 1).atom(e, 1, 2).atom(e, 0, 2)
                        .bound(2, 1, true, true).outputVars(k);
                assertSame(n.results(), q);
            }
        }
    }

    @Test
    void emptyInputsAndGates() {
        Relation e = Relation.of(2, new int[][]{{1, 2}, {2, 3}});
        Relation none = Relation.empty(2);
        JoinQuery q = JoinQuery.builder(2).atom(e.trie(new int[]{0, 1}), 0, 1)
                .atom(none.trie(new int[]{0, 1}), 0, 1).build();
        assertEquals(0, LeapfrogJoin.count(q, 2));
        Relation falseProp = Relation.empty(0);
        Relation trueProp = Relation.of(0, new int[][]{{}});
        assertEquals(0, LeapfrogJoin.count(JoinQuery.builder(2).atom(e.trie(new int[]{0, 1}), 0, 1)
                .atom(falseProp.trie(new int[0])).build(), 1));
        assertEquals(2, LeapfrogJoin.count(JoinQuery.builder(2).atom(e.trie(new int[]{0, 1}), 0, 1)
                .atom(trueProp.trie(new int[0])).build(), 1));
        assertEquals(0, LeapfrogJoin.count(JoinQuery.builder(2).atom(e.trie(new int[]{0, 1}), 0, 1)
                .filter(-1, b -> false).build(), 1));
        // bounds that exclude everything, including at the int extremes
        assertEquals(0, LeapfrogJoin.count(JoinQuery.builder(2).atom(e.trie(new int[]{0, 1}), 0, 1)
                .lowerBoundConst(0, Integer.MAX_VALUE, true).build(), 1));
        assertEquals(0, LeapfrogJoin.count(JoinQuery.builder(2).atom(e.trie(new int[]{0, 1}), 0, 1)
                .upperBoundConst(0, Integer.MIN_VALUE, true).build(), 1));
        assertEquals(1, LeapfrogJoin.count(JoinQuery.builder(0).build(), 2));
    }

    @Test
    void extremeValuesAndLargeParallelSplit() {
        RelationBuilder b = new RelationBuilder(2);
        Random rnd = new Random(6);
        int[] pool = {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -1, 0, 1, Integer.MAX_VALUE - 1, Integer.MAX_VALUE};
        for (int i = 0; i < 40; i++) {
            b.add(pool[rnd.nextInt(pool.length)], pool[rnd.nextInt(pool.length)]);
        }
        for (int i = 0; i < 700; i++) {
            b.add(rnd.nextInt(120), rnd.nextInt(120));
        }
        Relation e = b.build();
        JoinQuery q = JoinQuery.builder(3)
                .atom(e.trie(new int[]{0, 1}), 0, 1)
                .atom(e.trie(new int[]{0, 1}), 1, 2)
                .atom(e.trie(new int[]{1, 0}), 0, 2)
                .lowerBound(1, 0, false).upperBound(2, 1, false).build();
        assertSame(new NaiveJoin(3).atom(e, 0, 1).atom(e, 1, 2).atom(e, 2, 0)
                .bound(1, 0, false, true).bound(2, 1, false, false).results(), q);
    }

    @Test
    void invalidQueriesAreRejected() {
        Relation e = Relation.of(2, new int[][]{{1, 2}});
        assertThrows(IllegalArgumentException.class, () -> JoinQuery.builder(2).atom(e.trie(new int[]{0, 1}), 1, 0));
        assertThrows(IllegalArgumentException.class, () -> JoinQuery.builder(3).atom(e.trie(new int[]{0, 1}), 0, 1).build());
        assertThrows(IllegalArgumentException.class, () -> JoinQuery.builder(2).lowerBound(0, 1, true));
    }

    @Test
    void filterExceptionsPropagateFromWorkers() {
        RelationBuilder b = new RelationBuilder(2);
        for (int i = 0; i < 1000; i++) {
            b.add(i, i + 1);
        }
        Relation e = b.build();
        JoinQuery q = JoinQuery.builder(2).atom(e.trie(new int[]{0, 1}), 0, 1).filter(1, x -> {
            if (x[0] == 777) {
                throw new ArithmeticException("boom");
            }
            return true;
        }).build();
        assertThrows(ArithmeticException.class, () -> LeapfrogJoin.count(q, 2));
    }

    /** An interrupted caller stops the join within a chunk (a deadline, Ctrl-C), on one thread or several. */
    @Test
    void interruptStopsALongJoin() throws Exception {
        Random r = new Random(3);
        RelationBuilder b = new RelationBuilder(2);
        for (int i = 0; i < 400_000; i++) {
            int u = r.nextInt(3000);
            int v = r.nextInt(3000);
            if (u != v) {
                b.add(new int[]{u, v});
                b.add(new int[]{v, u});
            }
        }
        io.leapfrog.exec.storage.Trie e = b.build().trie(new int[]{0, 1});
        JoinQuery cliques = JoinQuery.builder(5)
                .atom(e, 0, 1).atom(e, 0, 2).atom(e, 0, 3).atom(e, 0, 4).atom(e, 1, 2).atom(e, 1, 3).atom(e, 1, 4)
                .atom(e, 2, 3).atom(e, 2, 4).atom(e, 3, 4).build();
        for (int threads : new int[]{1, 2}) {
            Throwable[] thrown = new Throwable[1];
            Thread t = new Thread(() -> {
                try {
                    LeapfrogJoin.count(cliques, threads);
                } catch (Throwable x) {
                    thrown[0] = x;
                }
            });
            t.start();
            Thread.sleep(200);
            assertTrue(t.isAlive(), "the join should still be running (it takes minutes)");
            t.interrupt();
            t.join(20_000);
            assertTrue(!t.isAlive(), "the join did not stop within 20 s of the interrupt (threads " + threads + ")");
            assertTrue(thrown[0] instanceof io.leapfrog.common.LeapfrogException
                    && thrown[0].getMessage().contains("interrupted"), String.valueOf(thrown[0]));
        }
    }
}
