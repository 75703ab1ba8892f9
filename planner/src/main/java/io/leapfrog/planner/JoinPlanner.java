package io.leapfrog.planner;

/** Chooses a variable order and predicate placement for a {@link JoinProblem}. Thread-safe. */
public interface JoinPlanner {
    JoinPlan plan(JoinProblem problem);
}
