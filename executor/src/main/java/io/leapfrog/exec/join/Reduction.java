package io.leapfrog.exec.join;

import java.util.List;

/**
 * An aggregate over a join's bindings, reduced where the join runs: the sum, minimum or maximum of a
 * value (one variable, or an expression over the variables: {@link ValueProgram}) over every distinct
 * binding of all the query's variables (as a Datalog aggregate counts its sub-body's bindings), or over
 * those bindings for which {@code keep} is not 0 (how {@link WitnessedReduction} narrows its passes).
 * {@link #onCpu} is the reference; the GPU executor reduces on the device.
 *
 * @param value what is reduced, per binding
 * @param op    what is computed
 * @param keep  null (every binding), or the program that must be non-zero for a binding to count
 */
public record Reduction(ValueProgram value, Op op, ValueProgram keep) {

    /** The reduction of one variable (join level). */
    public Reduction(int var, Op op) {
        this(ValueProgram.variable(var), op, null);
    }

    /** The reduction of a value over every binding. */
    public Reduction(ValueProgram value, Op op) {
        this(value, op, null);
    }

    /** The same reduction over the bindings for which {@code filter} is not 0. */
    public Reduction where(ValueProgram filter) {
        return new Reduction(value, op, filter);
    }

    /**
     * FSUM adds float column values ({@link io.leapfrog.common.FloatCodec}) in double precision; its results
     * hold the double's bits. The kernels' codes of these are the LfReduceOp of the kernels' layout.
     */
    public enum Op {
        SUM, MIN, MAX, FSUM;

        /** Two partial results combined (the sum wraps at 64 bits). */
        long combine(long a, long b) {
            return switch (this) {
                case SUM -> a + b;
                case MIN -> Math.min(a, b);
                case MAX -> Math.max(a, b);
                case FSUM -> Double.doubleToRawLongBits(Double.longBitsToDouble(a) + Double.longBitsToDouble(b));
            };
        }

        /** One binding's value as a partial result (a float column value as its double's bits for FSUM). */
        long partial(int v) {
            return this == FSUM ? Double.doubleToRawLongBits(io.leapfrog.common.FloatCodec.decode(v)) : v;
        }
    }

    /**
     * The outcome: how many bindings there were, and their sum (64-bit, wrapping), minimum or maximum
     * ({@code value} is meaningless for MIN/MAX when {@code bindings} is 0).
     */
    public record Result(long bindings, long value) {
        /** Both parts' bindings together. */
        public Result merge(Result o, Op op) {
            if (o.bindings == 0) {
                return this;
            }
            if (bindings == 0) {
                return o;
            }
            return new Result(bindings + o.bindings, op.combine(value, o.value));
        }
    }

    /** The result for no bindings. */
    public Result none() {
        return new Result(0, 0);
    }

    /** The result for one binding whose reduced value (the program's result) is {@code v}. */
    public Result of(int v) {
        return new Result(1, op.partial(v));
    }


    /** The multi-threaded CPU join, its bindings reduced as they are found. */
    public Result onCpu(JoinQuery q, int threads) {
        check(q);
        List<Sink> parts = LeapfrogJoin.run(q, threads, Sink::new);
        Result r = none();
        for (Sink a : parts) {
            r = r.merge(a.result(), op);
        }
        return r;
    }

    /** A reduction needs every variable's distinct bindings (no existential variables). */
    public void check(JoinQuery q) {
        if (q.outputVars() != q.varCount()) {
            throw new IllegalArgumentException("a reduction needs the bindings of all " + q.varCount()
                    + " variables, the query reports " + q.outputVars());
        }
        if (value.maxLevel() >= q.varCount() || (keep != null && keep.maxLevel() >= q.varCount())) {
            throw new IllegalArgumentException("the reduced value " + value + (keep == null ? "" : " where " + keep)
                    + " reads a variable out of range 0.." + (q.varCount() - 1));
        }
    }

    /** A sink that reduces the bindings it is given. */
    public Sink sink() {
        return new Sink();
    }

    /** One worker's running reduction (primitive fields and one evaluation stack: it sees every binding). */
    public final class Sink implements TupleSink {
        private final int[] stack = new int[ValueProgram.MAX_STACK];
        private long bindings;
        private long acc;

        @Override
        public void accept(int[] binding) {
            if (keep != null && keep.eval(binding, stack) == 0) {
                return;
            }
            long v = op.partial(value.eval(binding, stack));
            if (bindings++ == 0) {
                acc = v;
                return;
            }
            acc = op.combine(acc, v);
        }

        public Result result() {
            return new Result(bindings, acc);
        }
    }
}
