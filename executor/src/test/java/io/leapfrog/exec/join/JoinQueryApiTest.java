package io.leapfrog.exec.join;

import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;
import io.leapfrog.exec.storage.Trie;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@link JoinQuery} builder and {@link LeapfrogJoin}'s {@code count} and {@code run}: every builder
 * method's meaning, each checked against a brute-force evaluation over every combination of values, and
 * what the builder refuses.
 */
class JoinQueryApiTest {
    /** Every value the relations below hold, and more: the brute force tries each. */
    private static final int MIN = -4;
    private static final int MAX = 12;

    /** A random graph over ids -3..9, loops included, and both directions of some edges. */
    private static final Relation E = graph(new Random(7), 40);
    private static final Relation R = Relation.of(1, new int[][] {{-3}, {0}, {1}, {2}, {4}, {7}});
    private static final Relation S = Relation.of(1, new int[][] {{1}, {3}, {5}, {8}});

    private static Relation graph(Random rnd, int edges) {
        RelationBuilder b = new RelationBuilder(2);
        for (int i = 0; i < edges; i++) {
            b.add(rnd.nextInt(13) - 3, rnd.nextInt(13) - 3);
        }
        return b.build();
    }

    /** The distinct bindings of the first {@code out} of {@code n} variables over MIN..MAX that {@code holds}. */
    private static Set<List<Integer>> bruteForce(int n, int out, Predicate<int[]> holds) {
        Set<List<Integer>> result = new HashSet<>();
        int[] b = new int[n];
        enumerate(b, 0, out, holds, result);
        return result;
    }

    private static void enumerate(int[] b, int v, int out, Predicate<int[]> holds, Set<List<Integer>> result) {
        if (v == b.length) {
            if (holds.test(b)) {
                List<Integer> row = new ArrayList<>();
                for (int i = 0; i < out; i++) {
                    row.add(b[i]);
                }
                result.add(row);
            }
            return;
        }
        for (int x = MIN; x <= MAX; x++) {
            b[v] = x;
            enumerate(b, v + 1, out, holds, result);
        }
    }

    private static boolean e(int x, int y) {
        return E.contains(new int[] {x, y});
    }

    /** Collects the bindings of the output variables; one per worker. */
    private static final class Rows implements TupleSink {
        final int k;
        final List<List<Integer>> rows = new ArrayList<>();

