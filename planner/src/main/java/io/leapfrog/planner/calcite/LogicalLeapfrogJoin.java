package io.leapfrog.planner.calcite;

import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.AbstractRelNode;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A multi-way join evaluated by leapfrog triejoin: every input is an atom, the join's fields are the
 * inputs' fields side by side (like a join's), and fields that must be equal share a join variable.
 * Level {@code l} binds variable {@code order[l]}; every atom containing it takes part in the
 * intersection there, and each predicate fires at {@code predicateLevel[i]}, the earliest level where
 * its variables are bound. {@code estimatedRows[l]} is the estimated number of partial bindings after
 * level {@code l}.
 */
public final class LogicalLeapfrogJoin extends AbstractRelNode {

    private final List<RelNode> inputs;
    private final List<String> atomNames;
    private final List<String> variableNames;
    private final int[] fieldVariable;
    private final List<LevelPredicate> predicates;
    private final int[] order;
    private final int[] predicateLevel;
    private final double[] estimatedRows;
    private int[] fieldOffsets;

    public LogicalLeapfrogJoin(RelOptCluster cluster, RelTraitSet traits, List<RelNode> inputs, RelDataType rowType,
                        List<String> atomNames, List<String> variableNames, int[] fieldVariable,
                        List<LevelPredicate> predicates, int[] order, int[] predicateLevel, double[] estimatedRows) {
        super(cluster, traits);
        this.inputs = new ArrayList<>(inputs);
        this.rowType = rowType;
        this.atomNames = List.copyOf(atomNames);
        this.variableNames = List.copyOf(variableNames);
        this.fieldVariable = fieldVariable.clone();
        this.predicates = List.copyOf(predicates);
        this.order = order.clone();
        this.predicateLevel = predicateLevel.clone();
        this.estimatedRows = estimatedRows.clone();
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
        return new LogicalLeapfrogJoin(getCluster(), traitSet, newInputs, rowType, atomNames, variableNames,
                fieldVariable, predicates, order, predicateLevel, estimatedRows);
    }

    @Override
    protected RelDataType deriveRowType() {
        return rowType;
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        return estimatedRows.length == 0 ? 1.0 : estimatedRows[estimatedRows.length - 1];
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        double work = 0;
        for (double r : estimatedRows) {
            work += r;
        }
        return planner.getCostFactory().makeCost(work, work, 0);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        super.explainTerms(pw);
        for (int i = 0; i < inputs.size(); i++) {
            pw.input("atom#" + i, inputs.get(i));
        }
        StringBuilder o = new StringBuilder();
        for (int l = 0; l < order.length; l++) {
            o.append(l == 0 ? "" : ",").append(variableNames.get(order[l]));
        }
        pw.item("strategy", "cpu-lftj");
        pw.item("order", o.toString());
        for (int l = 0; l < order.length; l++) {
            pw.item("level" + l, levelText(l));
        }
        return pw;
    }

    /** {@code y ~20 rows [atoms 0,1] fire: $0 < $1}: one level, as EXPLAIN shows it. */
    public String levelText(int level) {
        int v = order[level];
        StringBuilder sb = new StringBuilder(variableNames.get(v)).append(" ~")
                .append(rowsText(estimatedRows[level])).append(" rows");
        List<String> atoms = new ArrayList<>();
        for (int a = 0; a < inputs.size(); a++) {
            if (atomHasVariable(a, v)) {
                atoms.add(atomNames.get(a));
            }
        }
        sb.append(" intersect [").append(String.join(", ", atoms)).append(']');
        List<String> fired = new ArrayList<>();
        for (int p = 0; p < predicates.size(); p++) {
            if (predicateLevel[p] == level) {
                fired.add(predicates.get(p).text());
            }
        }
        if (!fired.isEmpty()) {
            sb.append(" fire [").append(String.join("; ", fired)).append(']');
        }
        return sb.toString();
    }

    private static String rowsText(double r) {
        return r >= 1e6 ? String.format(Locale.ROOT, "%.3g", r) : String.format(Locale.ROOT, "%.0f", Math.ceil(r));
    }

    /** Whether input {@code atom} has a field bound to variable {@code v}. */
    public boolean atomHasVariable(int atom, int v) {
        int[] offsets = fieldOffsets();
        for (int f = offsets[atom]; f < offsets[atom + 1]; f++) {
            if (fieldVariable[f] == v) {
                return true;
            }
        }
        return false;
    }

    /** Index of the first field of input {@code atom} among the join's fields. */
    public int fieldOffset(int atom) {
        return fieldOffsets()[atom];
    }

    /** offsets[a]: the first field of input a; offsets[inputs]: the field count (inputs keep their row types). */
    private int[] fieldOffsets() {
        if (fieldOffsets == null) {
            int[] offsets = new int[inputs.size() + 1];
            for (int i = 0; i < inputs.size(); i++) {
                offsets[i + 1] = offsets[i] + inputs.get(i).getRowType().getFieldCount();
            }
            fieldOffsets = offsets;
        }
        return fieldOffsets;
    }

    public List<String> atomNames() {
        return atomNames;
    }

    public List<String> variableNames() {
        return variableNames;
    }

    /** fieldVariable()[f] = the variable that field f of the join (inputs side by side) is bound to. */
    public int[] fieldVariable() {
        return fieldVariable.clone();
    }

    public List<LevelPredicate> predicates() {
        return predicates;
    }

    public int[] order() {
        return order.clone();
    }

    public int[] predicateLevel() {
        return predicateLevel.clone();
    }

    public double[] estimatedRows() {
        return estimatedRows.clone();
    }

    @Override
    public String toString() {
        return "LogicalLeapfrogJoin(order=" + Arrays.toString(order) + ")";
    }
}
