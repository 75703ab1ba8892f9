package io.leapfrog.planner;

import io.leapfrog.planner.JoinProblem.JoinAtom;
import io.leapfrog.planner.JoinProblem.JoinPredicate;
import io.leapfrog.planner.JoinProblem.JoinPredicate.Kind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CalcitePlannerTest {

    private final JoinPlanner planner = new CalcitePlanner();

    static JoinAtom atom(String rel, long card, long[] distinct, Integer... vars) {
        return new JoinAtom(rel, List.of(vars), card, distinct);
    }

    static int position(int[] order, int v) {
        for (int i = 0; i < order.length; i++) {
            if (order[i] == v) {
                return i;
            }
        }
        throw new AssertionError("variable " + v + " missing from order");
    }

    @Test
    void triangleWithLessThanFiresEachComparisonAtTheLaterVariable() {
        long[] d = {100, 100};
        JoinProblem p = new JoinProblem("tri(x,y,z) :- e(x,y), e(y,z), e(x,z), x<y, y<z.",
                List.of("x", "y", "z"),
                List.of(atom("e", 1000, d, 0, 1), atom("e", 1000, d, 1, 2), atom("e", 1000, d, 0, 2)),
                List.of(new JoinPredicate(Kind.BOUND, "x < y", List.of(0, 1), -1),
                        new JoinPredicate(Kind.BOUND, "y < z", List.of(1, 2), -1)));
        JoinPlan plan = planner.plan(p);
        assertArrayEquals(new int[]{0, 1, 2}, plan.order(), "symmetric stats: lowest numbers first");
        assertArrayEquals(new int[]{1, 2}, plan.predicateLevel());
        assertEquals("cpu-lftj", plan.strategy());
        assertEquals(3, plan.estimatedRows().length);
        assertTrue(plan.explainLines().stream().anyMatch(l -> l.contains("variable order: x, y, z")),
                String.join("\n", plan.explainLines()));
    }

    @Test
    void selectiveAtomBindsFirst() {
        // big(x,y) has a million rows; small(y) has 3 values: start from y.
        JoinProblem p = new JoinProblem("r(x) :- big(x,y), small(y).", List.of("x", "y"),
                List.of(atom("big", 1_000_000, new long[]{1000, 1000}, 0, 1), atom("small", 3, new long[]{3}, 1)),
                List.of());
        JoinPlan plan = planner.plan(p);
        assertArrayEquals(new int[]{1, 0}, plan.order());
        assertTrue(plan.estimatedRows()[0] <= 3.0);
    }

    @Test
    void connectedVariablesBeforeCrossProducts() {
        // a(x,y), b(y,z), c(w): w has the smallest domain, but once we start from it the
        // rest is a cross product anyway; after the first variable, connected ones come first.
        JoinProblem p = new JoinProblem("q", List.of("x", "y", "z", "w"),
                List.of(atom("a", 50, new long[]{10, 5}, 0, 1), atom("b", 50, new long[]{5, 10}, 1, 2),
                        atom("c", 2, new long[]{2}, 3)),
                List.of());
        int[] order = planner.plan(p).order();
        assertEquals(3, order[0], "smallest domain first");
        assertEquals(1, order[1], "then the smallest domain of the other component");
    }

    @Test
    void assignmentComesAfterItsInputsAndNegationWhenAllBound() {
        // r(x,z) :- a(x,y), z = y + 1, b(z), !c(x,z).
        JoinProblem p = new JoinProblem("r", List.of("x", "y", "z"),
                List.of(atom("a", 100, new long[]{100, 100}, 0, 1), atom("b", 2, new long[]{2}, 2)),
                List.of(new JoinPredicate(Kind.ASSIGNMENT, "z = y + 1", List.of(1), 2),
                        new JoinPredicate(Kind.NEGATION, "!c(x,z)", List.of(0, 2), -1)));
        JoinPlan plan = planner.plan(p);
        int[] order = plan.order();
        assertTrue(position(order, 2) > position(order, 1), "z after y");
        assertEquals(position(order, 2), plan.predicateLevel()[0]);
        assertEquals(Math.max(position(order, 0), position(order, 2)), plan.predicateLevel()[1]);
    }

    @Test
    void emptyBodyAndConstantPredicate() {
        JoinProblem p = new JoinProblem("r() :- 1 < 2.", List.of(), List.of(),
                List.of(new JoinPredicate(Kind.COMPARISON, "1 < 2", List.of(), -1)));
        JoinPlan plan = planner.plan(p);
        assertEquals(0, plan.order().length);
        assertArrayEquals(new int[]{0}, plan.predicateLevel());
    }
}
