package io.leapfrog.planner.datalog;

import io.leapfrog.ast.Atom;
import io.leapfrog.ast.Expr;
import io.leapfrog.ast.Literal;
import io.leapfrog.check.BaseType;
import io.leapfrog.check.ExprTypes;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The base type of each variable of a rule body, as the checker deduced it: from the declared column
 * types of the atoms the variable occurs in (aggregate bodies included), then through equalities
 * ({@code x = y + 1.5}). The engine needs them to compile float arithmetic and float constants; a
 * variable no atom or equality types is a number.
 */
public final class BodyTypes {
    private BodyTypes() {
    }

    /** @param inherited the types of the enclosing body (for an aggregate's body), or empty */
    public static Map<String, BaseType> of(List<Literal> body, Map<String, ProgramModel.RelationInfo> schemas,
                                           Map<String, BaseType> inherited) {
        Map<String, BaseType> types = new HashMap<>(inherited);
        fromAtoms(body, schemas, types);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Literal l : body) {
                if (l instanceof Literal.Comparison c && c.op() == Literal.CompOp.EQ) {
                    changed |= infer(c.left(), c.right(), types) | infer(c.right(), c.left(), types);
                }
            }
        }
        return types;
    }

    private static boolean infer(Expr target, Expr value, Map<String, BaseType> types) {
        if (!(target instanceof Expr.Var v) || types.containsKey(v.name())) {
            return false;
        }
        BaseType t = ExprTypes.typeOf(value, types);
        if (t == null || ExprTypes.adapts(value)) {
            return false;   // a number constant adapts to the variable, it does not type it
        }
        types.put(v.name(), t);
        return true;
    }

    private static void fromAtoms(List<Literal> body, Map<String, ProgramModel.RelationInfo> schemas, Map<String, BaseType> types) {
        for (Literal l : body) {
            Atom a = l instanceof Literal.Positive p ? p.atom() : l instanceof Literal.Negated n ? n.atom() : null;
            if (a != null && schemas.containsKey(a.relation())) {
                List<String> columns = schemas.get(a.relation()).columnTypes();
                for (int c = 0; c < a.args().size() && c < columns.size(); c++) {
                    if (a.args().get(c) instanceof Expr.Var v) {
                        types.putIfAbsent(v.name(), baseType(columns.get(c)));
                    } else {
                        aggregatesIn(a.args().get(c), schemas, types);
                    }
                }
            }
            if (l instanceof Literal.Comparison c) {
                aggregatesIn(c.left(), schemas, types);
                aggregatesIn(c.right(), schemas, types);
            }
        }
    }

    private static void aggregatesIn(Expr e, Map<String, ProgramModel.RelationInfo> schemas, Map<String, BaseType> types) {
        if (e instanceof Expr.Aggregate ag) {
            fromAtoms(ag.body(), schemas, types);
        }
        for (Expr o : e.operands()) {
            aggregatesIn(o, schemas, types);
        }
    }

    /** The base type named in a relation schema ("number", "symbol", "float"). */
    public static BaseType baseType(String name) {
        BaseType t = BaseType.ofSourceName(name);
        return t == null ? BaseType.NUMBER : t;
    }
}
