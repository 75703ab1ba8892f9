package io.leapfrog.planner;


/** Chooses a variable order and predicate placement for a {@link JoinProblem}. Thread-safe. */
public interface JoinPlanner {
    JoinPlan plan(JoinProblem problem);

    /**
     * Like {@link #plan(JoinProblem)}, then improves the order by measuring orders on the data with
     * {@code meter} (the search of {@code io.leapfrog.planner.order.SampledOrderSearch}). Planners that cannot
     * measure plan from statistics only.
     */
    default JoinPlan plan(JoinProblem problem, WorkMeter meter) {
        return plan(problem);
    }
}
