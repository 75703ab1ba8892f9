package io.leapfrog.parser;

import io.leapfrog.ast.Literal;

import java.util.ArrayList;
import java.util.List;

/**
 * A rule body as written, with {@code ,}, {@code ;}, parentheses and {@code !} over any sub-formula.
 * {@link #toDnf()} turns it into the disjunction of plain conjunctions that the AST holds (one clause
 * per disjunct), pushing negation inwards with De Morgan's laws, as Souffle does.
 */
sealed interface BodyFormula {
    record Leaf(Literal literal) implements BodyFormula { }

    record And(List<BodyFormula> parts) implements BodyFormula { }

    record Or(List<BodyFormula> parts) implements BodyFormula { }

    record Not(BodyFormula operand) implements BodyFormula { }

    default List<List<Literal>> toDnf() {
        return dnf(this, false);
    }

    private static List<List<Literal>> dnf(BodyFormula formula, boolean negated) {
        if (formula instanceof Leaf leaf) {
            List<List<Literal>> single = new ArrayList<>();
            single.add(List.of(negated ? negate(leaf.literal()) : leaf.literal()));
            return single;
        }
        if (formula instanceof Not not) {
            return dnf(not.operand(), !negated);
        }
        boolean conjunction = formula instanceof And;
        List<BodyFormula> parts = conjunction ? ((And) formula).parts() : ((Or) formula).parts();
        // !(a, b) == !a ; !b   and   !(a ; b) == !a , !b
        if (conjunction != negated) {
            List<List<Literal>> product = new ArrayList<>();
            product.add(List.of());
            for (BodyFormula part : parts) {
                List<List<Literal>> next = new ArrayList<>();
                for (List<Literal> prefix : product) {
                    for (List<Literal> suffix : dnf(part, negated)) {
                        List<Literal> joined = new ArrayList<>(prefix);
                        joined.addAll(suffix);
                        next.add(joined);
                    }
                }
                product = next;
            }
            return product;
        }
        List<List<Literal>> union = new ArrayList<>();
        for (BodyFormula part : parts) {
            union.addAll(dnf(part, negated));
        }
        return union;
    }

    static Literal negate(Literal literal) {
        if (literal instanceof Literal.Positive positive) {
            return new Literal.Negated(positive.atom(), positive.pos());
        }
        if (literal instanceof Literal.Negated negatedAtom) {
            return new Literal.Positive(negatedAtom.atom(), negatedAtom.pos());
        }
        if (literal instanceof Literal.Comparison comparison) {
            return new Literal.Comparison(inverse(comparison.op()), comparison.left(), comparison.right(),
                    comparison.pos());
        }
        Literal.BoolConst bool = (Literal.BoolConst) literal;
        return new Literal.BoolConst(!bool.value(), bool.pos());
    }

    private static Literal.CompOp inverse(Literal.CompOp op) {
        return switch (op) {
            case EQ -> Literal.CompOp.NE;
            case NE -> Literal.CompOp.EQ;
            case LT -> Literal.CompOp.GE;
            case LE -> Literal.CompOp.GT;
            case GT -> Literal.CompOp.LE;
            case GE -> Literal.CompOp.LT;
        };
    }
}
