package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.ByteSizes;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.storage.Trie;

/**
 * The planner-side memory estimate of a GPU join, before it runs: the relations' tries, and the working
 * set of the strategy. LFTJ-GPU needs per driver value a row count and offset (materialising) and
 * nothing per thread when counting. The level-wise join's largest cost is its biggest level table
 * (bindings and kept positions per row, plus candidate offsets and drivers), estimated from the
 * planner's row estimates; when that does not fit the half of the budget a level may use, the level is
 * processed in about {@link #windows} windows (the join sizes the real windows as it runs).
 */
record GpuMemoryEstimate(long trieBytes, long workingBytes, long windows, boolean estimated) {

    static GpuMemoryEstimate of(GpuPlan plan, GpuJoinExecutor.Strategy s, boolean materialise, long budget,
                                ResidentTries resident, GpuOptions.CoreBitmapPolicy bitmaps) {
        long tries = 0;
        for (Trie t : plan.tries) {
            if (resident == null || !resident.isResident(t)) {
                tries += ResidentTries.bytesOf(t, bitmaps);
            }
        }
        JoinQuery q = plan.query;
        double[] est = q.estimatedRows();
        if (s == GpuJoinExecutor.Strategy.LFTJ) {
            long work = materialise ? 16L * plan.driverLength() + (16L << 20) : 8;
            return new GpuMemoryEstimate(tries, work, 1, true);
        }
        if (est == null) {
            return new GpuMemoryEstimate(tries, 0, 1, false);
        }
        double largest = 0;
        int last = Math.min(plan.outVars, plan.nvars - 1);
        for (int l = 0; l < last; l++) {
            int cols = l + 1 + Integer.bitCount(plan.keepSlotsAfter(l));
            largest = Math.max(largest, est[l] * (4.0 * cols + 16 + 4));
        }
        long work = (long) Math.min(Long.MAX_VALUE / 4, largest);
        long perLevel = Math.max(1, (budget - tries) / 2);
        long windows = Math.max(1, (work + perLevel - 1) / perLevel);
        return new GpuMemoryEstimate(tries, work, windows, true);
    }

    /** For the device report: "est. relations 12 MiB + working set 300 MiB" and the expected windows. */
    String describe() {
        if (!estimated) {
            return "relations " + ByteSizes.format(trieBytes) + " to copy, no size estimate for the level tables";
        }
        String s = "est. relations " + ByteSizes.format(trieBytes) + " to copy + working set " + ByteSizes.format(workingBytes);
        return windows > 1 ? s + ", more than fits at once: about " + windows + " windows" : s;
    }
}
