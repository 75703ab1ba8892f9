package io.leapfrog.exec.gpu.join;

import java.util.ArrayList;
import java.util.List;

/**
 * Which {@link GpuJoinOperator} runs a request, from the executor's options:
 * <ul>
 *   <li>the strategy: the one the options force, else level-wise ({@link #strategy});</li>
 *   <li>enumerations and reductions: that strategy's join;</li>
 *   <li>counts with LFTJ-GPU: its join; with level-wise, in this order, each declining a count it does not
 *       take: {@link DepthFirstCount} (small counts, one ordinary launch), {@link FusedLevelwiseCount}
 *       (up to 2^20 input tuples, one cooperative launch), then the level-wise join level by level, which
 *       takes every count. {@code GpuOptions.countOperators} may leave either count-only operator out.</li>
 * </ul>
 */
final class GpuJoinSelector {
    private final GpuJoinExecutor.Strategy strategy;
    private final List<GpuJoinOperator> counts;
    private final GpuJoinOperator rows;

    GpuJoinSelector(GpuOptions options) {
        this.strategy = strategy(options.strategy());
        this.rows = strategy == GpuJoinExecutor.Strategy.LFTJ ? LftjGpuJoin.INSTANCE : LevelwiseGpuJoin.INSTANCE;
        List<GpuJoinOperator> c = new ArrayList<>();
        if (strategy == GpuJoinExecutor.Strategy.LEVELWISE) {
            if (options.countOperators().contains(GpuOptions.CountOperator.DEPTH_FIRST)) {
                c.add(DepthFirstCount.INSTANCE);
            }
            if (options.countOperators().contains(GpuOptions.CountOperator.FUSED)) {
                c.add(FusedLevelwiseCount.INSTANCE);
            }
        }
        c.add(rows);
        this.counts = List.copyOf(c);
    }

    /** The strategy a request runs with: the one forced, else level-wise (the faster on the skewed graphs measured). */
    static GpuJoinExecutor.Strategy strategy(GpuJoinExecutor.Strategy forced) {
        return forced == GpuJoinExecutor.Strategy.AUTO ? GpuJoinExecutor.Strategy.LEVELWISE : forced;
    }

    GpuJoinExecutor.Strategy strategy() {
        return strategy;
    }

    /** The operators a count tries, in order. */
    List<GpuJoinOperator> countOperators() {
        return counts;
    }

    /** The count, by the first operator that takes it (the last takes every count). */
    long count(DeviceJoin j) {
        for (GpuJoinOperator op : counts) {
            long n = op.count(j);
            if (n != GpuJoinOperator.DECLINED) {
                return n;
            }
        }
        throw new IllegalStateException("no GPU operator took the count (" + counts + ")");
    }

    /** The operator that enumerates and reduces: the strategy's join. */
    GpuJoinOperator rows() {
        return rows;
    }
}