        Rows(int k) {
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

    /** count and run on 1 and 2 threads give exactly {@code expected} (never empty), each binding once. */
    private static void assertAnswers(Set<List<Integer>> expected, JoinQuery q) {
        assertFalse(expected.isEmpty(), "a case with answers, so that a join answering nothing fails");
        for (int threads : new int[] {1, 2}) {
            assertEquals(expected.size(), LeapfrogJoin.count(q, threads), "count on " + threads + " thread(s)");
            List<Rows> sinks = LeapfrogJoin.run(q, threads, () -> new Rows(q.outputVars()));
            List<List<Integer>> all = new ArrayList<>();
            sinks.forEach(s -> all.addAll(s.rows));
            assertEquals(expected.size(), all.size(), "run reports each binding once, " + threads + " thread(s)");
            assertEquals(expected, new HashSet<>(all), "run on " + threads + " thread(s)");
        }
    }

    @Test
    void atomsJoinOnSharedVariablesAndBoundsOrderThem() {
        // triangles x < y < z: e(x, y), e(y, z), e(x, z)
        JoinQuery q = JoinQuery.builder(3).atom(E.trie(), 0, 1).atom(E.trie(), 1, 2).atom(E.trie(), 0, 2)
                .lowerBound(1, 0, true).lowerBound(2, 1, true).build();
        Set<List<Integer>> expected = bruteForce(3, 3, b -> e(b[0], b[1]) && e(b[1], b[2]) && e(b[0], b[2])
                && b[0] < b[1] && b[1] < b[2]);
        assertFalse(expected.isEmpty(), "the graph has triangles");
        assertAnswers(expected, q);
    }

    @Test
    void variableBoundsAreStrictOrNot() {
        // e(x, y) read as (y, x) too: an atom may bind its variables in any trie order
        assertAnswers(bruteForce(2, 2, b -> e(b[0], b[1]) && b[1] <= b[0]),
                JoinQuery.builder(2).atom(E.trie(), 0, 1).upperBound(1, 0, false).build());
        assertAnswers(bruteForce(2, 2, b -> e(b[0], b[1]) && b[1] < b[0]),
                JoinQuery.builder(2).atom(E.trie(), 0, 1).upperBound(1, 0, true).build());
        assertAnswers(bruteForce(2, 2, b -> e(b[1], b[0]) && b[1] >= b[0]),
                JoinQuery.builder(2).atom(E.trie(new int[] {1, 0}), 0, 1).lowerBound(1, 0, false).build());
    }

    @Test
    void constantBoundsKeepTheTightest() {
        JoinQuery q = JoinQuery.builder(2).atom(E.trie(), 0, 1)
                .lowerBoundConst(0, 0, false).lowerBoundConst(0, -2, true)        // x >= 0 (and x > -2)
                .upperBoundConst(1, 5, true).upperBoundConst(1, 7, false).build(); // y < 5 (and y <= 7)
        assertAnswers(bruteForce(2, 2, b -> e(b[0], b[1]) && b[0] >= 0 && b[1] < 5), q);
        assertEquals(0, LeapfrogJoin.count(JoinQuery.builder(1).atom(R.trie(), 0)
                .lowerBoundConst(0, 8, false).build(), 1), "no value of r is 8 or more");
    }

    @Test
    void filtersTestTheBindingAtTheirLevelAndBeforeTheJoin() {
        List<int[]> seen = new ArrayList<>();
        JoinQuery q = JoinQuery.builder(2).atom(E.trie(), 0, 1)
                .filter(0, b -> b[0] != 2)
                .filter(1, b -> {
                    synchronized (seen) {
                        seen.add(b.clone());
                    }
                    return (b[0] + b[1]) % 2 == 0;
                }).build();
        assertAnswers(bruteForce(2, 2, b -> e(b[0], b[1]) && b[0] != 2 && (b[0] + b[1]) % 2 == 0), q);
        assertTrue(seen.stream().noneMatch(b -> b[0] == 2), "the level-0 filter acts before level 1 is bound");

        JoinQuery closed = JoinQuery.builder(2).atom(E.trie(), 0, 1).filter(-1, b -> false).build();
        assertFalse(closed.passesGate());
        assertEquals(0, LeapfrogJoin.count(closed, 2));
        JoinQuery open = JoinQuery.builder(2).atom(E.trie(), 0, 1).filter(-1, b -> true).build();
        assertTrue(open.passesGate());
        assertEquals(E.size(), LeapfrogJoin.count(open, 2));
    }

    @Test
    void computedVariablesTakeTheirValueOrRejectTheBinding() {
        // y = 3x, rejected (NONE) for odd x and outside the int range for x = 7
        JoinQuery q = JoinQuery.builder(2).atom(R.trie(), 0)
                .computed(1, b -> b[0] % 2 != 0 && b[0] != 7 ? ValueFunction.NONE
                        : b[0] == 7 ? Integer.MAX_VALUE + 1L : 3L * b[0]).build();
        Set<List<Integer>> expected = new HashSet<>();
        for (int x : new int[] {0, 2, 4}) {
            expected.add(List.of(x, 3 * x));
        }
        assertAnswers(expected, q);
        assertTrue(q.shape(1).computed());
        assertFalse(q.shape(0).computed());
    }

    @Test
    void aComputedVariableAnAtomBindsIsAMembershipTest() {
        JoinQuery q = JoinQuery.builder(2).atom(R.trie(), 0).atom(S.trie(), 1).computed(1, b -> b[0] + 1L).build();
        assertAnswers(bruteForce(2, 2, b -> R.contains(new int[] {b[0]}) && S.contains(new int[] {b[1]})
                && b[1] == b[0] + 1), q);
    }

    @Test
    void generatedVariablesTakeEachValueOfTheirRange() {
        ValueRange zeroToX = (b, out) -> {
            out[0] = 0;
            out[1] = b[0];
            out[2] = 1;
            return true;
        };
        JoinQuery q = JoinQuery.builder(2).atom(R.trie(), 0).generated(1, zeroToX).build();
        assertAnswers(bruteForce(2, 2, b -> R.contains(new int[] {b[0]}) && 0 <= b[1] && b[1] < b[0]), q);

        ValueRange down = (b, out) -> {
            out[0] = b[0];
            out[1] = -1;
            out[2] = -2;
            return b[0] != 1;   // rejects x = 1
        };
        JoinQuery counted = JoinQuery.builder(2).atom(R.trie(), 0).atom(S.trie(), 1).generated(1, down).build();
        // y from x down by 2 while above -1, and y in s {1, 3, 5, 8}: x = 7 gives 7, 5, 3, 1 of which 5, 3, 1
        // are in s; x = 1 would give 1 but is rejected; x = 4, 2, 0 give only even values; x = -3 none
        assertAnswers(Set.of(List.of(7, 5), List.of(7, 3), List.of(7, 1)), counted);
    }

    @Test
    void outputVariablesReportEachDistinctPrefixOnce() {
        JoinQuery sources = JoinQuery.builder(2).atom(E.trie(), 0, 1).outputVars(1).build();
        assertEquals(1, sources.outputVars());
        assertAnswers(bruteForce(2, 1, b -> e(b[0], b[1])), sources);
        assertEquals(2, JoinQuery.builder(2).atom(E.trie(), 0, 1).build().outputVars(), "default: every variable");
    }

    @Test
    void anAtomOfArityZeroGatesTheWholeQuery() {
        Trie no = Relation.empty(0).trie();
        Trie yes = Relation.of(0, new int[][] {{}}).trie();
        JoinQuery gated = JoinQuery.builder(1).atom(R.trie(), 0).atom(no).build();
        assertFalse(gated.passesGate());
        assertEquals(0, LeapfrogJoin.count(gated, 2));
        assertEquals(List.of(), rows(gated));
        JoinQuery open = JoinQuery.builder(1).atom(R.trie(), 0).atom(yes).build();
        assertTrue(open.passesGate());
        assertEquals(R.size(), LeapfrogJoin.count(open, 2));
        assertEquals(1, open.atomCount(), "an atom of arity 0 is a gate, not a participant");
    }

    private static List<List<Integer>> rows(JoinQuery q) {
        List<List<Integer>> all = new ArrayList<>();
        LeapfrogJoin.run(q, 2, () -> new Rows(q.varCount())).forEach(s -> all.addAll(s.rows));
        return all;
    }

    @Test
    void theQueryKeepsThePlannersFiguresAndShowsItsLevels() {
        Trie e = E.trie();
        double[] estimate = {10, 20, 5};
        JoinQuery q = JoinQuery.builder(3).atom(e, 0, 1).atom(e, 1, 2).atom(e, 0, 2)
                .lowerBound(1, 0, true).filter(2, b -> true).estimatedRows(estimate).measuredWork(1234).build();
        estimate[0] = 99;
        assertArrayEquals(new double[] {10, 20, 5}, q.estimatedRows(), "the builder keeps a copy");
        q.estimatedRows()[1] = 99;
        assertArrayEquals(new double[] {10, 20, 5}, q.estimatedRows(), "and hands out copies");
        assertEquals(1234, q.measuredWork());
        assertEquals(3, q.varCount());
        assertEquals(3, q.atomCount());
        assertSame(e, q.atomTrie(0));

        JoinQuery.LevelShape x = q.shape(0);
        JoinQuery.LevelShape y = q.shape(1);
        JoinQuery.LevelShape z = q.shape(2);
        assertEquals(2, x.atom().length + x.aliasAtom().length, "x is in e(x, y) and e(x, z)");
        assertEquals(2, y.atom().length + y.aliasAtom().length, "y is in e(x, y) and e(y, z)");
        assertEquals(2, z.atom().length + z.aliasAtom().length, "z is in e(y, z) and e(x, z)");
        assertArrayEquals(new int[] {0}, y.lowerVars(), "y > x");
        assertEquals(1, z.filterCount());
        assertEquals(0, y.filterCount());

        JoinQuery plain = JoinQuery.builder(1).atom(R.trie(), 0).build();
        assertNull(plain.estimatedRows());
        assertEquals(-1, plain.measuredWork());
    }

    @Test
    void theBuilderRefusesMalformedQueries() {
        Trie e = E.trie();
        assertThrows(IllegalArgumentException.class, () -> JoinQuery.builder(-1));
        assertThrows(IllegalArgumentException.class, () -> JoinQuery.builder(2).atom(e, 0), "arity 2, one variable");
        assertThrows(IllegalArgumentException.class, () -> JoinQuery.builder(2).atom(e, 1, 0), "variables out of order");
        assertThrows(IllegalArgumentException.class, () -> JoinQuery.builder(2).atom(e, 1, 1), "a repeated variable");
        assertThrows(IllegalArgumentException.class, () -> JoinQuery.builder(2).atom(e, 0, 2), "variable out of range");
        assertThrows(IllegalArgumentException.class, () -> JoinQuery.builder(2).lowerBound(0, 1, true), "bound by a later variable");
        assertThrows(IllegalArgumentException.class, () -> JoinQuery.builder(2).upperBound(1, 1, false), "bound by itself");
        assertThrows(IllegalArgumentException.class, () -> JoinQuery.builder(2).lowerBoundConst(2, 0, true));
        assertThrows(IllegalArgumentException.class, () -> JoinQuery.builder(2).filter(2, b -> true));
        assertThrows(IllegalArgumentException.class,
                () -> JoinQuery.builder(2).computed(1, b -> 0).generated(1, (b, out) -> true), "derived twice");
        assertThrows(IllegalArgumentException.class, () -> JoinQuery.builder(2).outputVars(3));
        assertThrows(IllegalArgumentException.class, () -> JoinQuery.builder(2).estimatedRows(new double[3]));
    }

    @Test
    void runGivesEachWorkerItsOwnSinkAndReturnsThemAll() {
        RelationBuilder wide = new RelationBuilder(2);
        for (int i = 0; i < 5_000; i++) {
            wide.add(i, i % 7);
        }
        Relation w = wide.build();
        JoinQuery q = JoinQuery.builder(2).atom(w.trie(), 0, 1).build();
        List<Rows> sinks = LeapfrogJoin.run(q, 2, () -> new Rows(2));
        assertTrue(sinks.size() >= 1 && sinks.size() <= 2, "at most one sink per worker: " + sinks.size());
        Set<List<Integer>> all = new HashSet<>();
        int total = 0;
        for (Rows s : sinks) {
            all.addAll(s.rows);
            total += s.rows.size();
        }
        assertEquals(5_000, total);
        assertEquals(5_000, all.size());
        assertTrue(all.contains(List.of(4_999, 4_999 % 7)));
        assertEquals(5_000, LeapfrogJoin.count(q, 2));
    }

    @Test
    void sampleWorkEstimatesAJoinForThePlanner() {
        JoinQuery triangles = JoinQuery.builder(3).atom(E.trie(), 0, 1).atom(E.trie(), 1, 2).atom(E.trie(), 0, 2).build();
        assertTrue(LeapfrogJoin.sampleWork(triangles, 1, Long.MAX_VALUE) > 0);
        assertEquals(Long.MAX_VALUE, LeapfrogJoin.sampleWork(triangles, 1, 1), "past the limit it stops");
        JoinQuery none = JoinQuery.builder(1).atom(R.trie(), 0).filter(-1, b -> false).build();
        assertEquals(0, LeapfrogJoin.sampleWork(none, 1, Long.MAX_VALUE), "no solution");
        JoinQuery computedFirst = JoinQuery.builder(1).computed(0, b -> 1).build();
        assertEquals(-1, LeapfrogJoin.sampleWork(computedFirst, 1, Long.MAX_VALUE), "nothing to measure");
    }
}
