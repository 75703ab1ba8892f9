package io.leapfrog.engine.eval;

import io.leapfrog.ast.Expr;
import io.leapfrog.check.BaseType;
import io.leapfrog.check.ExprTypes;
import io.leapfrog.common.FloatCodec;
import io.leapfrog.exec.join.ValueProgram;

import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * Translates an aggregate's number-valued target ({@code x * w + 1}, {@code max(x, y)}, a float
 * {@code p * 1.5}) into a {@link ValueProgram}, so that {@code sum}, {@code min}, {@code max} and
 * {@code mean} reduce inside the join (on the GPU, on the device) instead of enumerating every binding.
 * Float expressions use the float opcodes on column values ({@link FloatCodec}); a number constant
 * where a float is expected is that float, as the engine's own compiler reads it. Anything a program
 * cannot express (string functors, {@code ^} on floats, nested aggregates, variables the body does not
 * bind, more than the kernels' limits) gives null, and the aggregate is evaluated binding by binding.
 */
final class ValueProgramCompiler {
    private final ToIntFunction<String> levelOf;
    private final Map<String, BaseType> types;

    /**
     * @param levelOf a variable's join level, or -1 when the body does not bind it
     * @param types   the variables' base types (absent: number)
     */
    ValueProgramCompiler(ToIntFunction<String> levelOf, Map<String, BaseType> types) {
        this.levelOf = levelOf;
        this.types = types;
    }

    /** The program computing {@code e} (a float where {@code asFloat}), or null. */
    ValueProgram compile(Expr e, boolean asFloat) {
        ValueProgram.Builder b = new ValueProgram.Builder();
        return emit(e, b, asFloat) && b.fits() ? b.build() : null;
    }

    private boolean isFloat(Expr e, boolean floatContext) {
        return floatContext || ExprTypes.typeOf(e, types) == BaseType.FLOAT;
    }

    private boolean emit(Expr e, ValueProgram.Builder b, boolean floatContext) {
        if (!(e instanceof Expr.Var) && ExprTypes.typeOf(e, types) == BaseType.UNSIGNED) {
            return false; // unsigned arithmetic (on UnsignedCodec column values) has no opcodes: the CPU evaluates it
        }
        if (e instanceof Expr.Var v) {
            int level = levelOf.applyAsInt(v.name());
            if (level < 0) {
                return false;
            }
            b.variable(level);
            return true;
        }
        if (e instanceof Expr.NumberConst n) {
            if (floatContext ? n.text().contains("0b") : n.value() > Integer.MAX_VALUE) {
                return false;   // no float in binary, no number past the signed range: the CPU's compiler says so
            }
            b.constant(floatContext ? FloatCodec.encode((float) n.value()) : (int) n.value());
            return true;
        }
        if (e instanceof Expr.FloatConst f) {
            b.constant(FloatCodec.encode(f.value()));
            return true;
        }
        if (e instanceof Expr.Unary u) {
            boolean fl = isFloat(u, floatContext);
            ValueProgram.Op op = fl ? (u.op().equals("-") ? ValueProgram.Op.FNEG : null) : ValueProgram.Op.unary(u.op());
            if (op == null || !emit(u.operand(), b, fl)) {
                return false;
            }
            b.apply(op);
            return true;
        }
        if (e instanceof Expr.Binary bin) {
            boolean fl = isFloat(bin, floatContext);
            ValueProgram.Op op = fl ? floatOp(bin.op()) : ValueProgram.Op.binary(bin.op());
            if (op == null || !emit(bin.left(), b, fl) || !emit(bin.right(), b, fl)) {
                return false;
            }
            b.apply(op);
            return true;
        }
        if (e instanceof Expr.Functor f) {
            return functor(f, b, floatContext);
        }
        return false;
    }

    private boolean functor(Expr.Functor f, ValueProgram.Builder b, boolean floatContext) {
        if (io.leapfrog.check.ExprTypes.isCast(f)) {
            return emit(f.args().get(0), b, floatContext); // within one base type: the value itself
        }
        String name = f.name();
        if ((name.equals("min") || name.equals("max")) && !f.args().isEmpty()
                && ExprTypes.typeOf(f, types) != BaseType.SYMBOL) {   // symbols compare by text, on the CPU
            // float column values compare as the floats do: min and max need no float opcodes
            boolean fl = isFloat(f, floatContext);
            ValueProgram.Op op = name.equals("min") ? ValueProgram.Op.MIN : ValueProgram.Op.MAX;
            for (int i = 0; i < f.args().size(); i++) {
                if (!emit(f.args().get(i), b, fl)) {
                    return false;
                }
                if (i > 0) {
                    b.apply(op);
                }
            }
            return true;
        }
        // a number to a float; ftoi (and to_number of a float) stays on the CPU, which reports a float out of
        // the numbers' range where the device's FTOI would saturate
        BaseType argType = f.args().size() == 1 ? ExprTypes.typeOf(f.args().get(0), types) : null;
        if ((name.equals("to_float") || name.equals("itof")) && f.args().size() == 1
                && (argType == null || argType == BaseType.NUMBER)) {
            if (!emit(f.args().get(0), b, false)) {
                return false;
            }
            b.apply(ValueProgram.Op.ITOF);
            return true;
        }
        return false;
    }

    /** The float opcode of a Datalog operator, or null ({@code ^} and the rest stay on the CPU). */
    private static ValueProgram.Op floatOp(String op) {
        return switch (op) {
            case "+" -> ValueProgram.Op.FADD;
            case "-" -> ValueProgram.Op.FSUB;
            case "*" -> ValueProgram.Op.FMUL;
            case "/" -> ValueProgram.Op.FDIV;
            default -> null;
        };
    }
}
