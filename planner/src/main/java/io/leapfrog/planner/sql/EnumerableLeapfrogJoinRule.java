package io.leapfrog.planner.sql;

import io.leapfrog.exec.storage.SymbolTable;
import io.leapfrog.planner.calcite.LogicalLeapfrogJoin;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;

import java.util.ArrayList;
import java.util.List;

/** The logical {@link LogicalLeapfrogJoin} becomes the physical {@link EnumerableLeapfrogJoin} producing its rows. */
final class EnumerableLeapfrogJoinRule extends ConverterRule {
    private final SymbolTable symbols;
    private final JoinPlacement placement;

    private EnumerableLeapfrogJoinRule(Config config, SymbolTable symbols, JoinPlacement placement) {
        super(config);
        this.symbols = symbols;
        this.placement = placement;
    }

    static EnumerableLeapfrogJoinRule create(SymbolTable symbols, JoinPlacement placement) {
        return Config.INSTANCE
                .withConversion(LogicalLeapfrogJoin.class, Convention.NONE, EnumerableConvention.INSTANCE,
                        "EnumerableLeapfrogJoinRule")
                .withRuleFactory(c -> new EnumerableLeapfrogJoinRule(c, symbols, placement))
                .toRule(EnumerableLeapfrogJoinRule.class);
    }

    @Override
    public RelNode convert(RelNode rel) {
        LogicalLeapfrogJoin join = (LogicalLeapfrogJoin) rel;
        return new EnumerableLeapfrogJoin(join.getCluster(), join.getTraitSet().replace(EnumerableConvention.INSTANCE),
                enumerableInputs(join), join, join.getRowType(), EnumerableLeapfrogJoin.Output.ROWS, symbols, placement);
    }

    /** The join's inputs, each asked for in the enumerable convention. */
    static List<RelNode> enumerableInputs(LogicalLeapfrogJoin join) {
        List<RelNode> inputs = new ArrayList<>();
        for (RelNode in : join.getInputs()) {
            inputs.add(convert(in, in.getTraitSet().replace(EnumerableConvention.INSTANCE)));
        }
        return inputs;
    }
}
