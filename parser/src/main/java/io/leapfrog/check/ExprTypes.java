package io.leapfrog.check;

import io.leapfrog.ast.Expr;

import java.util.Map;

/** The base type of an expression, given the types of its variables (null when not yet known). */
final class ExprTypes {
    private ExprTypes() {
    }

    static BaseType typeOf(Expr expr, Map<String, BaseType> variables) {
        if (expr instanceof Expr.Var var) {
            return variables.get(var.name());
        }
        if (expr instanceof Expr.StringConst) {
            return BaseType.SYMBOL;
        }
        if (expr instanceof Expr.NumberConst || expr instanceof Expr.Counter) {
            return BaseType.NUMBER;
        }
        if (expr instanceof Expr.Wildcard) {
            return null;
        }
        if (expr instanceof Expr.Binary binary) {
            BaseType left = typeOf(binary.left(), variables);
            BaseType right = typeOf(binary.right(), variables);
            // unsigned arithmetic stays unsigned; constants adapt to the other operand
            if (left == BaseType.UNSIGNED || right == BaseType.UNSIGNED) {
                return BaseType.UNSIGNED;
            }
            return BaseType.NUMBER;
        }
        if (expr instanceof Expr.Unary unary) {
            BaseType operand = typeOf(unary.operand(), variables);
            return operand == BaseType.UNSIGNED ? BaseType.UNSIGNED : BaseType.NUMBER;
        }
        if (expr instanceof Expr.Functor functor) {
            Functors.Signature signature = Functors.lookup(functor.name());
            if (signature == null) {
                return null;
            }
            if (signature.result() != null) {
                return signature.result();
            }
            for (Expr arg : functor.args()) {
                BaseType type = typeOf(arg, variables);
                if (type != null && !(arg instanceof Expr.NumberConst)) {
                    return type;
                }
            }
            return functor.args().isEmpty() ? null : typeOf(functor.args().get(0), variables);
        }
        Expr.Aggregate aggregate = (Expr.Aggregate) expr;
        return switch (aggregate.kind()) {
            case COUNT -> BaseType.NUMBER;
            case SUM, MEAN -> {
                BaseType target = typeOf(aggregate.target(), variables);
                yield target == BaseType.UNSIGNED ? BaseType.UNSIGNED : BaseType.NUMBER;
            }
            case MIN, MAX -> typeOf(aggregate.target(), variables);
        };
    }

    /** Whether a value of type {@code actual} fits where {@code expected} is needed (constants fit any number). */
    static boolean compatible(BaseType expected, BaseType actual, Expr expr) {
        if (expected == null || actual == null || expected == actual) {
            return true;
        }
        return expected.isNumeric() && actual.isNumeric() && expr instanceof Expr.NumberConst;
    }
}
