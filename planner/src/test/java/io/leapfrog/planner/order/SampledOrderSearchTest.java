package io.leapfrog.planner.order;

import io.leapfrog.planner.WorkMeter;
import io.leapfrog.planner.calcite.CalcitePlanner;
import io.leapfrog.planner.JoinPlan;
import io.leapfrog.planner.JoinProblem;
import io.leapfrog.planner.JoinProblem.JoinAtom;
import io.leapfrog.planner.JoinProblem.JoinPredicate;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link SampledOrderSearch} with scripted meters: which orders it tries, keeps and caps. */
class SampledOrderSearchTest {

    /** The 4-clique body over one oriented edge relation: six atoms over w, x, y, z. */
    private static JoinProblem fourCliques() {
        long[] d = {1000, 1000};
        int[][] pairs = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
        List<JoinAtom> atoms = new ArrayList<>();
        for (int[] p : pairs) {
            atoms.add(new JoinAtom("e", List.of(p[0], p[1]), 20_000, d));
        }
        return new JoinProblem("4-cliques", List.of("w", "x", "y", "z"), atoms, List.of());
    }

    /** The 5-clique body: ten atoms over five variables. */
    private static JoinProblem fiveCliques() {
        long[] d = {1000, 1000};
        List<JoinAtom> atoms = new ArrayList<>();
        for (int a = 0; a < 5; a++) {
            for (int b = a + 1; b < 5; b++) {
                atoms.add(new JoinAtom("e", List.of(a, b), 20_000, d));
            }
        }
        return new JoinProblem("5-cliques", List.of("v", "w", "x", "y", "z"), atoms, List.of());
    }

    @Test
    void moreVariablesAreSearchedLocally() {
        JoinProblem p = fiveCliques();
        int[] start = GreedyVariableOrder.choose(p).order();
        AtomicInteger calls = new AtomicInteger();
        SampledOrderSearch.Result r = SampledOrderSearch.search(p, start, pairMeter(limit -> calls.incrementAndGet()), 1000);
        assertEquals(300_000, r.work(), "found a cheap order: " + Arrays.toString(r.order()));
        assertTrue(r.measured() <= 5 * 4 / 2 + 5, "about n^2/2 trials, not all 120: " + r.measured());
        assertEquals(r.measured(), calls.get());
    }

    @Test
    void everyLegalOrderOfAFewVariables() {
        assertEquals(24, SampledOrderSearch.legalOrders(fourCliques()).size());
    }

    /** A meter of {@link #pairWork}, capped at each trial's limit as a real meter is; it tells {@code onCall} each limit. */
    private static WorkMeter pairMeter(java.util.function.LongConsumer onCall) {
        return (order, limit) -> {
            onCall.accept(limit);
            long w = pairWork(order);
            return w > limit ? Long.MAX_VALUE : w;
        };
    }

    /** Work that depends on the first two variables only, as on oregon1_010331 (cheap pairs: {y,z}, {z,w}). */
    private static long pairWork(int[] order) {
        int a = Math.min(order[0], order[1]);
        int b = Math.max(order[0], order[1]);
        boolean cheap = (a == 2 && b == 3) || (a == 0 && b == 3);
        return cheap ? 300_000 : 1_000_000;
    }

    @Test
    void findsACheaperOrderAndCapsEachTrial() {
        JoinProblem p = fourCliques();
        int[] start = GreedyVariableOrder.choose(p).order();
        List<Long> limits = new ArrayList<>();
        SampledOrderSearch.Result r = SampledOrderSearch.search(p, start, pairMeter(limits::add), 1000);
        assertEquals(300_000, pairWork(r.order()), "kept a cheap order: " + Arrays.toString(r.order()));
        assertEquals(300_000, r.work());
        assertTrue(r.changed() && r.searched());
        assertEquals(Long.MAX_VALUE, limits.get(0), "the start is measured whole");
        assertTrue(limits.stream().skip(1).allMatch(l -> l <= (long) (1_000_000 * SampledOrderSearch.MARGIN)),
                "every trial is capped at what it must beat: " + limits);
        assertEquals(24, r.measured(), "four variables: every order is measured");
        assertEquals(r.measured(), limits.size());
        for (int[] order : List.of(r.order(), r.startOrder())) {
            int[] sorted = order.clone();
            Arrays.sort(sorted);
            assertArrayEquals(new int[]{0, 1, 2, 3}, sorted, "a permutation");
        }
    }

    @Test
    void keepsTheStartUnlessAnotherIsClearlyCheaper() {
        JoinProblem p = fourCliques();
        int[] start = GreedyVariableOrder.choose(p).order();
        // Every other order is 10% cheaper: within the estimates' noise, so not worth a change.
        SampledOrderSearch.Result r = SampledOrderSearch.search(p, start,
                (order, limit) -> Arrays.equals(order, start) ? 1_000_000 : 900_000, 1000);
        assertFalse(r.changed());
        assertTrue(r.searched());
        assertArrayEquals(start, r.order());
    }

