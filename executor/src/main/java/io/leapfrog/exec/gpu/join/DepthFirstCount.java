package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.KernelCall;
import io.leapfrog.kernels.layout.KernelConstants;
import io.leapfrog.kernels.layout.LfPlan;
import io.leapfrog.kernels.layout.LfWarpArgs;

/**
 * The depth-first count, a count-only operator: a small count in one ordinary launch with no grid-wide
 * barrier ({@code lw_block_count}, kernels/src/main/cuda/block_kernels.cuh). Each block takes level 1's
 * candidates (the values of one atom's second trie level, spread over the blocks) and binds the rest of
 * the join depth first, a block's worth of candidates at a time, in tables of at most one row a thread.
 * Nothing can outgrow its table, so the count never falls back; the result is awaited in mapped host
 * memory as the fused count's is. The tables lie in shared memory (at most half of it, with fewer
 * threads a block when they need more); the tries are staged in what is left, as the fused count stages
 * them. The kernel's plan parameter has room for 4 or 8 levels, or all 16 ({@link CountKernels#planHead}):
 * fewer parameter bytes to copy at each launch.
 *
 * <p>Where nvcc is at hand, the block count is also compiled for the plan's shape ({@link ShapedKernels}):
 * once that kernel is loaded, it is launched instead, with the same arguments.
 *
 * <p>With {@code GpuOptions.residentCounts} the count goes as a job to the resident form of its kernel
 * ({@link ResidentCount}), left running between counts of the same launch over the same tries: a count run
 * again pays neither a launch nor the staging. A traced count is launched.
 *
 * <p>The selector tries it before {@link FusedLevelwiseCount}, whose cooperative launch and grid-wide
 * barriers cost more than a small count's work (docs/gpu.md, "Depth-first counts"). It declines a count
 * with existential variables or of one level, and needs a level-1 participant reading the children of a
 * level-0 participant (every join whose first two variables share an atom), and few enough of those
 * children that each can be split into at least two tasks in one round of the launch ({@link #split}):
 * on larger graphs the fused count is faster. {@code GpuOptions.stagedTrieBytes} caps its staging.
 */
final class DepthFirstCount implements GpuJoinOperator {
    static final DepthFirstCount INSTANCE = new DepthFirstCount();

    /** Most tasks one value of level 1 makes (LfWarpArgs.split): a warp's lanes. */
    private static final int MAX_SPLIT = 32;
    private static final int MAX_BLOCK = KernelConstants.LW_COUNT_MAX_THREADS;
    /** The kernel's header, a module global (warp_kernels.cuh) of HEADER_BYTES. */
    private static final String HEADER_SYMBOL = "lw_warp_header";
    private static final int HEADER_BYTES = 8 * (KernelConstants.LW_FUSED_HEADER_WORDS + KernelConstants.LW_FUSED_TRACE_WORDS);

    private DepthFirstCount() {
    }

    @Override
    public boolean countOnly() {
        return true;
    }

    @Override
    public String toString() {
        return "depth-first count";
    }

