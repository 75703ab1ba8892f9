package io.leapfrog.planner.calcite;

import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.rules.MultiJoin;
import org.apache.calcite.tools.RelBuilderFactory;
import org.apache.calcite.rel.core.RelFactories;

/**
 * Collapses a {@link MultiJoin} of inner joins over duplicate-free inputs into one {@link LogicalLeapfrogJoin}:
 * equal fields become join variables, every other condition a predicate at the earliest level where
 * its variables are bound, and the variable order comes from the inputs' statistics
 * ({@link JoinAnalysis}).
 */
public final class LeapfrogJoinRule extends RelRule<LeapfrogJoinRule.Config> {

    public static final LeapfrogJoinRule INSTANCE = Config.DEFAULT.toRule();

    private LeapfrogJoinRule(Config config) {
        super(config);
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        MultiJoin multiJoin = call.rel(0);
        LogicalLeapfrogJoin join = JoinAnalysis.toLeapfrogJoin(multiJoin, call.getMetadataQuery());
        if (join != null) {
            call.transformTo(join);
        }
    }

    /** Rule configuration, as Calcite's own rules have (written by hand: no Immutables processor here). */
    public record Config(RelBuilderFactory relBuilderFactory, String description, OperandTransform operandSupplier)
            implements RelRule.Config {

        public static final Config DEFAULT = new Config(RelFactories.LOGICAL_BUILDER, "LeapfrogJoinRule",
                b -> b.operand(MultiJoin.class).anyInputs());

        @Override
        public LeapfrogJoinRule toRule() {
            return new LeapfrogJoinRule(this);
        }

        @Override
        public Config withRelBuilderFactory(RelBuilderFactory factory) {
            return new Config(factory, description, operandSupplier);
        }

        @Override
        public Config withDescription(String d) {
            return new Config(relBuilderFactory, d, operandSupplier);
        }

        @Override
        public Config withOperandSupplier(OperandTransform transform) {
            return new Config(relBuilderFactory, description, transform);
        }
    }
}
