package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.GpuOutOfMemoryException;
import io.leapfrog.kernels.layout.KernelConstants;
import io.leapfrog.kernels.layout.LfFusedArgs;
import io.leapfrog.kernels.layout.LfPlan;
import io.leapfrog.kernels.layout.LfTable;

/**
 * The fused count, a count-only operator: a level-wise count in one cooperative launch ({@code lw_fused_count}, kernels/src/main/cuda/fused.cuh):
 * the level-wise join's steps, with each level's table and work placed by atomic counters on the device
 * instead of prefix sums read back by the host. On a small join the level-wise join's cost is its
 * round trips through the driver (about 20 launches and 8 read-backs); this
 * one makes a memset and a launch, passes the plan as a launch parameter, and waits for the result in
 * host memory the device writes (GpuDevice.awaitResult) instead of reading it back.
 *
 * <p>It runs in a fixed workspace ({@link #workspaceFor}, at most a quarter of the free budget). When
 * a level outgrows it, the kernel stops and {@link #count} declines: the selector then runs the
 * level-wise join, so the answer never depends on the workspace. Only counts whose every variable is an
 * output qualify, over inputs of at most {@link #MAX_TUPLES} tuples: the fused count is faster than
 * level by level where the round trips dominate (the SNAP 4-cliques, R-MAT scale-16 triangles, up to
 * about a million edges) and slower on larger joins, where they do not.
 *
 * <p>Each block first copies the trie arrays the join searches into its shared memory, as many as fit
 * (about 216 KiB a block on an H100 or H200, less the kernel's own copy of the plan), and runs 1,024
 * threads; a binary search step then costs a shared-memory read instead of a round trip to L2.
 *
 * <p>Its grid is as many blocks as are resident at once. {@code GpuOptions.fusedWorkspaceBytes} caps the
 * workspace and {@code GpuOptions.stagedTrieBytes} the bytes staged (the tests shrink both).
 */
final class FusedLevelwiseCount implements GpuJoinOperator {
    static final FusedLevelwiseCount INSTANCE = new FusedLevelwiseCount();
    /** Largest input (tuples over the plan's tries) counted this way. */
    static final long MAX_TUPLES = 1L << 20;

    private static final String KERNEL = "lw_fused_count";
    private static final int BLOCK = 256;
    /** Work items a table row has on average at most before the queues fill first (each item: 4 candidates). */
    private static final int ITEMS_PER_ROW = 4;
    private static final int HEADER_BYTES = KernelConstants.LW_FUSED_HEADER_BYTES;
    /** Threads per block when the tries are staged in shared memory (one block per multiprocessor, as a rule). */
    private static final int STAGED_BLOCK = KernelConstants.LW_COUNT_MAX_THREADS;

    private FusedLevelwiseCount() {
    }

    @Override
    public boolean countOnly() {
        return true;
    }

    @Override
    public String toString() {
        return "fused count";
    }

    /**
     * The workspace for an input of {@code tuples}: 8 KiB per tuple (rounded up to a power of two), from 16
     * MiB up to {@code most} (GpuOptions.fusedWorkspaceBytes, 1 GiB by default) and a quarter of the
     * {@code free} budget. The SNAP graphs' 4-clique counts fit with room to spare (ca-GrQc: 128 MiB for
     * 48,260 rows at its largest level; ego-Facebook: 1 GiB for 1.6 million), and a small program's count
     * does not hold a gigabyte.
     */
    static long workspaceFor(long tuples, long free, long most) {
        long wanted = Math.max(16L << 20, Long.highestOneBit(Math.max(1, tuples - 1)) * 2 * (8L << 10));
        return Long.highestOneBit(Math.max(1, Math.min(Math.min(wanted, most), free / 4)));
    }

    /** Whether {@code plan}'s count may be tried this way on {@code dev}. */
    static boolean applies(GpuPlan plan, GpuDevice dev) {
        if (!dev.cooperativeLaunch() || plan.outVars != plan.nvars || plan.nvars == 0) {
            return false;
        }
        return plan.inputTuples <= MAX_TUPLES;
    }

    /** Rows each table holds in a workspace of {@code bytes}, for rows of {@code rowBytes} bytes (0: none). */
    static long rowsCap(long bytes, long rowBytes) {
        long rows = (bytes - HEADER_BYTES) / (2 * rowBytes + 2 * 8L * ITEMS_PER_ROW);
        // a multiple of 64 keeps every column and queue aligned (the queues hold 8-byte items)
        return Math.max(0, Math.min(rows, Integer.MAX_VALUE / ITEMS_PER_ROW)) & ~63L;
    }

