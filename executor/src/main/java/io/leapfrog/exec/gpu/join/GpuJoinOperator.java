package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.join.Reduction;

/**
 * A GPU join algorithm, run over one {@link DeviceJoin}: the level-wise join ({@link LevelwiseGpuJoin}),
 * LFTJ-GPU ({@link LftjGpuJoin}), and the count-only operators that take small counts faster
 * ({@link DepthFirstCount}, {@link FusedLevelwiseCount}). {@link GpuJoinSelector} picks the operators a
 * request tries, in order; an operator may decline a count ({@link #DECLINED}), and the next one runs.
 * Witnessed reductions go through {@link #reduce}, one pass per witness ({@code WitnessedReduction.inPasses}).
 */
interface GpuJoinOperator {
    /** What {@link #count} returns when the operator does not take the join's count: the next operator counts. */
    long DECLINED = -1;

    /** Whether it only counts: {@link #enumerate} and {@link #reduce} are not supported. */
    boolean countOnly();

    /** The number of bindings of the plan's output variables, or {@link #DECLINED}. */
    long count(DeviceJoin j);

    /** Every binding of the output variables, into {@code rows} (on the host until the join has finished). */
    default void enumerate(DeviceJoin j, HostRows rows) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " only counts");
    }

    /** The reduction over every binding of all the plan's variables. */
    default Reduction.Result reduce(DeviceJoin j, Reduction r) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " only counts");
    }
}
