package io.leapfrog.parser;

import io.leapfrog.ast.Atom;
import io.leapfrog.ast.Attribute;
import io.leapfrog.ast.Clause;
import io.leapfrog.ast.Expr;
import io.leapfrog.ast.Literal;
import io.leapfrog.ast.SourcePos;

import java.util.List;

/**
 * The rules that make a relation declared {@code eqrel} what Souffle keeps it as: the smallest
 * equivalence relation holding what its rules and facts derive. Its symmetric, transitive and (on the
 * values it holds) reflexive closure is three rules that semi-naive evaluation runs with the relation's
 * own. (Souffle keeps a union-find; the rules derive the same pairs, a class of k values costing about
 * k^3 steps.)
 */
final class EquivalenceClosure {
    private EquivalenceClosure() {
    }

    /** The closure rules of {@code relation}, at its declaration; an error unless it is binary over one type. */
    static List<Clause> rules(String relation, List<Attribute> attributes, SourcePos pos, String source) {
        if (attributes.size() != 2) {
            throw Diagnostics.failure(pos, "eqrel relation " + relation + " has " + attributes.size()
                    + " attribute" + (attributes.size() == 1 ? "" : "s") + ": an equivalence relation is binary."
                    + " Declare it with two attributes of one type", source);
        }
        if (!attributes.get(0).type().equals(attributes.get(1).type())) {
            throw Diagnostics.failure(pos, "eqrel relation " + relation + " relates a " + attributes.get(0).type()
                    + " to a " + attributes.get(1).type() + ": both attributes of an equivalence relation need"
                    + " the same type", source);
        }
        Expr x = new Expr.Var("x", pos);
        Expr y = new Expr.Var("y", pos);
        Expr z = new Expr.Var("z", pos);
        return List.of(
                new Clause(atom(relation, y, x, pos), List.of(positive(relation, x, y, pos)), pos),
                new Clause(atom(relation, x, z, pos), List.of(positive(relation, x, y, pos), positive(relation, y, z, pos)), pos),
                new Clause(atom(relation, x, x, pos), List.of(positive(relation, x, new Expr.Wildcard(pos), pos)), pos));
    }

    private static Atom atom(String relation, Expr a, Expr b, SourcePos pos) {
        return new Atom(relation, List.of(a, b), pos);
    }

    private static Literal positive(String relation, Expr a, Expr b, SourcePos pos) {
        return new Literal.Positive(atom(relation, a, b, pos), pos);
    }
}