    @Test
    void smallJoinsAndUnmeasurableOrdersAreLeftAlone() {
        JoinProblem p = fourCliques();
        int[] start = GreedyVariableOrder.choose(p).order();
        AtomicInteger calls = new AtomicInteger();
        SampledOrderSearch.Result small = SampledOrderSearch.search(p, start, (order, limit) -> {
            calls.incrementAndGet();
            return 500;
        }, 1000);
        assertEquals(1, calls.get(), "a join below minWork is not searched");
        assertFalse(small.searched());
        SampledOrderSearch.Result none = SampledOrderSearch.search(p, start,
                (order, limit) -> Arrays.equals(order, start) ? 1_000_000 : -1, 1000);
        assertArrayEquals(start, none.order(), "orders that cannot be measured are never chosen");
    }

    @Test
    void anUnmeasurableStartGivesWayToTheCheapestMeasuredOrder() {
        JoinProblem p = fourCliques();
        int[] start = GreedyVariableOrder.choose(p).order();
        List<Long> limits = new ArrayList<>();
        // The start needs a reordered index too large for a trial (rmat-20's triangles): every other
        // order is measured in full, and the cheapest one is chosen with its work.
        SampledOrderSearch.Result r = SampledOrderSearch.search(p, start, (order, limit) -> {
            limits.add(limit);
            return Arrays.equals(order, start) ? -1 : pairWork(order);
        }, 1000);
        assertTrue(r.changed());
        assertEquals(-1, r.startWork());
        assertEquals(300_000, r.work());
        assertEquals(300_000, pairWork(r.order()));
        assertEquals(Long.MAX_VALUE, limits.get(1), "until one order is measured, none is capped");
        SampledOrderSearch.Result none = SampledOrderSearch.search(p, start, (order, limit) -> -1, 1000);
        assertArrayEquals(start, none.order(), "with no order measurable the start stays");
        assertEquals(-1, none.work());
        assertEquals(24, none.measured(), "every order was tried");
    }

    @Test
    void assignmentsStayAfterTheirInputs() {
        // r(x,z) :- a(x,y), b(y,w), c(w,x), z = y + 1, d(z): z may only follow y.
        long[] d = {100, 100};
        JoinProblem p = new JoinProblem("r", List.of("x", "y", "z", "w"),
                List.of(new JoinAtom("a", List.of(0, 1), 1000, d), new JoinAtom("b", List.of(1, 3), 1000, d),
                        new JoinAtom("c", List.of(3, 0), 1000, d), new JoinAtom("d", List.of(2), 100, new long[]{100})),
                List.of(new JoinPredicate(JoinPredicate.Kind.ASSIGNMENT, "z = y + 1", List.of(1), 2)));
        List<int[]> tried = new ArrayList<>();
        SampledOrderSearch.search(p, GreedyVariableOrder.choose(p).order(), (order, limit) -> {
            tried.add(order.clone());
            return 1_000_000 - 1000L * tried.size();
        }, 1000);
        assertTrue(tried.size() > 1);
        for (int[] order : tried) {
            int y = -1;
            int z = -1;
            for (int l = 0; l < order.length; l++) {
                y = order[l] == 1 ? l : y;
                z = order[l] == 2 ? l : z;
            }
            assertTrue(y < z, "z = y + 1 after y: " + Arrays.toString(order));
        }
    }

    @Test
    void thePlannerCachesTheMeasuredPlanAndExplainsIt() {
        CalcitePlanner planner = new CalcitePlanner();
        JoinProblem p = fourCliques();
        AtomicInteger calls = new AtomicInteger();
        WorkMeter meter = (order, limit) -> {
            calls.incrementAndGet();
            long w = pairWork(order);
            return w > limit ? Long.MAX_VALUE : w;
        };
        JoinPlan plan = planner.plan(p, meter);
        int measured = calls.get();
        JoinPlan again = planner.plan(p, meter);
        assertEquals(measured, calls.get(), "the second plan comes from the cache");
        assertArrayEquals(plan.order(), again.order());
        assertEquals(300_000, pairWork(plan.order()));
        String last = plan.explainLines().get(plan.explainLines().size() - 1);
        assertTrue(last.contains(CalcitePlanner.MEASURED_NOTE) && last.contains("statistics' order"), last);
        String names = plan.explainLines().get(1);
        assertTrue(names.contains("variable order: " + String.join(", ",
                Arrays.stream(plan.order()).mapToObj(v -> p.variables().get(v)).toList())), names);
        int[] levels = PredicatePlacement.levels(p.predicates(), plan.order());
        assertArrayEquals(levels, plan.predicateLevel());
    }
}
