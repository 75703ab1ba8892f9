package io.leapfrog.exec.join;

import io.leapfrog.common.FloatArithmetic;
import io.leapfrog.common.SouffleArithmetic;
import io.leapfrog.kernels.layout.KernelConstants;
import io.leapfrog.kernels.layout.LfProgramOp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;

/**
 * A number-valued expression over a join's bindings, as a short postfix program: what a {@code sum},
 * {@code min} or {@code max} aggregate reduces ({@code sum x * w : {...}}). The CPU evaluates it here
 * with Souffle's 32-bit semantics ({@link SouffleArithmetic}); the GPU kernels evaluate the same program
 * ({@code lf_program_eval} in kernels/src/main/cuda/program.cuh), which is why the opcodes are numbered
 * and capped: the program is passed to a kernel as a fixed-size struct ({@code LfProgram},
 * kernels/src/main/layout/layout.def).
 */
public final class ValueProgram {

    /** Most instructions a program may have (the kernels' LF_MAX_PROGRAM). */
    public static final int MAX_LENGTH = KernelConstants.LF_MAX_PROGRAM;
    /** Deepest evaluation stack a program may need (the kernels' LF_PROGRAM_STACK). */
    public static final int MAX_STACK = KernelConstants.LF_PROGRAM_STACK;

    /** Opcodes, numbered as the kernels read them ({@link LfProgramOp}, kernels/src/main/layout/layout.def). */
    public enum Op {
        VAR(LfProgramOp.VAR, 0, null), CONST(LfProgramOp.CONST, 0, null),
        NEG(LfProgramOp.NEG, 1, "-"), BNOT(LfProgramOp.BNOT, 1, "bnot"), LNOT(LfProgramOp.LNOT, 1, "lnot"),
        ADD(LfProgramOp.ADD, 2, "+"), SUB(LfProgramOp.SUB, 2, "-"), MUL(LfProgramOp.MUL, 2, "*"),
        DIV(LfProgramOp.DIV, 2, "/"), MOD(LfProgramOp.MOD, 2, "%"), POW(LfProgramOp.POW, 2, "^"),
        BAND(LfProgramOp.BAND, 2, "band"), BOR(LfProgramOp.BOR, 2, "bor"), BXOR(LfProgramOp.BXOR, 2, "bxor"),
        BSHL(LfProgramOp.BSHL, 2, "bshl"), BSHR(LfProgramOp.BSHR, 2, "bshr"), BSHRU(LfProgramOp.BSHRU, 2, "bshru"),
        LAND(LfProgramOp.LAND, 2, "land"), LOR(LfProgramOp.LOR, 2, "lor"), LXOR(LfProgramOp.LXOR, 2, "lxor"),
        MIN(LfProgramOp.MIN, 2, "min"), MAX(LfProgramOp.MAX, 2, "max"),
        /** 1 when both are equal, else 0: not a Datalog operator, used to narrow a reduction's bindings. */
        EQ(LfProgramOp.EQ, 2, "=="),
        /** Float arithmetic on column values ({@link io.leapfrog.common.FloatCodec}), 32-bit, each operation rounded once. */
        FADD(LfProgramOp.FADD, 2, "f+"), FSUB(LfProgramOp.FSUB, 2, "f-"), FMUL(LfProgramOp.FMUL, 2, "f*"),
        FDIV(LfProgramOp.FDIV, 2, "f/"), FNEG(LfProgramOp.FNEG, 1, "fneg"),
        /** A number to a float, and a float to a number (toward zero, saturating, NaN to 0). */
        ITOF(LfProgramOp.ITOF, 1, "itof"), FTOI(LfProgramOp.FTOI, 1, "ftoi");

        public final int code;
        final int operands;
        /** The operator's name in Datalog (and SouffleArithmetic's). */
        public final String symbol;

        Op(LfProgramOp device, int operands, String symbol) {
            this.code = device.code;
            this.operands = operands;
            this.symbol = symbol;
        }

        /** The Datalog binary operator spelled {@code symbol}, or null. */
        public static Op binary(String symbol) {
            for (Op o : values()) {
                if (o.operands == 2 && o != EQ && o.symbol.equals(symbol)) {
                    return o;
                }
            }
            return null;
        }

        /** The unary operator spelled {@code symbol}, or null. */
        public static Op unary(String symbol) {
            for (Op o : values()) {
                if (o.operands == 1 && o.symbol.equals(symbol)) {
                    return o;
                }
            }
            return null;
        }
    }

    private final Op[] ops;
    private final int[] args;
    /** Per instruction, its operator resolved once (null for VAR and CONST, and in the other array). */
    private final IntBinaryOperator[] binaryOps;
    private final IntUnaryOperator[] unaryOps;
    /** The level a one-instruction VAR program reads, else -1. */
    private final int plain;

    private ValueProgram(Op[] ops, int[] args) {
        this.ops = ops;
        this.args = args;
        this.binaryOps = new IntBinaryOperator[ops.length];
        this.unaryOps = new IntUnaryOperator[ops.length];
        for (int i = 0; i < ops.length; i++) {
            if (ops[i].operands == 2) {
                binaryOps[i] = binaryOperator(ops[i]);
            } else if (ops[i].operands == 1) {
                unaryOps[i] = unaryOperator(ops[i]);
            }
        }
        this.plain = ops.length == 1 && ops[0] == Op.VAR ? args[0] : -1;
    }

