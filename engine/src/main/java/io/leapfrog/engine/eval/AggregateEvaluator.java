package io.leapfrog.engine.eval;

import io.leapfrog.ast.Expr;
import io.leapfrog.check.BaseType;
import io.leapfrog.common.FloatCodec;
import io.leapfrog.common.CountRangeException;
import io.leapfrog.common.UnsignedCodec;
import io.leapfrog.exec.join.ExtremumFold;
import io.leapfrog.exec.join.Reduction;
import io.leapfrog.exec.join.TupleSink;
import io.leapfrog.exec.join.ValueProgram;
import io.leapfrog.exec.join.WitnessedReduction;
import io.leapfrog.exec.join.ValueFunction;
import io.leapfrog.plan.Predicate;

import java.util.Arrays;
import java.util.List;

/**
 * An aggregate ({@code count}, {@code sum}, {@code min}, {@code max}) as the value of a computed join
 * level. Its sub-body is compiled once as a nested join whose outer variables are bound from the
 * enclosing binding; every matching binding of the sub-body counts (Souffle counts tuples, so '_'
 * columns are kept). A sub-body without outer variables is evaluated once and cached; {@code count}
 * never materialises the sub-body's bindings. For {@code min}/{@code max}, witness variables (head
 * variables bound only inside the aggregate) take their values from the binding that reached the
 * extremum (the lexicographically smallest such binding when several tie, so answers are deterministic).
 */
final class AggregateEvaluator implements ValueFunction {

    /** An aggregate value and, for min/max with witnesses, the witness values that reached it. */
    private record Result(long value, int[] witness) { }

    private final EvalContext ctx;
    private final Expr.AggKind kind;
    private final BodyEvaluator body;
    private final IntExpr target;
    /**
     * The target is a float (FloatCodec column values): min and max compare the values as they are (the
     * codec keeps the order), sum and mean add the floats (in double precision, rounded to a float once).
     */
    private final boolean floatTarget;
    /** The target is unsigned ({@link UnsignedCodec} column values): a sum wraps at 32 bits, unsigned. */
    private final boolean unsignedTarget;
    /** The reduction pushed into the join when the target is a number or float expression without witnesses, else null. */
    private final Reduction pushed;
    /** The same for a min or max with witnesses, else null. */
    private final WitnessedReduction pushedWithWitnesses;
    private final int[] outerLevels;
    private final int[] witnessLevels;
    private final ThreadLocal<Result> last = new ThreadLocal<>();
    private volatile Result cached;
    /** Where the aggregate is written, for the error of a count past the number range. */
    private final String position;

    /**
     * @param aggregate   the aggregate's value as planned: its kind, target and body (a join of its own)
     * @param outerLevels the levels of the enclosing binding that hold the body's outer values
     */
    AggregateEvaluator(EvalContext ctx, Predicate.AggregateValue aggregate, int[] outerLevels) {
        this.ctx = ctx;
        this.kind = aggregate.kind();
        this.position = aggregate.aggregate().pos().toString();
        this.body = new BodyEvaluator(ctx, aggregate.body());
        Expr targetExpr = aggregate.target();
        BaseType targetType = targetExpr == null ? null : body.typeOfExpr(targetExpr);
        this.floatTarget = targetType == BaseType.FLOAT;
        this.unsignedTarget = targetType == BaseType.UNSIGNED;
        this.target = targetExpr == null ? null : body.compileExpr(targetExpr, targetType);
        this.outerLevels = outerLevels;
        List<String> witnesses = aggregate.witnesses();
        this.witnessLevels = new int[witnesses.size()];
        for (int i = 0; i < witnessLevels.length; i++) {
            witnessLevels[i] = body.levelOf(witnesses.get(i));
        }
        Reduction reduction = pushedReduction(kind, targetExpr, body, floatTarget);
        boolean levelsKnown = Arrays.stream(witnessLevels).allMatch(l -> l >= 0);
        this.pushed = witnessLevels.length == 0 ? reduction : null;
        boolean extremum = reduction != null && (reduction.op() == Reduction.Op.MIN || reduction.op() == Reduction.Op.MAX);
        this.pushedWithWitnesses = witnessLevels.length > 0 && extremum && levelsKnown
                ? new WitnessedReduction(reduction, witnessLevels) : null;
    }

