package io.leapfrog.tests.differential;

import io.leapfrog.common.FloatCodec;
import io.leapfrog.common.SouffleArithmetic;
import io.leapfrog.exec.join.ValueProgram;

import java.util.Random;

/**
 * Random number expressions over a join's variables, for the reductions' differential tests: each is
 * both a {@link ValueProgram} (what the CPU and GPU reductions run) and an expression tree evaluated
 * here directly with {@link SouffleArithmetic}, an evaluator that shares no code with the programs'
 * stack machines. Every operator appears (and EQ, which only the witness passes emit); divisors are made odd ({@code x bor 1}) so that the random
 * programs never divide by zero (the tests check that error separately).
 */
public final class RandomPrograms {

    /** An expression: its program and its value for a binding, computed by tree walking. */
    public record Program(ValueProgram program, Node tree) {
        public int eval(int[] binding) {
            return tree.eval(binding);
        }
    }

    /** A node of the expression tree. */
    public sealed interface Node permits Var, Const, Unary, Binary { int eval(int[] b); }

    record Var(int level) implements Node {
        public int eval(int[] b) {
            return b[level];
        }
    }

    record Const(int value) implements Node {
        public int eval(int[] b) {
            return value;
        }
    }

    record Unary(ValueProgram.Op op, Node operand) implements Node {
        public int eval(int[] b) {
            int a = operand.eval(b);
            return switch (op) {
                case FNEG -> FloatCodec.encode(-FloatCodec.decode(a));
                case ITOF -> FloatCodec.encode((float) a);
                case FTOI -> (int) FloatCodec.decode(a);
                default -> SouffleArithmetic.unary(op.symbol, a);
            };
        }
    }

    record Binary(ValueProgram.Op op, Node left, Node right) implements Node {
        public int eval(int[] b) {
            int l = left.eval(b);
            int r = right.eval(b);
            return switch (op) {
                case MIN -> Math.min(l, r);
                case MAX -> Math.max(l, r);
                case EQ -> l == r ? 1 : 0;
                case FADD -> FloatCodec.encode(FloatCodec.decode(l) + FloatCodec.decode(r));
                case FSUB -> FloatCodec.encode(FloatCodec.decode(l) - FloatCodec.decode(r));
                case FMUL -> FloatCodec.encode(FloatCodec.decode(l) * FloatCodec.decode(r));
                case FDIV -> FloatCodec.encode(FloatCodec.decode(l) / FloatCodec.decode(r));
                default -> SouffleArithmetic.apply(op.symbol, l, r);
            };
        }
    }

    private static final int[] CONSTANTS = {-3, -1, 0, 1, 2, 7, 31, 33, Integer.MIN_VALUE, Integer.MAX_VALUE};
    private static final ValueProgram.Op[] UNARY = {ValueProgram.Op.NEG, ValueProgram.Op.BNOT, ValueProgram.Op.LNOT};
    private static final ValueProgram.Op[] BINARY = {
        ValueProgram.Op.ADD, ValueProgram.Op.SUB, ValueProgram.Op.MUL, ValueProgram.Op.DIV, ValueProgram.Op.MOD,
        ValueProgram.Op.POW, ValueProgram.Op.BAND, ValueProgram.Op.BOR, ValueProgram.Op.BXOR, ValueProgram.Op.BSHL,
        ValueProgram.Op.BSHR, ValueProgram.Op.BSHRU, ValueProgram.Op.LAND, ValueProgram.Op.LOR, ValueProgram.Op.LXOR,
        ValueProgram.Op.MIN, ValueProgram.Op.MAX, ValueProgram.Op.EQ};

    private RandomPrograms() {
    }

    /** A random expression over variables 0..vars-1, at most {@code depth} operators deep. */
    public static Program random(Random rnd, int vars, int depth) {
        return fitting(() -> node(rnd, vars, depth));
    }

