package io.leapfrog.engine.eval;

import io.leapfrog.ast.Expr;
import io.leapfrog.common.NotSupportedException;
import io.leapfrog.exec.join.TupleSink;
import io.leapfrog.exec.join.ValueFunction;

import java.util.List;
import java.util.Set;

/**
 * An aggregate ({@code count}, {@code sum}, {@code min}, {@code max}) as the value of a computed join
 * level. Its sub-body is compiled once as a nested join whose outer variables are bound from the
 * enclosing binding; every matching binding of the sub-body counts (Souffle counts tuples, so '_'
 * columns are kept). A sub-body without outer variables is evaluated once and cached; {@code count}
 * never materialises the sub-body's bindings.
 */
final class AggregateEvaluator implements ValueFunction {
    private final EvalContext ctx;
    private final Expr.AggKind kind;
    private final CompiledBody body;
    private final IntExpr target;
    private final int[] outerLevels;
    private volatile Long cached;

    AggregateEvaluator(EvalContext ctx, String label, Expr.Aggregate ag, List<String> outer, int[] outerLevels) {
        this.ctx = ctx;
        this.kind = ag.kind();
        if (kind == Expr.AggKind.MEAN) {
            throw new NotSupportedException("not supported: the 'mean' aggregate (" + ag.pos()
                    + "): Souffle computes it as a float, and floats are not supported");
        }
        this.body = new CompiledBody(ctx, label + " / aggregate at " + ag.pos(), ag.body(), outer, true, Set.of(), Set.of());
        this.target = ag.target() == null ? null : body.compileExpr(ag.target());
        this.outerLevels = outerLevels;
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
        if (outerLevels.length == 0) {
            Long c = cached;
            if (c == null) {
                c = evaluate(new int[0], 1);
                cached = c;
            }
            return c;
        }
        int[] params = new int[outerLevels.length];
        for (int i = 0; i < params.length; i++) {
            params[i] = binding[outerLevels[i]];
        }
        return evaluate(params, 1);
    }

    private long evaluate(int[] params, int threads) {
        RelationSource src = ctx.fullSource();
        if (kind == Expr.AggKind.COUNT) {
            return (int) body.count(src, -1, params, threads);
        }
        List<Accumulator> parts = body.run(src, -1, params, threads, body.varCount(), () -> new Accumulator(kind, target));
        boolean any = false;
        long result = kind == Expr.AggKind.MIN ? Integer.MAX_VALUE : kind == Expr.AggKind.MAX ? Integer.MIN_VALUE : 0;
        for (Accumulator a : parts) {
            if (!a.any) {
                continue;
            }
            any = true;
            result = switch (kind) {
                case SUM -> result + a.value;
                case MIN -> Math.min(result, a.value);
                case MAX -> Math.max(result, a.value);
                default -> throw new IllegalStateException();
            };
        }
        if (kind == Expr.AggKind.SUM) {
            return (int) result; // Souffle's sum over numbers wraps at 32 bits
        }
        return any ? result : NONE; // min/max over nothing: the rule does not fire
    }

    /** Per-worker partial aggregate. */
    private static final class Accumulator implements TupleSink {
        private final Expr.AggKind kind;
        private final IntExpr target;
        long value;
        boolean any;

        Accumulator(Expr.AggKind kind, IntExpr target) {
            this.kind = kind;
            this.target = target;
            this.value = kind == Expr.AggKind.MIN ? Integer.MAX_VALUE : kind == Expr.AggKind.MAX ? Integer.MIN_VALUE : 0;
        }

        @Override
        public void accept(int[] binding) {
            int v = target.eval(binding);
            any = true;
            switch (kind) {
                case SUM -> value += v;
                case MIN -> value = Math.min(value, v);
                case MAX -> value = Math.max(value, v);
                default -> throw new IllegalStateException();
            }
        }
    }
}
