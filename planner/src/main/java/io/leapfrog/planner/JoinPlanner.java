package io.leapfrog.planner;

import io.leapfrog.planner.order.SampledOrderSearch;

/** Chooses a variable order and predicate placement for a {@link JoinProblem}. Thread-safe. */
public interface JoinPlanner {
    JoinPlan plan(JoinProblem problem);

    /**
     * Like {@link #plan(JoinProblem)}, then improves the order by measuring orders on the data with
     * {@code meter} ({@link SampledOrderSearch}). Planners that cannot measure plan from statistics only.
     */
    default JoinPlan plan(JoinProblem problem, SampledOrderSearch.WorkMeter meter) {
        return plan(problem);
    }
}
