package io.leapfrog.planner.calcite;

import io.leapfrog.planner.JoinPlan;
import io.leapfrog.planner.JoinProblem;
import io.leapfrog.planner.JoinProblem.JoinAtom;
import io.leapfrog.planner.JoinProblem.JoinPredicate;
import io.leapfrog.planner.JoinProblem.JoinPredicate.Kind;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.util.ImmutableBitSet;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LeapfrogJoinRuleTest {

    private final CalcitePlanner planner = new CalcitePlanner();

    private static JoinProblem fourClique() {
        long[] d = {50, 50};
        List<JoinAtom> atoms = List.of(
                new JoinAtom("e", List.of(0, 1), 400, d), new JoinAtom("e", List.of(0, 2), 400, d),
                new JoinAtom("e", List.of(0, 3), 400, d), new JoinAtom("e", List.of(1, 2), 400, d),
                new JoinAtom("e", List.of(1, 3), 400, d), new JoinAtom("e", List.of(2, 3), 400, d));
        List<JoinPredicate> preds = List.of(
                new JoinPredicate(Kind.BOUND, "a < b", List.of(0, 1), -1),
                new JoinPredicate(Kind.BOUND, "b < c", List.of(1, 2), -1),
                new JoinPredicate(Kind.BOUND, "c < d", List.of(2, 3), -1));
        return new JoinProblem("k4(a,b,c,d) :- ...", List.of("a", "b", "c", "d"), atoms, preds);
    }

    @Test
    void cyclicJoinCollapsesIntoOneLeapfrogJoin() {
        RelNode plan = planner.optimizedPlan(fourClique());
        LogicalLeapfrogJoin join = assertInstanceOf(LogicalLeapfrogJoin.class, plan.stripped(), RelOptUtil.toString(plan));
        assertEquals(6, join.getInputs().size());
        for (RelNode in : join.getInputs()) {
            assertInstanceOf(TableScan.class, in.stripped(), "every atom is a plain scan");
        }
        assertEquals(4, join.order().length);
        assertEquals(3, join.predicates().size());
        // each a<b style predicate fires when its later variable is bound
        int[] levels = join.predicateLevel();
        int[] order = join.order();
        for (int p = 0; p < 3; p++) {
            int[] vars = join.predicates().get(p).vars();
            int last = Math.max(indexOf(order, vars[0]), indexOf(order, vars[1]));
            assertEquals(last, levels[p]);
        }
        assertTrue(RelOptUtil.toString(plan).contains("LogicalLeapfrogJoin(strategy=[cpu-lftj], order=[v0,v1,v2,v3]"), RelOptUtil.toString(plan));
    }

    @Test
    void planFromTheLeapfrogJoinMatchesTheRelNode() {
        JoinPlan plan = planner.plan(fourClique());
        assertArrayEquals(new int[]{0, 1, 2, 3}, plan.order());
        assertArrayEquals(new int[]{1, 2, 3}, plan.predicateLevel());
        assertEquals("cpu-lftj", plan.strategy());
    }

    @Test
    void statisticsReachCalciteMetadata() {
        HepPlanner hep = LeapfrogPrograms.newPlanner();
        JoinProblem p = new JoinProblem("q", List.of("x", "y"),
                List.of(new JoinAtom("r", List.of(0, 1), 1000, new long[]{7, 300}),
                        new JoinAtom("s", List.of(1), 20, new long[]{20})), List.of());
        RelNode rel = RuleBodyTranslator.translate(p, RuleBodyTranslator.cluster(hep));
        RelNode scan = rel.getInput(0);
        RelMetadataQuery mq = rel.getCluster().getMetadataQuery();
        assertEquals(1000.0, mq.getRowCount(scan));
        assertEquals(7.0, mq.getDistinctRowCount(scan, ImmutableBitSet.of(0), null));
        assertEquals(300.0, mq.getDistinctRowCount(scan, ImmutableBitSet.of(1), null));
        assertEquals(1000.0, mq.getDistinctRowCount(scan, ImmutableBitSet.of(0, 1), null), "capped by the rows");
    }

    @Test
    void acyclicChainAlsoBecomesALeapfrogJoinStartingAtTheSmallDomain() {
        JoinProblem p = new JoinProblem("path3", List.of("x", "y", "z", "w"),
                List.of(new JoinAtom("a", List.of(0, 1), 10_000, new long[]{1000, 1000}),
                        new JoinAtom("b", List.of(1, 2), 10_000, new long[]{1000, 1000}),
                        new JoinAtom("c", List.of(2, 3), 5, new long[]{5, 5})), List.of());
        LogicalLeapfrogJoin join = planner.leapfrogJoin(p);
        assertEquals("v2", join.variableNames().get(join.order()[0]), "z has only 5 values in c");
    }

    @Test
    void cachedPlansAreEqualButNotShared() {
        JoinPlan a = planner.plan(fourClique());
        JoinPlan b = planner.plan(fourClique());
        assertArrayEquals(a.order(), b.order());
        assertEquals(a.explainLines(), b.explainLines());
        assertNotSame(a.order(), b.order());
    }

    @Test
    void plansConcurrentlyFromManyThreads() throws Exception {
        JoinPlan expected = new CalcitePlanner().plan(fourClique());
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<JoinPlan>> futures = new java.util.ArrayList<>();
            for (int i = 0; i < 16; i++) {
                // a fresh planner each time, so nothing comes from the cache
                futures.add(pool.submit(() -> new CalcitePlanner().plan(fourClique())));
            }
            for (java.util.concurrent.Future<JoinPlan> f : futures) {
                JoinPlan p = f.get();
                assertArrayEquals(expected.order(), p.order());
                assertEquals(expected.explainLines(), p.explainLines());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == v) {
                return i;
            }
        }
        return -1;
    }
}
