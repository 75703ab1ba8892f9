package io.leapfrog.ast;


import java.util.StringJoiner;

/** Renders expressions back to Datalog text, for EXPLAIN and messages. */
public final class ExprText {
    private ExprText() {
    }

    public static String of(Expr e) {
        if (e instanceof Expr.Var v) {
            return v.name();
        }
        if (e instanceof Expr.Wildcard) {
            return "_";
        }
        if (e instanceof Expr.NumberConst n) {
            return n.value() + (n.isUnsigned() ? "u" : "");
        }
        if (e instanceof Expr.FloatConst f) {
            return Float.toString(f.value());
        }
        if (e instanceof Expr.StringConst s) {
            return "\"" + s.value().replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        }
        if (e instanceof Expr.Binary b) {
            boolean word = Character.isLetter(b.op().charAt(0));
            return word ? b.op() + "(" + of(b.left()) + ", " + of(b.right()) + ")"
                    : "(" + of(b.left()) + " " + b.op() + " " + of(b.right()) + ")";
        }
        if (e instanceof Expr.Unary u) {
            return u.op().equals("-") ? "-" + of(u.operand()) : u.op() + "(" + of(u.operand()) + ")";
        }
        if (e instanceof Expr.Functor f) {
            StringJoiner j = new StringJoiner(", ", f.name() + "(", ")");
            f.args().forEach(a -> j.add(of(a)));
            return j.toString();
        }
        if (e instanceof Expr.Aggregate ag) {
            StringJoiner j = new StringJoiner(", ", "{ ", " }");
            ag.body().forEach(l -> j.add(of(l)));
            return ag.kind().name().toLowerCase() + (ag.target() == null ? "" : " " + of(ag.target())) + " : " + j;
        }
        return "$";
    }

    public static String of(Literal l) {
        if (l instanceof Literal.Positive p) {
            return atom(p.atom());
        }
        if (l instanceof Literal.Negated n) {
            return "!" + atom(n.atom());
        }
        if (l instanceof Literal.Comparison c) {
            return of(c.left()) + " " + c.op().symbol + " " + of(c.right());
        }
        return Boolean.toString(((Literal.BoolConst) l).value());
    }

    public static String atom(io.leapfrog.ast.Atom a) {
        StringJoiner j = new StringJoiner(", ", a.relation() + "(", ")");
        a.args().forEach(x -> j.add(of(x)));
        return j.toString();
    }
}
