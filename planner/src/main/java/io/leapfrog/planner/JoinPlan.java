package io.leapfrog.planner;

import java.util.List;

/**
 * The planner's answer: the variable order (level l binds variable {@code order[l]}), the level at
 * which each predicate fires ({@code predicateLevel[i]} for {@code problem.predicates().get(i)}),
 * estimated rows after each level, the chosen strategy, and a human-readable EXPLAIN.
 */
public record JoinPlan(JoinProblem problem, int[] order, int[] predicateLevel, double[] estimatedRows,
                       String strategy, List<String> explainLines) {
}
