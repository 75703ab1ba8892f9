package io.leapfrog.planner.calcite;

import io.leapfrog.planner.JoinPlan;
import io.leapfrog.planner.JoinPlanner;
import io.leapfrog.planner.JoinProblem;
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

    @Test
    void randomProblemsGetValidPlans() {
        java.util.Random rnd = new java.util.Random(42);
        for (int trial = 0; trial < 200; trial++) {
            int n = 2 + rnd.nextInt(5);
            List<String> names = new java.util.ArrayList<>();
            for (int v = 0; v < n; v++) {
                names.add("x" + v);
            }
            // the last variable may be defined by an assignment from two earlier ones
            boolean assign = rnd.nextBoolean();
            int atomVars = assign ? n - 1 : n;
            List<JoinAtom> atoms = new java.util.ArrayList<>();
            boolean[] covered = new boolean[n];
            int atomCount = 1 + rnd.nextInt(5);
            for (int a = 0; a < atomCount || !allCovered(covered, atomVars); a++) {
                int x = rnd.nextInt(atomVars);
                int y = rnd.nextInt(atomVars);
                List<Integer> vars = x == y ? List.of(x) : List.of(x, y);
                long card = 1 + rnd.nextInt(10_000);
                long[] d = new long[vars.size()];
                for (int i = 0; i < d.length; i++) {
                    d[i] = 1 + rnd.nextInt((int) card);
                    covered[vars.get(i)] = true;
                }
                atoms.add(new JoinAtom("r" + a, vars, card, d));
            }
            List<JoinPredicate> preds = new java.util.ArrayList<>();
            if (assign) {
                preds.add(new JoinPredicate(Kind.ASSIGNMENT, "x = a + b", List.of(0, atomVars - 1), n - 1));
            }
            for (int p = 0; p < 3; p++) {
                int x = rnd.nextInt(n);
                int y = rnd.nextInt(n);
                preds.add(new JoinPredicate(p == 2 ? Kind.NEGATION : Kind.BOUND, "p" + p, List.of(x, y), -1));
            }
            JoinProblem problem = new JoinProblem("random" + trial, names, atoms, preds);
            JoinPlan plan = planner.plan(problem);
            int[] order = plan.order();
            assertEquals(n, order.length);
            boolean[] seen = new boolean[n];
            for (int v : order) {
                assertTrue(!seen[v], "order is a permutation");
                seen[v] = true;
            }
            if (assign) {
                assertTrue(position(order, n - 1) > position(order, 0) && position(order, n - 1) > position(order, atomVars - 1),
                        "assignment after its inputs: " + java.util.Arrays.toString(order));
            }
            for (int p = 0; p < preds.size(); p++) {
                int expected = 0;
                for (int v : preds.get(p).vars()) {
                    expected = Math.max(expected, position(order, v));
                }
                if (preds.get(p).kind() == Kind.ASSIGNMENT) {
                    expected = Math.max(expected, position(order, preds.get(p).defines()));
                }
                assertEquals(expected, plan.predicateLevel()[p], "earliest level of predicate " + p);
            }
            for (double r : plan.estimatedRows()) {
                assertTrue(r >= 0 && !Double.isNaN(r));
            }
        }
    }

    private static boolean allCovered(boolean[] covered, int k) {
        for (int v = 0; v < k; v++) {
            if (!covered[v]) {
                return false;
            }
        }
        return true;
    }
}
