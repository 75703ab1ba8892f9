package io.leapfrog.planner.sql;

import io.leapfrog.planner.JoinProblem.JoinPredicate.Kind;
import io.leapfrog.planner.calcite.LogicalLeapfrogJoin;
import io.leapfrog.planner.calcite.LevelPredicate;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;

import java.util.ArrayList;
import java.util.List;

/**
 * What running a planned {@link LogicalLeapfrogJoin} needs, as plain data: the join's fields (the inputs' fields
 * side by side) with the level that binds each, which fields hold symbols, the comparisons that become
 * seek bounds, and the conditions that are filters at a level. Level {@code l} binds variable
 * {@code order[l]} of the LogicalLeapfrogJoin; a {@link io.leapfrog.exec.join.JoinQuery} numbers variables by
 * level.
 *
 * @param rowType     the join's fields
 * @param atomWidth   the number of fields of each input, in input order
 * @param fieldLevel  the level that binds each field
 * @param fieldSymbol whether each field holds symbols (compared as strings, never bounds)
 * @param bounds      comparisons between two number fields bound at different levels
 * @param filters     every other condition, checked at the earliest level where its fields are bound
 * @param label       names the join in device reports
 */
record JoinShape(RelDataType rowType, int varCount, int[] atomWidth, int[] fieldLevel, boolean[] fieldSymbol,
                 List<SeekBound> bounds, List<LevelCondition> filters, String label) {

    /** {@code fieldA op fieldB}, {@code op} one of &lt;, &lt;=, &gt;, &gt;=. */
    record SeekBound(int fieldA, int fieldB, SqlKind op) { }

    /** A condition over the join's fields, checked once level {@code level} is bound. */
    record LevelCondition(RexNode condition, int level) { }

    static JoinShape of(LogicalLeapfrogJoin join) {
        int[] order = join.order();
        int n = order.length;
        int[] levelOf = new int[n];
        for (int l = 0; l < n; l++) {
            levelOf[order[l]] = l;
        }
        int[] fieldVariable = join.fieldVariable();
        int[] fieldLevel = new int[fieldVariable.length];
        boolean[] fieldSymbol = new boolean[fieldVariable.length];
        for (int f = 0; f < fieldVariable.length; f++) {
            fieldLevel[f] = levelOf[fieldVariable[f]];
            fieldSymbol[f] = join.getRowType().getFieldList().get(f).getType().getSqlTypeName().getFamily()
                    == SqlTypeFamily.CHARACTER;
        }
        int[] atomWidth = new int[join.getInputs().size()];
        for (int a = 0; a < atomWidth.length; a++) {
            atomWidth[a] = join.getInputs().get(a).getRowType().getFieldCount();
        }
        List<SeekBound> bounds = new ArrayList<>();
        List<LevelCondition> filters = new ArrayList<>();
        int[] predicateLevel = join.predicateLevel();
        List<LevelPredicate> predicates = join.predicates();
        for (int p = 0; p < predicates.size(); p++) {
            SeekBound bound = bound(predicates.get(p), fieldLevel, fieldSymbol);
            if (bound != null) {
                bounds.add(bound);
            } else {
                filters.add(new LevelCondition(predicates.get(p).condition(), predicateLevel[p]));
            }
        }
        String label = "SQL join of " + String.join(", ", join.atomNames());
        return new JoinShape(join.getRowType(), n, atomWidth, fieldLevel, fieldSymbol, bounds, filters, label);
    }

    /** {@code $a < $b} over two number fields of different levels: a seek bound; else null (a filter). */
    private static SeekBound bound(LevelPredicate p, int[] fieldLevel, boolean[] fieldSymbol) {
        if (p.kind() != Kind.BOUND || !(p.condition() instanceof RexCall call)
                || !(call.getOperands().get(0) instanceof RexInputRef left)
                || !(call.getOperands().get(1) instanceof RexInputRef right)) {
            return null;
        }
        int fa = left.getIndex();
        int fb = right.getIndex();
        if (fieldSymbol[fa] || fieldSymbol[fb] || fieldLevel[fa] == fieldLevel[fb]) {
            return null; // symbols compare as strings in SQL, not by their interned numbers
        }
        return switch (call.getKind()) {
            case LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL -> new SeekBound(fa, fb, call.getKind());
            default -> null;
        };
    }

    /** The offset of input {@code atom}'s first field among the join's fields. */
    int fieldOffset(int atom) {
        int off = 0;
        for (int a = 0; a < atom; a++) {
            off += atomWidth[a];
        }
        return off;
    }

}
