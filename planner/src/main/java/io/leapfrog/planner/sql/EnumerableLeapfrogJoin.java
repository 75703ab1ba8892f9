package io.leapfrog.planner.sql;

import io.leapfrog.exec.storage.SymbolTable;
import io.leapfrog.planner.calcite.LogicalLeapfrogJoin;
import org.apache.calcite.adapter.enumerable.EnumUtils;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.adapter.enumerable.RexToLixTranslator;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.ParameterExpression;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.AbstractRelNode;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexProgramBuilder;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * The leapfrog join as a physical operator of Calcite's enumerable convention: Calcite's generated code
 * calls {@link LeapfrogJoinRun} for its rows (or, {@link Output#COUNT}, for the one row of a
 * {@code COUNT(*)} over it, counted without building the join's rows). Its inputs are the logical
 * {@link LogicalLeapfrogJoin}'s; an input that is a catalog table, possibly filtered by {@code column = constant},
 * is read as stored ({@link AtomSource}) and never executed by Calcite, every other input is run by
 * Calcite and its rows encoded. The join's conditions that are no seek bounds are compiled by Calcite's
 * code generator ({@link RexToLixTranslator}) into {@link BindingPredicate}s, filters at their levels.
 */
public final class EnumerableLeapfrogJoin extends AbstractRelNode implements EnumerableRel {

    /** What the operator produces. */
    public enum Output {
        /** The join's rows: the inputs' fields side by side. */
        ROWS,
        /** One row of COUNT(*) columns: the number of the join's rows, counted by the join. */
        COUNT
    }

    private final List<RelNode> inputs;
    private final LogicalLeapfrogJoin join;
    private final JoinShape shape;
    private final Output output;
    private final SymbolTable symbols;
    private final JoinPlacement placement;

    EnumerableLeapfrogJoin(RelOptCluster cluster, RelTraitSet traits, List<RelNode> inputs, LogicalLeapfrogJoin join,
                           RelDataType rowType, Output output, SymbolTable symbols, JoinPlacement placement) {
        super(cluster, traits);
        this.inputs = new ArrayList<>(inputs);
        this.join = join;
        this.shape = JoinShape.of(join);
        this.rowType = rowType;
        this.output = output;
        this.symbols = symbols;
        this.placement = placement;
    }

    /** The logical join this operator runs: its variables, order, predicates and levels. */
    public LogicalLeapfrogJoin join() {
        return join;
    }

    public Output output() {
        return output;
    }

    @Override
    public List<RelNode> getInputs() {
        return inputs;
    }

    @Override
    public void replaceInput(int ordinalInParent, RelNode p) {
        inputs.set(ordinalInParent, p);
        recomputeDigest();
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> newInputs) {
        return new EnumerableLeapfrogJoin(getCluster(), traitSet, newInputs, join, rowType, output, symbols, placement);
    }

    @Override
    protected RelDataType deriveRowType() {
        return rowType;
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        return output == Output.COUNT ? 1.0 : join.estimateRowCount(mq);
    }

    /** The join's work; counting builds no rows, so a count costs less than an aggregate over the rows. */
    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        RelOptCost work = join.computeSelfCost(planner, mq);
        return output == Output.COUNT ? work.multiplyBy(0.5) : work;
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        super.explainTerms(pw);
        for (int i = 0; i < inputs.size(); i++) {
            pw.input("atom#" + i, inputs.get(i));
        }
        pw.item("output", output == Output.COUNT ? "count" : "rows");
        StringBuilder order = new StringBuilder();
        int[] o = join.order();
        for (int l = 0; l < o.length; l++) {
            order.append(l == 0 ? "" : ",").append(join.variableNames().get(o[l]));
        }
        pw.item("order", order.toString());
        for (int l = 0; l < o.length; l++) {
            pw.item("level" + l, join.levelText(l));
        }
        String device = placement.deviceLine().apply(JoinQueryCompiler.shapeOnly(shape));
        pw.item("device", device.startsWith("device: ") ? device.substring("device: ".length()) : device);
        return pw;
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        BlockBuilder builder = new BlockBuilder();
        List<AtomSource> sources = new ArrayList<>();
        List<Expression> evaluated = new ArrayList<>();
        for (int a = 0; a < inputs.size(); a++) {
            AtomSource source = AtomSource.of(inputs.get(a));
            sources.add(source);
            if (source instanceof AtomSource.Evaluated) {
                Result r = implementor.visitChild(this, a, (EnumerableRel) inputs.get(a), Prefer.ARRAY);
                Expression rows = builder.append("atom" + a, r.block);
                evaluated.add(r.physType.convertTo(rows, JavaRowFormat.ARRAY));
            }
        }
        List<Expression> predicates = new ArrayList<>();
        for (JoinShape.LevelCondition filter : shape.filters()) {
            predicates.add(predicate(implementor, filter));
        }
        int width = getRowType().getFieldCount();
        LeapfrogJoinRun run = new LeapfrogJoinRun(shape, sources, symbols, placement, width);
        Expression runExpr = implementor.stash(run, LeapfrogJoinRun.class);
        builder.add(Expressions.return_(null, Expressions.call(runExpr, output == Output.COUNT ? "count" : "rows",
                Expressions.newArrayInit(Enumerable.class, evaluated),
                Expressions.newArrayInit(BindingPredicate.class, predicates))));
        PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), JavaRowFormat.ARRAY);
        return implementor.result(physType, builder.toBlock());
    }

    /**
     * {@code new BindingPredicate() { boolean test(int[] binding, QuerySymbols symbols) { return COND; } }}
     * with COND Calcite's code for the condition, each field read from its level of the binding.
     */
    private Expression predicate(EnumerableRelImplementor implementor, JoinShape.LevelCondition filter) {
        ParameterExpression binding = Expressions.parameter(int[].class, "binding");
        ParameterExpression querySymbols = Expressions.parameter(QuerySymbols.class, "symbols");
        RexProgramBuilder program = new RexProgramBuilder(shape.rowType(), getCluster().getRexBuilder());
        program.addCondition(filter.condition());
        RexProgram condition = program.getProgram(false);
        RexToLixTranslator.InputGetter fields = (list, index, storageType) -> {
            Expression raw = Expressions.arrayIndex(binding, Expressions.constant(shape.fieldLevel()[index]));
            Expression value = switch (shape.rowType().getFieldList().get(index).getType().getSqlTypeName()) {
                case CHAR, VARCHAR -> Expressions.call(querySymbols, "symbol", raw);
                case SMALLINT -> Expressions.convert_(raw, short.class);
                case TINYINT -> Expressions.convert_(raw, byte.class);
                default -> raw;
            };
            return storageType == null ? value : EnumUtils.convert(value, storageType);
        };
        BlockBuilder body = new BlockBuilder();
        Expression test = RexToLixTranslator.translateCondition(condition, implementor.getTypeFactory(), body, fields,
                implementor::getCorrelVariableGetter, implementor.getConformance());
        body.add(Expressions.return_(null, test));
        return Expressions.new_(BindingPredicate.class, List.of(),
                List.of(Expressions.methodDecl(Modifier.PUBLIC, boolean.class, "test", List.of(binding, querySymbols),
                        body.toBlock())));
    }
}
