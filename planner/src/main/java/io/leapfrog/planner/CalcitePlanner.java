package io.leapfrog.planner;

import io.leapfrog.planner.order.GreedyVariableOrder;
import io.leapfrog.planner.order.PredicatePlacement;

/**
 * The engine's planner: a rule body becomes a Calcite plan, Calcite rules collapse its joins into one
 * LeapfrogJoin, and the LeapfrogJoin's variable order and predicate levels become the {@link JoinPlan}.
 * Thread-safe and stateless apart from caches.
 */
public final class CalcitePlanner implements JoinPlanner {

    public static final String STRATEGY = "cpu-lftj";

    public CalcitePlanner() { }

    @Override
    public JoinPlan plan(JoinProblem problem) {
        GreedyVariableOrder.Ordering ordering = GreedyVariableOrder.choose(problem);
        int[] levels = PredicatePlacement.levels(problem.predicates(), ordering.order());
        return new JoinPlan(problem, ordering.order(), levels, ordering.estimatedRows(), STRATEGY,
                PlanExplainer.explain(problem, ordering.order(), levels, ordering.estimatedRows(), STRATEGY));
    }
}
