package io.leapfrog.planner;

/**
 * Measures a join's work under a variable order on the data (a sample of it), for planners that choose
 * an order by measuring candidates ({@link JoinPlanner#plan(JoinProblem, WorkMeter)}).
 */
@FunctionalInterface
public interface WorkMeter {
    /**
     * The work of the join under {@code order} (level l binds variable {@code order[l]}), deterministically;
     * {@link Long#MAX_VALUE} once it is sure to exceed {@code limit}; -1 when this order cannot be measured
     * (e.g. it needs an index too large to build for a trial).
     */
    long work(int[] order, long limit);
}
