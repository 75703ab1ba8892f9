package io.leapfrog.check;

import io.leapfrog.ast.Expr;

import java.util.Map;

/**
 * The base type of an expression, given the types of its variables (null when not yet known). Number
 * constants adapt to the other operand, as in Souffle: {@code x * 2} is a float when x is one.
 */
public final class ExprTypes {
    private ExprTypes() {
    }

    public static BaseType typeOf(Expr expr, Map<String, BaseType> variables) {
        if (expr instanceof Expr.Var var) {
            return variables.get(var.name());
        }
        if (expr instanceof Expr.StringConst) {
            return BaseType.SYMBOL;
        }
        if (expr instanceof Expr.NumberConst n) {
            return n.isUnsigned() ? BaseType.UNSIGNED : BaseType.NUMBER;
        }
        if (expr instanceof Expr.Counter) {
            return BaseType.NUMBER;
        }
        if (expr instanceof Expr.FloatConst) {
            return BaseType.FLOAT;
        }
        if (expr instanceof Expr.Wildcard) {
            return null;
        }
        if (expr instanceof Expr.Binary binary) {
            BaseType left = typeOf(binary.left(), variables);
            BaseType right = typeOf(binary.right(), variables);
            // unsigned and float arithmetic stay so; constants adapt to the other operand
            if (left == BaseType.FLOAT || right == BaseType.FLOAT) {
                return BaseType.FLOAT;
            }
            if (left == BaseType.UNSIGNED || right == BaseType.UNSIGNED) {
                return BaseType.UNSIGNED;
            }
            return BaseType.NUMBER;
        }
        if (expr instanceof Expr.Unary unary) {
            BaseType operand = typeOf(unary.operand(), variables);
            return operand == BaseType.UNSIGNED || operand == BaseType.FLOAT ? operand : BaseType.NUMBER;
        }
        if (expr instanceof Expr.Functor functor) {
            if (isCast(functor)) {
                return typeOf(functor.args().get(0), variables); // within one base type (the checker sees to it)
            }
            Functors.Signature signature = Functors.lookup(functor.name());
            if (signature == null) {
                return null;
            }
            if (signature.result() != null) {
                return signature.result();
            }
            for (Expr arg : functor.args()) {
                BaseType type = typeOf(arg, variables);
                if (type != null && !adapts(arg)) {
                    return type;
                }
            }
            return functor.args().isEmpty() ? null : typeOf(functor.args().get(0), variables);
        }
        Expr.Aggregate aggregate = (Expr.Aggregate) expr;
        return switch (aggregate.kind()) {
            case COUNT -> BaseType.NUMBER;
            case SUM -> {
                BaseType target = typeOf(aggregate.target(), variables);
                yield target == BaseType.UNSIGNED || target == BaseType.FLOAT ? target : BaseType.NUMBER;
            }
            case MEAN -> BaseType.FLOAT;
            case MIN, MAX -> typeOf(aggregate.target(), variables);
        };
    }

    /** {@code as(x, T)}: the functor "as" of x and the type's name. */
    public static boolean isCast(Expr expr) {
        return expr instanceof Expr.Functor f && f.name().equals("as") && f.args().size() == 2
                && f.args().get(1) instanceof Expr.StringConst;
    }

    /** Whether a value of type {@code actual} fits where {@code expected} is needed (constants fit any number). */
    public static boolean compatible(BaseType expected, BaseType actual, Expr expr) {
        if (expected == null || actual == null || expected == actual) {
            return true;
        }
        return expected.isNumeric() && actual.isNumeric() && adapts(expr);
    }

    /** A number constant without the suffix {@code u}: it takes the numeric type of its context. */
    public static boolean adapts(Expr expr) {
        return expr instanceof Expr.NumberConst n && !n.isUnsigned();
    }
}
