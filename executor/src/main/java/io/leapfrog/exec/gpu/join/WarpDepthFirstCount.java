package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.GpuOutOfMemoryException;
import io.leapfrog.exec.gpu.KernelArg;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A small count in one ordinary launch with no grid-wide barrier ({@code lw_warp_count},
 * kernels/src/main/cuda/warp_kernels.cuh): each warp takes level 1's candidates (the values of one
 * atom's second trie level, spread over the warps) and binds the rest of the join depth first, 32
 * candidates at a time, in tables of at most 32 rows. Nothing can outgrow its table, so the count
 * never falls back; the result is awaited in mapped host memory as the fused count's is.
 *
 * <p>It is tried before {@link FusedLevelwiseCount}, whose cooperative launch and grid-wide barriers
 * cost more than a small count's work (docs/gpu.md, "Depth-first warp counts"). It needs a level-1
 * participant reading the children of a level-0 participant (every join whose first two variables
 * share an atom), and inputs of at most {@link #maxTuples()} tuples: a warp that draws a dense part
 * of a large graph binds it alone.
 *
 * <p>{@code -Dleapfrog.gpu.warpCount=false} turns it off; {@code .maxTuples} sets the limit. The
 * fused count's {@code .shared} and {@code .sharedBytes} apply to its staging too.
 */
final class WarpDepthFirstCount {
    private static final String KERNEL = "lw_warp_count";
    private static final int BLOCK = 256;
    private static final int STAGED_BLOCK = 1024;
    private static final int HEADER_BYTES = 512;
    // LfWarpArgs (warp_kernels.cuh)
    static final int ARGS_HEADER = 0;
    static final int ARGS_TABLES = 8;
    static final int ARGS_Q0 = 16;
    static final int ARGS_Q1 = 20;
    static final int ARGS_COLS = 24;
    static final int ARGS_KEEP_ALL = 28;
    static final int ARGS_KEEP = 32;
    static final int ARGS_SPAN_SRC = ARGS_KEEP + 4 * PlanLayout.MAX_VARS;
    static final int ARGS_N_SPANS = ARGS_SPAN_SRC + 16 * FusedLevelwiseCount.SPANS;
    static final int ARGS_TRACE = ARGS_N_SPANS + 4;
    static final int ARGS_RESULT = ARGS_N_SPANS + 8;
    static final int ARGS_EPOCH = ARGS_RESULT + 8;
    static final int ARGS_BYTES = ARGS_EPOCH + 8;
    /** Columns of a warp table besides bindings and slots (LW_WARP_EXTRA). */
    static final int EXTRA_COLUMNS = 3;
    /** The mapped result's words, as the fused count's: the count, 0, then the epoch. */
    private static final int RESULT_WORDS = 2;
    private static final int RESULT_EPOCH = 2;

    private WarpDepthFirstCount() {
    }

    static boolean enabled() {
        return !"false".equals(System.getProperty("leapfrog.gpu.warpCount"));
    }

    /** Largest input (tuples over the plan's tries) counted this way. */
    static long maxTuples() {
        return Long.getLong("leapfrog.gpu.warpCount.maxTuples", 1L << 20);
    }

    /** Whether {@code plan}'s count may be made this way. */
    static boolean applies(GpuPlan plan) {
        return enabled() && plan.outVars == plan.nvars && plan.nvars >= 2 && plan.inputTuples <= maxTuples()
                && taskParticipants(plan) != null;
    }

    /**
     * {q0, q1}: a participant of level 0 and one of level 1 that reads its children (one atom's first two
     * trie levels), the one with the fewest children, whose values become the warps' tasks; or null.
     */
    static int[] taskParticipants(GpuPlan plan) {
        int[] best = null;
        long fewest = Long.MAX_VALUE;
        for (int q0 = 0; q0 < plan.partAtom[0].length; q0++) {
            for (int q1 = 0; q1 < plan.partAtom[1].length; q1++) {
                if (plan.partTrieLevel[1][q1] != 1 || plan.partParentSlot[1][q1] != plan.partSlot[0][q0]) {
                    continue;
                }
                long children = plan.query.atomTrie(plan.partAtom[1][q1]).values[1].length;
                if (children < fewest) {
                    fewest = children;
                    best = new int[] {q0, q1};
                }
            }
        }
        return best;
    }

    /** The count, or -1 when its tables could not be allocated (the caller then counts otherwise). */
    static long count(GpuDevice dev, EncodedPlan encoded, GpuJoinStats stats) {
        GpuPlan plan = encoded.plan;
        int[] task = taskParticipants(plan);
        ByteBuffer args = ByteBuffer.allocate(ARGS_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        int keepAll = 0;
        for (int l = 0; l < plan.nvars; l++) {
            int keep = plan.keepSlotsAfter(l);
            args.putInt(ARGS_KEEP + 4 * l, keep);
            keepAll |= keep;
        }
        int cols = plan.nvars + Integer.bitCount(keepAll) + EXTRA_COLUMNS;
        int shared = FusedLevelwiseCount.stagingEnabled()
                ? FusedLevelwiseCount.stageSpans(encoded.searchedArrays(), FusedLevelwiseCount.stagingLimit(dev, KERNEL), args,
                        ARGS_SPAN_SRC)
                : 0;
        int block = shared > 0 ? STAGED_BLOCK : BLOCK;
        int blocks = Math.max(1, dev.maxResidentBlocks(KERNEL, block, shared));
        long tableBytes = 4L * blocks * (plan.nvars - 1) * cols * block;
        DeviceBuffer ws;
        try {
            ws = dev.allocate(HEADER_BYTES + tableBytes, "warp count tables");
        } catch (GpuOutOfMemoryException e) {
            return -1;
        }
        try (ws) {
            args.putLong(ARGS_HEADER, ws.address());
            args.putLong(ARGS_TABLES, ws.address() + HEADER_BYTES);
            args.putInt(ARGS_Q0, task[0]);
            args.putInt(ARGS_Q1, task[1]);
            args.putInt(ARGS_COLS, cols);
            args.putInt(ARGS_KEEP_ALL, keepAll);
            boolean trace = Boolean.getBoolean("leapfrog.gpu.fused.trace");
            args.putInt(ARGS_TRACE, trace ? 1 : 0);
            int words = FusedLevelwiseCount.HEADER_WORDS + (trace ? FusedLevelwiseCount.TRACE_WORDS : 0);
            long[] slot = dev.resultSlot();
            args.putLong(ARGS_RESULT, slot[0]);
            args.putLong(ARGS_EPOCH, slot[1]);
            dev.fill(ws, 0, 2L * words, 0);
            dev.launchGrid(KERNEL, blocks, block, shared, KernelArg.struct(encoded.bytes, "plan"),
                    KernelArg.struct(args.array(), "warp count arguments"));
            long[] result = dev.awaitResult(slot[1], RESULT_EPOCH, RESULT_WORDS);
            if (trace) {
                long[] header = new long[words];
                dev.download(ws, 0, header, 0, words);
                stats.fusedTrace = FusedTrace.of(header, plan.nvars);
            }
            stats.warpCounts++;
            return result[0];
        }
    }
}
