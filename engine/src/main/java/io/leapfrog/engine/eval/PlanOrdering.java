package io.leapfrog.engine.eval;

import io.leapfrog.plan.JoinNode;
import io.leapfrog.plan.Predicate;
import io.leapfrog.plan.ProgramPlan;
import io.leapfrog.plan.RulePlan;
import io.leapfrog.plan.StratumPlan;

import java.util.ArrayList;
import java.util.List;

/**
 * Orders every join of a plan, aggregate bodies included, with the statistics of the context's
 * relations now, without evaluating anything: what {@code explain} prints. (An evaluation orders each
 * stratum's joins when the stratum runs, with the statistics of that moment.)
 */
public final class PlanOrdering {
    private PlanOrdering() {
    }

    public static ProgramPlan ordered(EvalContext ctx, ProgramPlan plan) {
        List<StratumPlan> strata = new ArrayList<>();
        for (StratumPlan s : plan.strata()) {
            List<RulePlan> rules = new ArrayList<>();
            for (RulePlan r : s.rules()) {
                rules.add(r.withBody(ordered(ctx, r.body())));
            }
            strata.add(s.withRules(rules));
        }
        return new ProgramPlan(strata);
    }

    /** The join and its aggregates' bodies, each ordered. */
    public static JoinNode ordered(EvalContext ctx, JoinNode node) {
        JoinNode planned = JoinNodePlanner.plan(ctx, node, new ScanInputs(node, ctx)).node();
        List<Predicate> predicates = new ArrayList<>();
        for (Predicate p : planned.predicates()) {
            predicates.add(p instanceof Predicate.AggregateValue a ? a.withBody(ordered(ctx, a.body())) : p);
        }
        return planned.withPredicates(predicates);
    }
}
