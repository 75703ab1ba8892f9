package io.leapfrog.planner;

import java.util.Objects;

/**
 * How joins are ordered. Immutable.
 *
 * @param measureOrders choose a join's variable order by measuring candidate orders on a sample of the data
 *                      (docs/planner.md, "Orders measured on the data"); off: from statistics alone
 * @param degreeOrder   whether a counted clique query may count over its graph with the nodes renumbered
 *                      by degree ({@link DegreeOrder})
 */
public record PlannerOptions(boolean measureOrders, DegreeOrder degreeOrder) {

    /** Renumbering a counted clique query's graph by degree. */
    public enum DegreeOrder {
        /** When measuring both shows the renumbered count does clearly less work, its own cost included. */
        MEASURE,
        /** Never. */
        NEVER,
        /** Whenever the graph's shape allows it. */
        ALWAYS
    }

    public PlannerOptions {
        Objects.requireNonNull(degreeOrder, "degreeOrder");
    }

    /** Orders measured on the data; renumbering chosen by measuring. */
    public static PlannerOptions defaults() {
        return new PlannerOptions(true, DegreeOrder.MEASURE);
    }

    public PlannerOptions withMeasureOrders(boolean measure) {
        return new PlannerOptions(measure, degreeOrder);
    }

    public PlannerOptions withDegreeOrder(DegreeOrder order) {
        return new PlannerOptions(measureOrders, order);
    }
}
