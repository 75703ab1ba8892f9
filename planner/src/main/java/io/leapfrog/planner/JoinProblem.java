package io.leapfrog.planner;

import java.util.List;

/**
 * What the engine asks the planner about one rule body (or one SQL join): which atoms, over which
 * variables, with which statistics, and which predicates. Constants and repeated variables inside an
 * atom have already been selected away, so each atom lists the distinct variables of its remaining
 * columns. {@code variables} are display names (for EXPLAIN), indexed by variable number.
 */
public record JoinProblem(String label, List<String> variables, List<JoinAtom> atoms, List<JoinPredicate> predicates) {

    /**
     * A positive body atom. {@code vars.get(i)} is the variable of the atom's i-th remaining column;
     * {@code distinct[i]} the number of distinct values in that column; {@code cardinality} the rows.
     */
    public record JoinAtom(String relation, List<Integer> vars, long cardinality, long[] distinct) { }

    /**
     * A predicate over variables. COMPARISON/NEGATION/FILTER fire once all {@code vars} are bound
     * (FILTER: a membership test of a filter relation).
     * ASSIGNMENT (e.g. {@code y = x + 1}, or an aggregate result) binds {@code defines} from {@code vars},
     * so {@code defines} must come after all of {@code vars} in the order. BOUND is a comparison
     * {@code a < b} (or {@code <=}, {@code >}, {@code >=}) between two variables that the join can use to narrow seeks.
     */
    public record JoinPredicate(Kind kind, String text, List<Integer> vars, int defines) {
        public enum Kind { COMPARISON, BOUND, ASSIGNMENT, NEGATION, FILTER }
    }
}
