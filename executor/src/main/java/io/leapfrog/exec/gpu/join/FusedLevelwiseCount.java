package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.GpuOutOfMemoryException;
import io.leapfrog.exec.gpu.KernelArg;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A level-wise count in one cooperative launch ({@code lw_fused_count}, kernels/src/main/cuda/fused.cuh):
 * the level-wise join's steps, with each level's table and work placed by atomic counters on the device
 * instead of prefix sums read back by the host. On a small join the level-wise join's cost is its
 * round trips through the driver (about 20 launches and 8 read-backs, 0.4-0.5 ms through JCuda); this
 * one makes a memset and a launch, passes the plan as a launch parameter, and waits for the result in
 * host memory the device writes (GpuDevice.awaitResult) instead of reading it back.
 *
 * <p>It runs in a fixed workspace ({@link #workspaceFor}, at most a quarter of the free budget). When
 * a level outgrows it, the kernel stops and {@link #count} returns -1: the caller then runs the
 * level-wise join, so the answer never depends on the workspace. Only counts whose every variable is an
 * output qualify, over inputs of at most {@link #maxTuples()} tuples: on an H100 the fused count was
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
 * <p>{@code -Dleapfrog.gpu.fused=false} turns it off; {@code .maxTuples}, {@code .bytes},
 * {@code .blocksPerSm} (0: as many as fit) and {@code .blocks} (the whole grid) tune it;
 * {@code .shared=false} stages nothing and {@code .sharedBytes} caps the staged bytes.
 */
final class FusedLevelwiseCount {
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
    /** With {@code -Dleapfrog.gpu.fused.trace=true}: block 0's clock at each step (LW_FUSED_TRACE), after the header. */
    static final int TRACE_WORDS = 30;
    /** Threads per block when the tries are staged in shared memory (one block per multiprocessor, as a rule). */
    private static final int STAGED_BLOCK = 1024;

    private FusedLevelwiseCount() {
    }

    static boolean enabled() {
        return !"false".equals(System.getProperty("leapfrog.gpu.fused"));
    }

    /** Largest input (tuples over the plan's tries) counted this way. */
    static long maxTuples() {
        return Long.getLong("leapfrog.gpu.fused.maxTuples", 1L << 20);
    }

    /** The most workspace a fused count takes (less when the budget is short). */
    static long workspaceBytes() {
        return Long.getLong("leapfrog.gpu.fused.bytes", 1L << 30);
    }

    /**
     * The workspace for an input of {@code tuples}: 8 KiB per tuple (rounded up to a power of two), from 16
     * MiB up to {@link #workspaceBytes()} and a quarter of the {@code free} budget. The SNAP graphs' 4-clique
     * counts fit with room to spare (ca-GrQc: 128 MiB for 48,260 rows at its largest level; ego-Facebook:
     * 1 GiB for 1.6 million), and a small program's count does not hold a gigabyte.
     */
    static long workspaceFor(long tuples, long free) {
        long wanted = Math.max(16L << 20, Long.highestOneBit(Math.max(1, tuples - 1)) * 2 * (8L << 10));
        return Long.highestOneBit(Math.max(1, Math.min(Math.min(wanted, workspaceBytes()), free / 4)));
    }

    /** Whether {@code plan}'s count may be tried this way on {@code dev}. */
    static boolean applies(GpuPlan plan, GpuDevice dev) {
        if (!enabled() || !dev.cooperativeLaunch() || plan.outVars != plan.nvars || plan.nvars == 0) {
            return false;
        }
        return plan.inputTuples <= maxTuples();
    }

    /** Rows each table holds in a workspace of {@code bytes}, for rows of {@code rowBytes} bytes (0: none). */
    static long rowsCap(long bytes, long rowBytes) {
        long rows = (bytes - HEADER_BYTES) / (2 * rowBytes + 2 * 8L * ITEMS_PER_ROW);
        // a multiple of 64 keeps every column and queue aligned (the queues hold 8-byte items)
        return Math.max(0, Math.min(rows, Integer.MAX_VALUE / ITEMS_PER_ROW)) & ~63L;
    }

    /**
     * The count, or -1 when no workspace could be had, the device refused the cooperative launch, or a
     * level outgrew the workspace (counted in {@link GpuJoinStats#fusedOverflows()}).
     */
    static long count(GpuDevice dev, EncodedPlan encoded, GpuJoinStats stats) {
        GpuPlan plan = encoded.plan;
        int keepAll = 0;
        int[] keep = new int[plan.nvars];
        for (int l = 0; l < plan.nvars; l++) {
            keep[l] = plan.keepSlotsAfter(l);
            keepAll |= keep[l];
        }
        int slots = Integer.bitCount(keepAll);
        long rowBytes = 4L * (plan.nvars + slots + 2);
        long bytes = workspaceFor(plan.inputTuples, dev.pool().available());
        long rowsCap = rowsCap(bytes, rowBytes);
        if (rowsCap == 0) {
            return -1;
        }
        long itemsCap = ITEMS_PER_ROW * rowsCap;
        DeviceBuffer ws;
        try {
            ws = dev.allocate(bytes, "fused count workspace");
        } catch (GpuOutOfMemoryException e) {
            return -1;
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
            int shared = stagingEnabled() ? stageSpans(encoded.searchedArrays(), stagingLimit(dev), args) : 0;
            int block = shared > 0 ? STAGED_BLOCK : BLOCK;
            CountHandover handover = CountHandover.prepare(dev, ws, false, args, ARGS_TRACE, ARGS_RESULT);
            if (!dev.launchCooperative(KERNEL, blocks(dev, block, shared), block, shared,
                    KernelArg.struct(encoded.bytes, "plan"), KernelArg.struct(args.array(), "fused count workspace"))) {
                return -1;
            }
            long[] result = readsBack() ? readBack(dev, ws, plan.nvars, rowsCap, itemsCap) : handover.await(dev);
            if (result[CountHandover.RESULT_OVERFLOW] != 0) {
                stats.fusedOverflows++;
                return -1;
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
     * Whether the result is read back through the driver instead of awaited in mapped host memory
     * ({@code -Dleapfrog.gpu.fused.readBack=true}): for measuring what the mapped result saves.
     */
    private static boolean readsBack() {
        return Boolean.getBoolean("leapfrog.gpu.fused.readBack");
    }

    /** The result words (count, overflow) from the workspace's header, read back through the driver. */
    private static long[] readBack(GpuDevice dev, DeviceBuffer ws, int levels, long rowsCap, long itemsCap) {
        long[] header = new long[HEADER_WORDS];
        dev.download(ws, 0, header, 0, HEADER_WORDS);
        long overflow = 0;
        for (int l = 1; l < levels; l++) {
            if (header[1 + l] > rowsCap || header[1 + PlanLayout.MAX_VARS + l] > itemsCap) {
                overflow = 1;
            }
        }
        return new long[] {header[0], overflow};
    }

    /** Whether the tries may be staged in shared memory ({@code -Dleapfrog.gpu.fused.shared=false}: never). */
    static boolean stagingEnabled() {
        return !"false".equals(System.getProperty("leapfrog.gpu.fused.shared"));
    }

    /** Shared memory a block may stage tries in: the device's limit, or less with {@code .sharedBytes}. */
    private static int stagingLimit(GpuDevice dev) {
        return Math.min(dev.maxDynamicShared(KERNEL), stagedBytesCap());
    }

    /** The most bytes of tries a block stages ({@code -Dleapfrog.gpu.fused.sharedBytes}; the warp count's too). */
    static int stagedBytesCap() {
        return Integer.getInteger("leapfrog.gpu.fused.sharedBytes", Integer.MAX_VALUE);
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

    /** Blocks of the launch: as many as are resident at once, or {@code .blocksPerSm} per multiprocessor. */
    private static int blocks(GpuDevice dev, int block, int shared) {
        int most = dev.maxResidentBlocks(KERNEL, block, shared);
        int total = Integer.getInteger("leapfrog.gpu.fused.blocks", 0);
        int perSm = Integer.getInteger("leapfrog.gpu.fused.blocksPerSm", 0);
        if (total > 0) {
            return Math.min(most, total);
        }
        return perSm > 0 ? Math.max(1, Math.min(most, perSm * dev.multiprocessors())) : most;
    }
}