    /**
     * sum/min/max whose target is a number expression over the body's variables (a {@link ValueProgram})
     * reduce inside the join executor (on the GPU, on the device: no binding is materialised), with
     * witnesses too ({@link WitnessedReduction}); other targets are evaluated per binding here.
     */
    private static Reduction pushedReduction(Expr.AggKind kind, Expr target, BodyEvaluator body, boolean floatTarget) {
        if (target == null) {
            return null;
        }
        // a float sum (and a mean, its sum divided by the count) adds the floats in double precision;
        // a float min or max compares column values, which keep the floats' order
        Reduction.Op op = switch (kind) {
            case SUM -> floatTarget ? Reduction.Op.FSUM : Reduction.Op.SUM;
            case MEAN -> floatTarget ? Reduction.Op.FSUM : null;
            case MIN -> Reduction.Op.MIN;
            case MAX -> Reduction.Op.MAX;
            default -> null;
        };
        if (op == null) {
            return null;
        }
        ValueProgram value = body.compileProgram(target, floatTarget);
        return value == null ? null : new Reduction(value, op);
    }

    /** The aggregate's body. */
    BodyEvaluator body() {
        return body;
    }

    /**
     * Evaluates an aggregate without outer variables once, with every worker thread, before the
     * enclosing join starts (its workers then only read the cached value).
     */
    void precompute(int threads) {
        if (outerLevels.length == 0 && cached == null) {
            cached = evaluate(new int[0], threads);
        }
    }

    @Override
    public long apply(int[] binding) {
        Result r;
        if (outerLevels.length == 0) {
            r = cached;
            if (r == null) {
                r = evaluate(new int[0], 1);
                cached = r;
            }
        } else {
            int[] params = new int[outerLevels.length];
            for (int i = 0; i < params.length; i++) {
                params[i] = binding[outerLevels[i]];
            }
            r = evaluate(params, 1);
        }
        last.set(r);
        return r.value;
    }

    /** The i-th witness value of the last {@link #apply} on this thread (witness levels follow the aggregate's). */
    long witness(int i) {
        Result r = last.get();
        return r == null || r.witness == null ? NONE : r.witness[i];
    }

    private Result evaluate(int[] params, int threads) {
        RelationSource src = ctx.fullSource();
        if (kind == Expr.AggKind.COUNT) {
            FilterRelation filter = body.countedFilter();
            long n = filter != null ? filter.estimatedSize() : body.count(src, -1, params, threads);
            return new Result(checkedCount(n, position), null);
        }
        if (pushedWithWitnesses != null) {
            WitnessedReduction.Result r = body.reduceWitnessed(src, params, threads, pushedWithWitnesses);
            return r.bindings() > 0 ? new Result(r.value(), r.witness()) : new Result(NONE, null);
        }
        if (pushed != null) {
            Reduction.Result r = body.reduce(src, params, threads, pushed);
            if (pushed.op() == Reduction.Op.FSUM) {
                double sum = r.bindings() == 0 ? 0 : Double.longBitsToDouble(r.value());
                return floatResult(sum, r.bindings());
            }
            if (kind == Expr.AggKind.SUM && unsignedTarget) {
                return new Result(unsignedSum(r.value(), r.bindings()), null);
            }
            if (kind == Expr.AggKind.SUM) {
                return new Result((int) r.value(), null); // Souffle's sum over numbers wraps at 32 bits
            }
            return r.bindings() > 0 ? new Result(r.value(), null) : new Result(NONE, null);
        }
        if (floatTarget && (kind == Expr.AggKind.SUM || kind == Expr.AggKind.MEAN)) {
            return floatSum(src, params, threads);
        }
        List<Accumulator> parts = body.run(src, -1, params, threads, body.varCount(),
                () -> new Accumulator(kind, target, witnessLevels));
        Accumulator all = new Accumulator(kind, target, witnessLevels);
        for (Accumulator a : parts) {
            all.merge(a);
        }
        if (kind == Expr.AggKind.SUM && unsignedTarget) {
            return new Result(unsignedSum(all.sum, all.count), null);
        }
        if (kind == Expr.AggKind.SUM) {
            return new Result((int) all.sum, null); // Souffle's sum over numbers wraps at 32 bits
        }
        ExtremumFold e = all.extremum;
        return e.count() > 0 ? new Result(e.value(), witnessLevels.length == 0 ? null : e.witness())
                : new Result(NONE, null); // nothing: the rule does not fire
    }

