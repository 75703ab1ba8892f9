package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.GpuOutOfMemoryException;
import io.leapfrog.exec.gpu.KernelArg;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The fused count, a count-only operator: a level-wise count in one cooperative launch ({@code lw_fused_count}, kernels/src/main/cuda/fused.cuh):
 * the level-wise join's steps, with each level's table and work placed by atomic counters on the device
 * instead of prefix sums read back by the host. On a small join the level-wise join's cost is its
 * round trips through the driver (about 20 launches and 8 read-backs, 0.4-0.5 ms through JCuda); this
 * one makes a memset and a launch, passes the plan as a launch parameter, and waits for the result in
 * host memory the device writes (GpuDevice.awaitResult) instead of reading it back.
 *
 * <p>It runs in a fixed workspace ({@link #workspaceFor}, at most a quarter of the free budget). When
 * a level outgrows it, the kernel stops and {@link #count} declines: the selector then runs the
 * level-wise join, so the answer never depends on the workspace. Only counts whose every variable is an
 * output qualify, over inputs of at most {@link #MAX_TUPLES} tuples: on an H100 the fused count was
 * 1.5-3.4x faster than level by level on the SNAP 4-cliques (11-100 thousand edges) and 1.7x on R-MAT
 * scale-16 triangles (about a million edges), but 10% slower on scale-16 4-cliques and 1.3x slower on
 * scale-18 triangles, where the round trips no longer dominate (what costs it the time there was not
 * measured; docs/performance.md, thirteenth session).
 *
 * <p>Each block first copies the trie arrays the join searches into its shared memory, as many as fit
 * (about 216 KiB a block on an H100 or H200, less the kernel's own copy of the plan), and runs 1,024
 * threads; a binary search step then costs a shared-memory read instead of a round trip to L2 (7-12%
 * off the kernel on the SNAP 4-cliques; docs/performance.md, fourteenth session).
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
    static final int HEADER_WORDS = 1 + 2 * PlanLayout.MAX_VARS;
    private static final int HEADER_BYTES = 512;
    // LfFusedArgs (fused.cuh)
    static final int ARGS_DRV = 2 * PlanLayout.TABLE_BYTES;
    static final int ARGS_DRV_HI = ARGS_DRV + 16;
    static final int ARGS_ITEMS = ARGS_DRV_HI + 16;
    static final int ARGS_HEADER = ARGS_ITEMS + 16;
    static final int ARGS_ROWS_CAP = ARGS_HEADER + 8;
    static final int ARGS_ITEMS_CAP = ARGS_ROWS_CAP + 8;
    static final int ARGS_KEEP = ARGS_ITEMS_CAP + 8;
    /** Trie arrays a block may copy into its shared memory (LW_FUSED_SPANS). */
    static final int SPANS = 24;
    static final int ARGS_SPAN_SRC = ARGS_KEEP + 4 * PlanLayout.MAX_VARS;
    static final int ARGS_SPAN_BYTES = ARGS_SPAN_SRC + 8 * SPANS;
    static final int ARGS_SPAN_AT = ARGS_SPAN_BYTES + 4 * SPANS;
    static final int ARGS_N_SPANS = ARGS_SPAN_AT + 4 * SPANS;
    static final int ARGS_TRACE = ARGS_N_SPANS + 4;
    static final int ARGS_RESULT = ARGS_N_SPANS + 8;
    static final int ARGS_EPOCH = ARGS_RESULT + 8;
    static final int ARGS_BYTES = ARGS_EPOCH + 8;
    /** With {@code GpuOptions.traceCounts}: block 0's clock at each step (LW_FUSED_TRACE), after the header. */
    static final int TRACE_WORDS = 30;
    /** Threads per block when the tries are staged in shared memory (one block per multiprocessor, as a rule). */
    private static final int STAGED_BLOCK = 1024;

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
            ByteBuffer args = ByteBuffer.allocate(ARGS_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            long at = ws.address() + HEADER_BYTES;
            for (int t = 0; t < 2; t++) {
                int table = t * PlanLayout.TABLE_BYTES;
                for (int c = 0; c < plan.nvars; c++, at += 4 * rowsCap) {
                    args.putLong(table + PlanLayout.TABLE_BIND + 8 * c, at);
                }
                for (int s = 0; s < PlanLayout.MAX_SLOTS; s++) {
                    if ((keepAll & (1 << s)) != 0) {
                        args.putLong(table + PlanLayout.TABLE_SLOT + 8 * s, at);
                        at += 4 * rowsCap;
                    }
                }
                args.putLong(ARGS_DRV + 8 * t, at);
                at += 4 * rowsCap;
                args.putLong(ARGS_DRV_HI + 8 * t, at);
                at += 4 * rowsCap;
            }
            for (int t = 0; t < 2; t++, at += 8 * itemsCap) {
                args.putLong(ARGS_ITEMS + 8 * t, at);
            }
            if (at > ws.address() + bytes) {
                throw new IllegalStateException("fused count workspace overrun: " + (at - ws.address()) + " > " + bytes);
            }
            args.putLong(ARGS_HEADER, ws.address());
            args.putLong(ARGS_ROWS_CAP, rowsCap);
            args.putLong(ARGS_ITEMS_CAP, itemsCap);
            for (int l = 0; l < plan.nvars; l++) {
                args.putInt(ARGS_KEEP + 4 * l, keep[l]);
            }
            int shared = stageSpans(encoded.searchedArrays(), stagingLimit(dev, j.options().stagedTrieBytes()), args);
            int block = shared > 0 ? STAGED_BLOCK : BLOCK;
            CountHandover handover = CountHandover.prepare(dev, ws, false, j.options().traceCounts(), args, ARGS_TRACE,
                    ARGS_RESULT);
            if (!dev.launchCooperative(KERNEL, dev.maxResidentBlocks(KERNEL, block, shared), block, shared,
                    KernelArg.struct(encoded.bytes, "plan"), KernelArg.struct(args.array(), "fused count workspace"))) {
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

    /** Shared memory a block may stage tries in: the device's limit, or less when {@code cap} is smaller. */
    private static int stagingLimit(GpuDevice dev, int cap) {
        return Math.min(dev.maxDynamicShared(KERNEL), cap);
    }

    /**
     * Chooses the trie arrays ({address, bytes}) each block copies into its shared memory: in the given
     * order (GpuPlan.searchedArrays: the most searched first), each that still fits {@code limit} bytes,
     * at 16-byte boundaries; the kernel copies 16-byte words, so an array must start at one. Writes them
     * into {@code args}; returns the dynamic shared memory a block needs for them (0: none staged).
     */
    static int stageSpans(java.util.List<long[]> arrays, int limit, ByteBuffer args) {
        return stageSpans(arrays, limit, args, ARGS_SPAN_SRC, 0);
    }

    /**
     * As {@link #stageSpans(java.util.List, int, ByteBuffer)}, for an argument struct whose span lists
     * (LfFusedArgs' layout: sources, bytes, places, their number) start at byte {@code spanSrc}, the
     * spans placed from byte {@code from} of the dynamic shared memory on (a multiple of 16).
     */
    static int stageSpans(java.util.List<long[]> arrays, int limit, ByteBuffer args, int spanSrc, int from) {
        int spanBytes = spanSrc + 8 * SPANS;
        int spanAt = spanBytes + 4 * SPANS;
        int nSpans = spanAt + 4 * SPANS;
        int n = 0;
        int at = from;
        for (long[] span : arrays) {
            long bytes = span[1];
            if (n == SPANS || bytes == 0 || at + bytes > limit || (span[0] & 15) != 0) {
                continue;
            }
            args.putLong(spanSrc + 8 * n, span[0]);
            args.putInt(spanBytes + 4 * n, (int) bytes);
            args.putInt(spanAt + 4 * n, at);
            at += (int) ((bytes + 15) & ~15L);
            n++;
        }
        args.putInt(nSpans, n);
        return at;
    }
}
