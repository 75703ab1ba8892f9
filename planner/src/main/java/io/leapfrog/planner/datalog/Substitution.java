package io.leapfrog.planner.datalog;

import io.leapfrog.ast.Atom;
import io.leapfrog.ast.Expr;
import io.leapfrog.ast.Literal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Replaces variables by expressions throughout literals and expressions (aggregate bodies included). */
public final class Substitution {
    private final Map<String, Expr> map;

    public Substitution(Map<String, Expr> map) {
        this.map = map;
    }

    public boolean isEmpty() {
        return map.isEmpty();
    }

    public List<Literal> apply(List<Literal> body) {
        if (map.isEmpty()) {
            return body;
        }
        List<Literal> out = new ArrayList<>(body.size());
        for (Literal l : body) {
            out.add(apply(l));
        }
        return out;
    }

    public Literal apply(Literal l) {
        if (l instanceof Literal.Positive p) {
            return new Literal.Positive(apply(p.atom()), p.pos());
        }
        if (l instanceof Literal.Negated n) {
            return new Literal.Negated(apply(n.atom()), n.pos());
        }
        if (l instanceof Literal.Comparison c) {
            return new Literal.Comparison(c.op(), apply(c.left()), apply(c.right()), c.pos());
        }
        return l;
    }

    public Atom apply(Atom a) {
        List<Expr> args = new ArrayList<>(a.args().size());
        for (Expr e : a.args()) {
            args.add(apply(e));
        }
        return new Atom(a.relation(), args, a.pos());
    }

    public Expr apply(Expr e) {
        if (map.isEmpty()) {
            return e;
        }
        if (e instanceof Expr.Var v) {
            Expr r = map.get(v.name());
            return r == null ? e : r;
        }
        if (e instanceof Expr.Binary b) {
            return new Expr.Binary(b.op(), apply(b.left()), apply(b.right()), b.pos());
        }
        if (e instanceof Expr.Unary u) {
            return new Expr.Unary(u.op(), apply(u.operand()), u.pos());
        }
        if (e instanceof Expr.Functor f) {
            List<Expr> args = new ArrayList<>();
            for (Expr a : f.args()) {
                args.add(apply(a));
            }
            return new Expr.Functor(f.name(), args, f.pos());
        }
        if (e instanceof Expr.Aggregate ag) {
            return new Expr.Aggregate(ag.kind(), ag.target() == null ? null : apply(ag.target()), apply(ag.body()), ag.pos());
        }
        return e;
    }

    /** Every variable name occurring in {@code e}, aggregate bodies included. */
    public static void varsOf(Expr e, java.util.Set<String> out) {
        for (Expr o : e.operands()) {
            varsOf(o, out);
        }
        if (e instanceof Expr.Var v) {
            out.add(v.name());
        } else if (e instanceof Expr.Aggregate ag) {
            if (ag.target() != null) {
                varsOf(ag.target(), out);
            }
            for (Literal l : ag.body()) {
                varsOf(l, out);
            }
        }
    }

    public static void varsOf(Literal l, java.util.Set<String> out) {
        if (l instanceof Literal.Positive p) {
            for (Expr e : p.atom().args()) {
                varsOf(e, out);
            }
        } else if (l instanceof Literal.Negated n) {
            for (Expr e : n.atom().args()) {
                varsOf(e, out);
            }
        } else if (l instanceof Literal.Comparison c) {
            varsOf(c.left(), out);
            varsOf(c.right(), out);
        }
    }
}