    /**
     * The count, or {@link #DECLINED} when it does not apply ({@link #applies}), no workspace could be had,
     * the device refused the cooperative launch, or a level outgrew the workspace (counted in
     * {@link GpuJoinStats#fusedOverflows()}).
     */
    @Override
    public long count(DeviceJoin j) {
        GpuDevice dev = j.dev();
        EncodedPlan encoded = j.plan();
        GpuJoinStats stats = j.stats();
        GpuPlan plan = encoded.plan;
        if (!applies(plan, dev)) {
            return DECLINED;
        }
        int keepAll = 0;
        int[] keep = new int[plan.nvars];
        for (int l = 0; l < plan.nvars; l++) {
            keep[l] = plan.keepSlotsAfter(l);
            keepAll |= keep[l];
        }
        int slots = Integer.bitCount(keepAll);
        long rowBytes = 4L * (plan.nvars + slots + 2);
        long bytes = workspaceFor(plan.inputTuples, dev.pool().available(), j.options().fusedWorkspaceBytes());
        long rowsCap = rowsCap(bytes, rowBytes);
        if (rowsCap == 0) {
            return DECLINED;
        }
        long itemsCap = ITEMS_PER_ROW * rowsCap;
        DeviceBuffer ws;
        try {
            ws = dev.allocate(bytes, "fused count workspace");
        } catch (GpuOutOfMemoryException e) {
            return DECLINED;
        }
        try (ws) {
            StagedSpans spans = StagedSpans.choose(encoded.searchedArrays(), stagingLimit(dev, j.options().stagedTrieBytes()), 0);
            LfFusedArgs args = arguments(ws.address(), bytes, plan.nvars, keep, rowsCap, itemsCap, spans);
            int shared = spans.end();
            int block = shared > 0 ? STAGED_BLOCK : BLOCK;
            CountHandover handover = CountHandover.prepare(dev, ws, false, j.options().traceCounts(), handover(args));
            if (!dev.launchCooperative(CountKernels.fusedCount(new LfPlan(encoded.bytes), args),
                    dev.maxResidentBlocks(KERNEL, block, shared), block, shared)) {
                return DECLINED;
            }
            long[] result = handover.await(dev);
            if (result[CountHandover.RESULT_OVERFLOW] != 0) {
                stats.fusedOverflows++;
                return DECLINED;
            }
            long[] header = handover.traceWords(dev, ws);
            if (header != null) {
                stats.fusedTrace = FusedTrace.of(header, plan.nvars);
            }
            stats.fusedCounts++;
            return result[CountHandover.RESULT_COUNT];
        }
    }

    /**
     * The kernel's arguments but for the handover's words, for a workspace of {@code bytes} at {@code ws}:
     * after its header, each of the two tables' binding columns (levels 0..nvars-1) and the kept slots'
     * columns (the union of {@code keep}), the rows' drivers and their ends, then the two queues of work items.
     */
    static LfFusedArgs arguments(long ws, long bytes, int nvars, int[] keep, long rowsCap, long itemsCap, StagedSpans spans) {
        int keepAll = 0;
        for (int k : keep) {
            keepAll |= k;
        }
        LfFusedArgs args = new LfFusedArgs();
        long at = ws + HEADER_BYTES;
        for (int t = 0; t < 2; t++) {
            LfTable table = args.table(t);
            for (int c = 0; c < nvars; c++, at += 4 * rowsCap) {
                table.bind(c, at);
            }
            for (int s = 0; s < KernelConstants.LF_MAX_SLOTS; s++) {
                if ((keepAll & (1 << s)) != 0) {
                    table.slot(s, at);
                    at += 4 * rowsCap;
                }
            }
            args.drv(t, at);
            at += 4 * rowsCap;
            args.drvHi(t, at);
            at += 4 * rowsCap;
        }
        for (int t = 0; t < 2; t++, at += 8 * itemsCap) {
            args.items(t, at);
        }
        if (at > ws + bytes) {
            throw new IllegalStateException("fused count workspace overrun: " + (at - ws) + " > " + bytes);
        }
        args.header(ws).rowsCap(rowsCap).itemsCap(itemsCap);
        for (int l = 0; l < nvars; l++) {
            args.keep(l, keep[l]);
        }
        spans.writeTo(args);
        return args;
    }

    /** Where {@code a} takes the handover's words. */
    static CountHandover.Fields handover(LfFusedArgs a) {
        return (trace, result, epoch) -> a.trace(trace).result(result).epoch(epoch);
    }

    /** Shared memory a block may stage tries in: the device's limit, or less when {@code cap} is smaller. */
    private static int stagingLimit(GpuDevice dev, int cap) {
        return Math.min(dev.maxDynamicShared(KERNEL), cap);
    }
}
