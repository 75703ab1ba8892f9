package io.leapfrog.planner;

import java.util.List;

/**
 * The planner's answer: the variable order (level l binds variable {@code order[l]}), the level at
 * which each predicate fires ({@code predicateLevel[i]} for {@code problem.predicates().get(i)}),
 * estimated rows after each level, the chosen strategy, a human-readable EXPLAIN, and the join's work
 * under the order as measured on the data ({@code measuredWork}, -1 when not measured; see
 * {@link io.leapfrog.planner.order.SampledOrderSearch}).
 */
public record JoinPlan(JoinProblem problem, int[] order, int[] predicateLevel, double[] estimatedRows,
                       String strategy, List<String> explainLines, long measuredWork) {

    /** A plan from statistics alone (its work not measured). */
    public JoinPlan(JoinProblem problem, int[] order, int[] predicateLevel, double[] estimatedRows,
                    String strategy, List<String> explainLines) {
        this(problem, order, predicateLevel, estimatedRows, strategy, explainLines, -1);
    }

    /** This plan for {@code problem} (an equal one), with its own arrays: what a cache hands out. */
    public JoinPlan copyFor(JoinProblem problem) {
        return new JoinPlan(problem, order.clone(), predicateLevel.clone(), estimatedRows.clone(), strategy,
                explainLines, measuredWork);
    }

    /** This plan with its measured work. */
    public JoinPlan withMeasuredWork(long work) {
        return new JoinPlan(problem, order, predicateLevel, estimatedRows, strategy, explainLines, work);
    }
}
