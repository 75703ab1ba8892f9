package io.leapfrog.planner.calcite;

import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/** A row expression as readable infix text for EXPLAIN, fields named by a function ({@code a.src < b.dst}). */
final class RexText {

    private RexText() { }

    static String of(RexNode e, IntFunction<String> fieldName) {
        if (e instanceof RexInputRef ref) {
            return fieldName.apply(ref.getIndex());
        }
        if (e instanceof RexLiteral lit) {
            Object v = lit.getValue2();
            return v instanceof String s ? "'" + s + "'" : String.valueOf(v);
        }
        if (e instanceof RexCall call) {
            List<String> args = new ArrayList<>();
            for (RexNode o : call.getOperands()) {
                args.add(of(o, fieldName));
            }
            if (args.size() == 2 && (SqlKind.BINARY_COMPARISON.contains(call.getKind())
                    || SqlKind.BINARY_ARITHMETIC.contains(call.getKind()))) {
                return args.get(0) + " " + call.getOperator().getName() + " " + args.get(1);
            }
            if (call.getKind() == SqlKind.AND || call.getKind() == SqlKind.OR) {
                return "(" + String.join(" " + call.getKind().sql + " ", args) + ")";
            }
            return call.getOperator().getName() + "(" + String.join(", ", args) + ")";
        }
        return e.toString();
    }
}
