package io.leapfrog.engine.eval;

import io.leapfrog.ast.Expr;
import io.leapfrog.exec.join.ValueProgram;

import java.util.function.ToIntFunction;

/**
 * Translates an aggregate's number-valued target ({@code x * w + 1}, {@code max(x, y)}) into a
 * {@link ValueProgram}, so that {@code sum}, {@code min} and {@code max} reduce inside the join (on the
 * GPU, on the device) instead of enumerating every binding. Anything a program cannot express (string
 * functors, nested aggregates, variables the body does not bind, more than the kernels' limits) gives
 * null, and the aggregate is evaluated binding by binding as before.
 */
final class ValueProgramCompiler {
    private final ToIntFunction<String> levelOf;

    /** @param levelOf a variable's join level, or -1 when the body does not bind it */
    ValueProgramCompiler(ToIntFunction<String> levelOf) {
        this.levelOf = levelOf;
    }

    /** The program computing {@code e}, or null. */
    ValueProgram compile(Expr e) {
        ValueProgram.Builder b = new ValueProgram.Builder();
        return emit(e, b) && b.fits() ? b.build() : null;
    }

    private boolean emit(Expr e, ValueProgram.Builder b) {
        if (e instanceof Expr.Var v) {
            int level = levelOf.applyAsInt(v.name());
            if (level < 0) {
                return false;
            }
            b.variable(level);
            return true;
        }
        if (e instanceof Expr.NumberConst n) {
            b.constant((int) n.value());   // as the engine's ExprCompiler reads a number constant
            return true;
        }
        if (e instanceof Expr.Unary u) {
            ValueProgram.Op op = ValueProgram.Op.unary(u.op());
            if (op == null || !emit(u.operand(), b)) {
                return false;
            }
            b.apply(op);
            return true;
        }
        if (e instanceof Expr.Binary bin) {
            ValueProgram.Op op = ValueProgram.Op.binary(bin.op());
            if (op == null || !emit(bin.left(), b) || !emit(bin.right(), b)) {
                return false;
            }
            b.apply(op);
            return true;
        }
        if (e instanceof Expr.Functor f && (f.name().equals("min") || f.name().equals("max")) && !f.args().isEmpty()) {
            ValueProgram.Op op = f.name().equals("min") ? ValueProgram.Op.MIN : ValueProgram.Op.MAX;
            for (int i = 0; i < f.args().size(); i++) {
                if (!emit(f.args().get(i), b)) {
                    return false;
                }
                if (i > 0) {
                    b.apply(op);
                }
            }
            return true;
        }
        return false;
    }
}
