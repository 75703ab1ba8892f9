package io.leapfrog.planner.sql;

import io.leapfrog.exec.storage.SymbolTable;
import io.leapfrog.planner.calcite.LogicalLeapfrogJoin;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.tools.RelBuilderFactory;

import java.util.List;

/**
 * {@code COUNT(*)} without GROUP BY directly over a {@link LogicalLeapfrogJoin} (or over a projection of one,
 * whose columns COUNT(*) does not read) becomes an {@link EnumerableLeapfrogJoin} that counts the
 * join's rows without building them ({@code JoinExecutor.count}).
 */
final class LeapfrogCountRule extends RelRule<LeapfrogCountRule.Config> {
    private LeapfrogCountRule(Config config) {
        super(config);
    }

    /** The two rules: aggregate over the join, and aggregate over a projection of the join. */
    static List<LeapfrogCountRule> create(SymbolTable symbols, JoinPlacement placement) {
        Config direct = new Config(RelFactories.LOGICAL_BUILDER, "LeapfrogCountRule",
                b0 -> b0.operand(Aggregate.class).predicate(LeapfrogCountRule::isCountStar)
                        .oneInput(b1 -> b1.operand(LogicalLeapfrogJoin.class).anyInputs()), symbols, placement);
        Config projected = new Config(RelFactories.LOGICAL_BUILDER, "LeapfrogCountRule:project",
                b0 -> b0.operand(Aggregate.class).predicate(LeapfrogCountRule::isCountStar)
                        .oneInput(b1 -> b1.operand(Project.class)
                                .oneInput(b2 -> b2.operand(LogicalLeapfrogJoin.class).anyInputs())), symbols, placement);
        return List.of(direct.toRule(), projected.toRule());
    }

    /** No grouping, and every call COUNT(*) (no argument, DISTINCT or FILTER). */
    static boolean isCountStar(Aggregate a) {
        if (!a.getGroupSet().isEmpty() || a.getGroupSets().size() != 1 || a.getAggCallList().isEmpty()) {
            return false;
        }
        for (AggregateCall call : a.getAggCallList()) {
            if (call.getAggregation().getKind() != SqlKind.COUNT || !call.getArgList().isEmpty() || call.isDistinct()
                    || call.filterArg >= 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        Aggregate aggregate = call.rel(0);
        LogicalLeapfrogJoin join = call.rel(call.getRelList().size() - 1);
        call.transformTo(new EnumerableLeapfrogJoin(aggregate.getCluster(),
                aggregate.getTraitSet().replace(EnumerableConvention.INSTANCE),
                EnumerableLeapfrogJoinRule.enumerableInputs(join), join, aggregate.getRowType(),
                EnumerableLeapfrogJoin.Output.COUNT, config.symbols(), config.placement()));
    }

    /**
     * Rule configuration, as Calcite's own rules have (written by hand: no Immutables processor here), with
     * the symbols and placement the physical join needs.
     */
    record Config(RelBuilderFactory relBuilderFactory, String description, OperandTransform operandSupplier,
                  SymbolTable symbols, JoinPlacement placement) implements RelRule.Config {

        @Override
        public LeapfrogCountRule toRule() {
            return new LeapfrogCountRule(this);
        }

        @Override
        public Config withRelBuilderFactory(RelBuilderFactory factory) {
            return new Config(factory, description, operandSupplier, symbols, placement);
        }

        @Override
        public Config withDescription(String d) {
            return new Config(relBuilderFactory, d, operandSupplier, symbols, placement);
        }

        @Override
        public Config withOperandSupplier(OperandTransform transform) {
            return new Config(relBuilderFactory, description, transform, symbols, placement);
        }
    }
}
