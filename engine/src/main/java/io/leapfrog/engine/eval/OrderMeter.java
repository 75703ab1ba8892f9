package io.leapfrog.engine.eval;

import io.leapfrog.planner.WorkMeter;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.LeapfrogJoin;
import io.leapfrog.planner.order.SampledOrderSearch;

import java.util.function.Function;

/**
 * Measures a rule body's join under the orders {@link SampledOrderSearch} proposes, on the data, with
 * a sample sized to the join: about {@link #TARGET_SAMPLES} of the second level's candidates (every
 * stride-th; {@link LeapfrogJoin#sampleWork}), never sparser than every {@link #MIN_STRIDE}-th. The
 * stride is fixed from the first order measured, so every order is measured alike. A small join thus
 * costs a thirty-second of itself per order, and a join over a hundred million edges a few thousand
 * sampled edges' work, not a fraction of its own hours.
 */
final class OrderMeter implements WorkMeter {
    static final int MIN_STRIDE = 32;
    static final long TARGET_SAMPLES = 4096;

    /** The join (its atoms and bounds) under an order; null when the order cannot be tried. */
    private final Function<int[], JoinQuery> trialJoin;
    private int stride;

    OrderMeter(Function<int[], JoinQuery> trialJoin) {
        this.trialJoin = trialJoin;
    }

    @Override
    public long work(int[] order, long limit) {
        JoinQuery q = trialJoin.apply(order);
        if (q == null) {
            return -1;
        }
        if (stride == 0) {
            long candidates = LeapfrogJoin.secondLevelCandidates(q);
            stride = (int) Math.max(MIN_STRIDE, Math.min(Integer.MAX_VALUE, candidates / TARGET_SAMPLES));
        }
        return LeapfrogJoin.sampleWork(q, stride, limit);
    }
}
