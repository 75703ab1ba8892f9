package io.leapfrog.planner.calcite;

import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.rules.JoinToMultiJoinRule;

import java.util.List;

/**
 * The rewrite program that turns joins into {@link LogicalLeapfrogJoin}s, in phases (each to a fixpoint):
 * <ol>
 *   <li>window functions out of projections into Window nodes ({@code PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW});</li>
 *   <li>push filters into joins and join conditions down to the inputs
 *       ({@code FILTER_INTO_JOIN}, {@code JOIN_CONDITION_PUSH}, {@code FILTER_MERGE});</li>
 *   <li>flatten trees of inner joins into one {@code MultiJoin}, bottom-up ({@code JOIN_TO_MULTI_JOIN}
 *       restricted to inner joins: outer joins stay joins);</li>
 *   <li>absorb filters and projects above it ({@code FILTER_MULTI_JOIN_MERGE}, {@code PROJECT_MULTI_JOIN_MERGE});</li>
 *   <li>{@link LeapfrogJoinRule}: the MultiJoin becomes a LogicalLeapfrogJoin with a variable order.</li>
 * </ol>
 * The program is built once; each plan runs it in a fresh {@link HepPlanner}.
 */
public final class LeapfrogPrograms {

    /**
     * Calcite's JOIN_TO_MULTI_JOIN for inner joins only: an outer join stays a join of its own (run
     * with its null-padding by Calcite's own join), and an inner join above it takes it as one input.
     */
    private static final RelOptRule INNER_JOIN_TO_MULTI_JOIN = JoinToMultiJoinRule.Config.DEFAULT
            .withOperandSupplier(b0 -> b0.operand(LogicalJoin.class)
                    .predicate(j -> j.getJoinType() == JoinRelType.INNER)
                    .inputs(b1 -> b1.operand(RelNode.class).anyInputs(),
                            b2 -> b2.operand(RelNode.class).anyInputs()))
            .as(JoinToMultiJoinRule.Config.class)
            .toRule();

    public static final HepProgram JOINS_TO_LEAPFROG = new HepProgramBuilder()
            // SQL window functions (RexOver in a projection) become Window nodes, which Calcite implements
            .addRuleInstance(CoreRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW)
            .addRuleCollection(List.of(CoreRules.FILTER_INTO_JOIN, CoreRules.JOIN_CONDITION_PUSH, CoreRules.FILTER_MERGE))
            .addMatchOrder(HepMatchOrder.BOTTOM_UP)
            .addRuleInstance(INNER_JOIN_TO_MULTI_JOIN)
            .addRuleCollection(List.of(CoreRules.FILTER_MULTI_JOIN_MERGE, CoreRules.PROJECT_MULTI_JOIN_MERGE))
            .addRuleInstance(LeapfrogJoinRule.INSTANCE)
            .build();

    private LeapfrogPrograms() { }

    /** A planner for one run of {@link #JOINS_TO_LEAPFROG}; create the cluster on it before building rels. */
    public static HepPlanner newPlanner() {
        return new HepPlanner(JOINS_TO_LEAPFROG);
    }

    /** Runs the program over {@code rel}, whose cluster's planner is {@code planner}. */
    public static RelNode rewrite(HepPlanner planner, RelNode rel) {
        planner.setRoot(rel);
        return planner.findBestExp();
    }

    /** The first LogicalLeapfrogJoin in {@code rel}, depth-first, or null. */
    public static LogicalLeapfrogJoin findLeapfrogJoin(RelNode rel) {
        if (rel instanceof LogicalLeapfrogJoin lj) {
            return lj;
        }
        for (RelNode in : rel.getInputs()) {
            LogicalLeapfrogJoin found = findLeapfrogJoin(in);
            if (found != null) {
                return found;
            }
        }
        return null;
    }
}
