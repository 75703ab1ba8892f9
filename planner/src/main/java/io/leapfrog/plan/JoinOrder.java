package io.leapfrog.plan;

import io.leapfrog.planner.JoinPlan;

/**
 * How a join runs, chosen with the statistics of its relations: the planner's variable order, where each
 * predicate acts and the estimates ({@code plan}). For a counted clique query: when it may count over its
 * graph with the nodes renumbered by degree ({@code cliqueCount}, known before the data), whether it does
 * and why ({@code degreeChoice}, from the data); both null for other joins.
 */
public record JoinOrder(JoinPlan plan, String cliqueCount, boolean renumberedByDegree, String degreeChoice) {

    /** Level l binds variable {@code order()[l]}. */
    public int[] order() {
        return plan.order();
    }

    /** The level that binds each variable. */
    public int[] levels() {
        int[] order = plan.order();
        int[] pos = new int[order.length];
        for (int l = 0; l < order.length; l++) {
            pos[order[l]] = l;
        }
        return pos;
    }
}