    /** The CPU's implementation of a binary opcode: Souffle's number and float semantics, shared with the engine. */
    private static IntBinaryOperator binaryOperator(Op o) {
        return switch (o) {
            case MIN -> Math::min;
            case MAX -> Math::max;
            case EQ -> (a, b) -> a == b ? 1 : 0;
            case FADD -> FloatArithmetic.binary("+");
            case FSUB -> FloatArithmetic.binary("-");
            case FMUL -> FloatArithmetic.binary("*");
            case FDIV -> FloatArithmetic.binary("/");
            default -> SouffleArithmetic.binary(o.symbol);
        };
    }

    private static IntUnaryOperator unaryOperator(Op o) {
        return switch (o) {
            case FNEG -> FloatArithmetic::negate;
            case ITOF -> FloatArithmetic::fromNumber;
            case FTOI -> FloatArithmetic::truncate;
            default -> SouffleArithmetic.unary(o.symbol);
        };
    }

    /** The value of one join level (variable). */
    public static ValueProgram variable(int level) {
        return new Builder().variable(level).build();
    }

    /** The variable this program reads when it is nothing else, or -1. */
    public int plainVariable() {
        return plain;
    }

    /** The highest join level the program reads (-1: none). */
    public int maxLevel() {
        int m = -1;
        for (int i = 0; i < ops.length; i++) {
            if (ops[i] == Op.VAR) {
                m = Math.max(m, args[i]);
            }
        }
        return m;
    }

    public int length() {
        return ops.length;
    }

    /** Opcode of instruction i, as the kernels number it. */
    public int code(int i) {
        return ops[i].code;
    }

    /** Operand of instruction i (a level for VAR, a value for CONST, else 0). */
    public int arg(int i) {
        return args[i];
    }

    /**
     * The value for one binding (level l's value at binding[l]). Division or modulo by zero throws
     * {@link io.leapfrog.common.LeapfrogException}, as the engine's own evaluation does. Allocates its
     * stack: a caller evaluating many bindings passes one ({@link #eval(int[], int[])}).
     */
    public int eval(int[] binding) {
        return eval(binding, new int[MAX_STACK]);
    }

    /** {@link #eval(int[])} with a stack of at least {@link #MAX_STACK} ints, reused across calls. */
    public int eval(int[] binding, int[] stack) {
        if (plain >= 0) {
            return binding[plain];
        }
        int top = 0;
        for (int i = 0; i < ops.length; i++) {
            IntBinaryOperator b = binaryOps[i];
            if (b != null) {
                top--;
                stack[top - 1] = b.applyAsInt(stack[top - 1], stack[top]);
            } else if (unaryOps[i] != null) {
                stack[top - 1] = unaryOps[i].applyAsInt(stack[top - 1]);
            } else {
                stack[top++] = ops[i] == Op.VAR ? binding[args[i]] : args[i];
            }
        }
        return stack[0];
    }

    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < ops.length; i++) {
            parts.add(ops[i] == Op.VAR ? "v" + args[i] : ops[i] == Op.CONST ? Integer.toString(args[i]) : ops[i].name());
        }
        return String.join(" ", parts);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ValueProgram p && Arrays.equals(ops, p.ops) && Arrays.equals(args, p.args);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(ops) + Arrays.hashCode(args);
    }

    /**
     * Appends instructions in postfix order; {@link #build} checks that they leave exactly one value and
     * fit the kernels' limits. {@link #fits} tells a compiler, before it commits, whether they still do.
     */
    public static final class Builder {
        private final List<Op> ops = new ArrayList<>();
        private final List<Integer> args = new ArrayList<>();
        private int depth;
        private int maxDepth;

        public Builder variable(int level) {
            if (level < 0) {
                throw new IllegalArgumentException("negative level " + level);
            }
            return push(Op.VAR, level);
        }

        public Builder constant(int value) {
            return push(Op.CONST, value);
        }

        /** Appends the instructions of {@code p} (which push its value). */
        public Builder append(ValueProgram p) {
            for (int i = 0; i < p.ops.length; i++) {
                if (p.ops[i] == Op.VAR || p.ops[i] == Op.CONST) {
                    push(p.ops[i], p.args[i]);
                } else {
                    apply(p.ops[i]);
                }
            }
            return this;
        }

        public Builder apply(Op op) {
            if (op.operands == 0) {
                throw new IllegalArgumentException(op + " is not an operator");
            }
            if (depth < op.operands) {
                throw new IllegalStateException(op + " needs " + op.operands + " operand(s), the stack holds " + depth);
            }
            depth -= op.operands - 1;
            ops.add(op);
            args.add(0);
            return this;
        }

        private Builder push(Op op, int arg) {
            ops.add(op);
            args.add(arg);
            maxDepth = Math.max(maxDepth, ++depth);
            return this;
        }

        /** Whether the instructions so far are within the kernels' limits. */
        public boolean fits() {
            return ops.size() <= MAX_LENGTH && maxDepth <= MAX_STACK;
        }

        public ValueProgram build() {
            if (depth != 1) {
                throw new IllegalStateException("a program must leave one value, it leaves " + depth);
            }
            if (!fits()) {
                throw new IllegalStateException("the program exceeds " + MAX_LENGTH + " instructions or a stack of "
                        + MAX_STACK + ": " + ops);
            }
            int[] a = new int[args.size()];
            for (int i = 0; i < a.length; i++) {
                a[i] = args.get(i);
            }
            return new ValueProgram(ops.toArray(new Op[0]), a);
        }
    }
}
