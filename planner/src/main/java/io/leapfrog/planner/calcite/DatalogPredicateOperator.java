package io.leapfrog.planner.calcite;

import io.leapfrog.planner.JoinProblem.JoinPredicate;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;

/**
 * A Datalog body predicate (comparison, negation, assignment) as an opaque boolean function in a
 * Calcite filter. Calcite only moves it around; {@link JoinAnalysis} reads the kind, the variables and
 * the defined variable back from here. Its operands are the fields of the variables it reads.
 */
public final class DatalogPredicateOperator extends SqlFunction {

    private final int index;
    private final JoinPredicate predicate;

    public DatalogPredicateOperator(int index, JoinPredicate predicate) {
        super("PRED" + index + "_" + predicate.kind(), SqlKind.OTHER_FUNCTION, ReturnTypes.BOOLEAN, null,
                OperandTypes.VARIADIC, SqlFunctionCategory.USER_DEFINED_FUNCTION);
        this.index = index;
        this.predicate = predicate;
    }

    /** Index of the predicate in its {@code JoinProblem}. */
    public int index() {
        return index;
    }

    public JoinPredicate predicate() {
        return predicate;
    }

    @Override
    public boolean isDeterministic() {
        return true;
    }
}