    /** The first tree {@code trees} draws whose program fits the kernels' limits (ValueProgram.MAX_LENGTH). */
    private static Program fitting(java.util.function.Supplier<Node> trees) {
        while (true) {
            Node tree = trees.get();
            ValueProgram.Builder b = new ValueProgram.Builder();
            emit(tree, b);
            if (b.fits()) {
                return new Program(b.build(), tree);
            }
        }
    }

    /**
     * A random float expression over variables 0..vars-1 (each read through ITOF), with exactly
     * representable constants: + - * and unary minus, division by 4, min/max and a round trip through
     * FTOI. Over small integers every value and every double sum of them is exact, so sums do not depend
     * on the order in which threads add them.
     */
    public static Program randomFloat(Random rnd, int vars, int depth) {
        return fitting(() -> floatNode(rnd, vars, depth));
    }

    private static Node floatNode(Random rnd, int vars, int depth) {
        int pick = depth == 0 ? rnd.nextInt(2) : rnd.nextInt(7);
        return switch (pick) {
            case 0 -> new Unary(ValueProgram.Op.ITOF, new Var(rnd.nextInt(vars)));
            case 1 -> new Const(io.leapfrog.common.FloatCodec.encode(rnd.nextInt(9) * 0.5f - 2));
            case 2 -> new Unary(ValueProgram.Op.FNEG, floatNode(rnd, vars, depth - 1));
            case 3 -> new Binary(ValueProgram.Op.FDIV, floatNode(rnd, vars, depth - 1), new Const(io.leapfrog.common.FloatCodec.encode(4f)));
            case 4 -> new Unary(ValueProgram.Op.ITOF, new Unary(ValueProgram.Op.FTOI, floatNode(rnd, vars, depth - 1)));
            default -> {
                ValueProgram.Op[] ops = {ValueProgram.Op.FADD, ValueProgram.Op.FSUB, ValueProgram.Op.FMUL, ValueProgram.Op.MIN,
                    ValueProgram.Op.MAX};
                yield new Binary(ops[rnd.nextInt(ops.length)], floatNode(rnd, vars, depth - 1), floatNode(rnd, vars, depth - 1));
            }
        };
    }

    /** A random expression modulo 5 (as a program), so that many bindings tie at its minimum and maximum. */
    public static ValueProgram randomTied(Random rnd, int vars, int depth) {
        return new ValueProgram.Builder().append(random(rnd, vars, depth).program()).constant(5)
                .apply(ValueProgram.Op.MOD).build();
    }

    private static Node node(Random rnd, int vars, int depth) {
        int pick = depth == 0 ? rnd.nextInt(2) : rnd.nextInt(6);
        if (pick == 0) {
            return new Var(rnd.nextInt(vars));
        }
        if (pick == 1) {
            return new Const(rnd.nextBoolean() ? CONSTANTS[rnd.nextInt(CONSTANTS.length)] : rnd.nextInt(2001) - 1000);
        }
        if (pick == 2) {
            return new Unary(UNARY[rnd.nextInt(UNARY.length)], node(rnd, vars, depth - 1));
        }
        ValueProgram.Op op = BINARY[rnd.nextInt(BINARY.length)];
        Node left = node(rnd, vars, depth - 1);
        Node right = node(rnd, vars, depth - 1);
        if (op == ValueProgram.Op.DIV || op == ValueProgram.Op.MOD) {
            right = new Binary(ValueProgram.Op.BOR, right, new Const(1));   // odd, never zero
        }
        return new Binary(op, left, right);
    }

    private static void emit(Node n, ValueProgram.Builder b) {
        if (n instanceof Var v) {
            b.variable(v.level());
        } else if (n instanceof Const c) {
            b.constant(c.value());
        } else if (n instanceof Unary u) {
            emit(u.operand(), b);
            b.apply(u.op());
        } else if (n instanceof Binary bin) {
            emit(bin.left(), b);
            emit(bin.right(), b);
            b.apply(bin.op());
        }
    }
}