    /** The kernel for a plan of {@code levels} levels: the block count with its plan head. */
    static String kernel(int levels) {
        return CountKernels.blockCount(CountKernels.planHead(levels));
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

    /**
     * Tasks each value of level 1 makes (each taking every S-th of level 2's candidates): as many as keep
     * every lane of the launch ({@code warps}) busy in one round, at most {@link #MAX_SPLIT}.
     * 0 when the values are too many to be split at least twice in one round
     * (more than 16 per warp), or for a join of two levels more than one per lane: the fused count, which
     * balances each level over the whole grid, is faster there.
     */
    static int split(GpuPlan plan, int[] task, long warps) {
        long values = plan.query.atomTrie(plan.partAtom[1][task[1]]).values[1].length;
        long fit = Math.min(MAX_SPLIT, 32 * warps / Math.max(1, values));
        if (plan.nvars == 2) {
            return fit >= 1 ? 1 : 0;
        }
        return fit >= 2 ? (int) fit : 0;
    }

    /** Columns of the warp table of level {@code l} (lw_warp_columns): its bindings, kept slots and extras. */
    static int tableColumns(int l, int keptBefore) {
        return l + Integer.bitCount(keptBefore) + (l >= 2 ? KernelConstants.LW_WARP_EXTRA : 0);
    }

    /** Shared memory the warp tables of a block of {@code block} threads take (the columns of levels 1..n-1). */
    static int tableBytes(int[] keep, int levels, int block) {
        int cols = 0;
        for (int l = 1; l < levels; l++) {
            cols += tableColumns(l, keep[l - 1]);
        }
        return 4 * cols * block;
    }

    /**
     * A count's launch as far as the host decides it: the kernel, its grid and shared memory, the levels its
     * plan parameter has room for ({@code head}), and the arguments but for the handover's words
     * (CountHandover.prepare writes them at each launch). Kept with the prepared plan
     * ({@link PreparedPlan#depthFirst}) for the query's next run; {@link Launch#none} where this way does
     * not apply.
     */
    record Launch(String kernel, int blocks, int block, int shared, LfWarpArgs args, int head, ShapedKernel shape,
                  String declined) {
        /** The plan's count does not go this way, for the reason given: the caller counts otherwise. */
        static Launch none(String why) {
            return new Launch(null, 0, 0, 0, null, 0, null, why);
        }

        /** The launch of the count of {@code plan} (the plan's bytes its arguments were made for). */
        KernelCall call(LfPlan plan) {
            return CountKernels.blockCount(kernel, head, plan, args);
        }
    }

    /**
     * The count, or {@link #DECLINED} when this way does not apply (a count with existential variables or
     * of one level, no task participants), the join is too large for one round of the launch
     * ({@link #split}) or its tables could not have a block of shared memory: the next operator then counts.
     */
    @Override
    public long count(DeviceJoin j) {
        GpuDevice dev = j.dev();
        EncodedPlan encoded = j.plan();
        GpuJoinStats stats = j.stats();
        Launch l = encoded.prepared.depthFirst;
        if (l == null || (l.shape() != null && ShapedKernels.kernel(j, l.shape()) != null)) {
            l = prepare(j);   // first, or its kernel compiled for the shape is ready now
            encoded.prepared.depthFirst = l;
        }
        if (l.kernel() == null) {
            stats.depthFirstDeclined = l.declined();
            return DECLINED;
        }
        if (dev.hasShaped(l.kernel())) {
            stats.shapedCounts++;
        }
        // The header is the module's own (lw_warp_header), left zeroed by every count that ends well.
        DeviceBuffer header = dev.moduleGlobal(HEADER_SYMBOL, HEADER_BYTES);
        j.clock().mark("depth-first setup");
        if (ResidentCount.applies(j)) {
            long[] answer = ResidentCount.count(j, l);
            if (answer != null) {
                dev.moduleGlobalClean(HEADER_SYMBOL);
                j.clock().mark("resident count");
                stats.depthFirstCounts++;
                stats.residentCounts++;
                return answer[CountHandover.RESULT_COUNT];
            }
            header = dev.moduleGlobal(HEADER_SYMBOL, HEADER_BYTES);   // zeroed again: the blocks that ran left counts in it
        }
        CountHandover handover = CountHandover.prepare(dev, header, true, j.options().traceCounts(), handover(l.args()));
        j.clock().mark("header fill");
        dev.launchGrid(l.call(new LfPlan(encoded.bytes)), l.blocks(), l.block(), l.shared());
        j.clock().mark("launch");
        long[] result = handover.await(dev);
        dev.moduleGlobalClean(HEADER_SYMBOL);
        j.clock().mark("await result");
        long[] trace = handover.traceWords(dev, header);
        if (trace != null) {
            stats.fusedTrace = FusedTrace.ofDepthFirstCount(trace, encoded.plan.nvars);
        }
        stats.depthFirstCounts++;
        return result[CountHandover.RESULT_COUNT];
    }

    /**
     * The launch of the plan's count ({@link Launch#none} where it does not apply); with the kernel compiled for
     * the plan's shape once that is loaded, else the table-driven one and the shape to ask for again.
     */
    private static Launch prepare(DeviceJoin j) {
        GpuDevice dev = j.dev();
        EncodedPlan encoded = j.plan();
        GpuPlan plan = encoded.plan;
        if (plan.outVars != plan.nvars || plan.nvars < 2) {
            return Launch.none(plan.nvars < 2 ? "one level" : "existential variables");
        }
        int[] task = taskParticipants(plan);
        if (task == null) {
            return Launch.none("the first two variables share no atom");
        }
        int[] keep = new int[plan.nvars];
        for (int l = 0; l < plan.nvars; l++) {
            keep[l] = plan.keepSlotsAfter(l);
        }
        int head = CountKernels.planHead(plan.nvars);
        String kernel = CountKernels.blockCount(head);
        ShapedKernel shape = ShapedKernels.enabled(j) ? ShapedKernel.of(encoded.bytes, plan.nvars, head, task, keep) : null;
        String shaped = shape == null ? null : ShapedKernels.kernel(j, shape);
        if (shaped != null) {
            kernel = shaped;
            shape = null;   // nothing left to ask for
        }
        // The tables first (every read of them is a step of a chain), in at most half the shared memory;
        // the tries staged in what is left.
        int most = dev.maxDynamicShared(kernel);
        int block = MAX_BLOCK;
        while (block > 32 && tableBytes(keep, plan.nvars, block) > most / 2) {
            block /= 2;
        }
        int tables = tableBytes(keep, plan.nvars, block);
        if (tables > most) {
            return Launch.none("tables of " + tables + " bytes, " + most + " of shared memory");
        }
        int limit = (int) Math.min(most, (long) tables + j.options().stagedTrieBytes());
        StagedSpans spans = StagedSpans.choose(encoded.searchedArrays(), limit, (tables + 15) & ~15);
        int shared = Math.max(tables, spans.end());
        int blocks = dev.maxResidentBlocks(kernel, block, shared);
        if (blocks == 0) {
            return Launch.none("no block of " + block + " threads and " + shared + " bytes of shared memory fits " + kernel);
        }
        int split = split(plan, task, (long) blocks * (block / 32));
        if (split == 0) {
            return Launch.none("too many tasks for one round of " + blocks + " blocks of " + block);
        }
        LfWarpArgs args = arguments(dev.moduleGlobalAt(HEADER_SYMBOL, HEADER_BYTES).address(), task, split, keep, spans);
        return new Launch(kernel, blocks, block, shared, args, head, shape, null);
    }

    /** Where {@code a} takes the handover's words. */
    static CountHandover.Fields handover(LfWarpArgs a) {
        return (trace, result, epoch) -> a.trace(trace).result(result).epoch(epoch);
    }

    /**
     * The kernel's arguments but for the handover's words: its {@code header}, the task participants and
     * their split, the slots each level's table keeps, and the staged spans.
     */
    static LfWarpArgs arguments(long header, int[] task, int split, int[] keep, StagedSpans spans) {
        LfWarpArgs a = new LfWarpArgs().header(header).q0(task[0]).q1(task[1]).split(split);
        for (int l = 0; l < keep.length; l++) {
            a.keep(l, keep[l]);
        }
        spans.writeTo(a);
        return a;
    }
}