    /**
     * sum or mean of a float target: the floats added in double precision and the result rounded to a
     * float once (Souffle adds in float precision, binding by binding, so its last bits may differ: see
     * docs/engine.md). A sum of nothing is 0; a mean of nothing has no value (the rule does not fire).
     */
    private Result floatSum(RelationSource src, int[] params, int threads) {
        List<FloatAccumulator> parts = body.run(src, -1, params, threads, body.varCount(), () -> new FloatAccumulator(target));
        double sum = 0;
        long n = 0;
        for (FloatAccumulator a : parts) {
            sum += a.sum;
            n += a.count;
        }
        return floatResult(sum, n);
    }

    /**
     * An unsigned sum (wrapping at 32 bits, as Souffle's) from the sum of n column values: each is its
     * value plus 2^31 modulo 2^32 ({@link UnsignedCodec}), so the values' sum is that less n * 2^31, and
     * its column value adds 2^31 back. This holds for sums reduced inside the join (on the GPU too).
     */
    static int unsignedSum(long sumOfColumnValues, long n) {
        return (int) (sumOfColumnValues - (n - 1) * (1L << 31));
    }

    /** A float sum's or mean's value from the double sum of n bindings (a mean of nothing has none). */
    private Result floatResult(double sum, long n) {
        if (kind == Expr.AggKind.SUM) {
            return new Result(FloatCodec.encode((float) sum), null);
        }
        return n == 0 ? new Result(NONE, null) : new Result(FloatCodec.encode((float) (sum / n)), null);
    }

    /**
     * A count as a number. A number is 32 bits (as in Souffle), and a count past 2^31 - 1 wrapped into it
     * would print a wrong (even negative) answer, so it is an error that says how to count in 64 bits.
     */
    static long checkedCount(long count, String position) {
        if (count > Integer.MAX_VALUE) {
            throw new CountRangeException(position + ": error: the count is " + String.format("%,d", count)
                    + ", past the largest number " + String.format("%,d", Integer.MAX_VALUE)
                    + " (numbers are 32-bit, as in Souffle). To count past it, make the aggregate's body a "
                    + "relation of its own and print its size with .printsize, which counts in 64 bits without "
                    + "storing the tuples", count);
        }
        return count;
    }

    /** Per-worker sum and count of a float target. */
    private static final class FloatAccumulator implements TupleSink {
        private final IntExpr target;
        double sum;
        long count;

        FloatAccumulator(IntExpr target) {
            this.target = target;
        }

        @Override
        public void accept(int[] binding) {
            sum += FloatCodec.decode(target.eval(binding));
            count++;
        }
    }

    /** Per-worker partial aggregate: a wrapping sum, or an extremum with its witnesses ({@link ExtremumFold}). */
    private static final class Accumulator implements TupleSink {
        private final IntExpr target;
        private final ExtremumFold extremum;   // null for sum
        long sum;
        long count;

        Accumulator(Expr.AggKind kind, IntExpr target, int[] witnessLevels) {
            this.target = target;
            this.extremum = kind == Expr.AggKind.SUM ? null : new ExtremumFold(kind == Expr.AggKind.MIN, witnessLevels);
        }

        @Override
        public void accept(int[] binding) {
            int v = target.eval(binding);
            if (extremum == null) {
                sum += v;
                count++;
            } else {
                extremum.offer(v, binding);
            }
        }

        void merge(Accumulator o) {
            if (extremum == null) {
                sum += o.sum;
                count += o.count;
            } else {
                extremum.merge(o.extremum);
            }
        }
    }
}
