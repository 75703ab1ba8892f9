package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.KernelCompiler;

import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * How GPU joins run: one immutable value per engine (or executor), passed down to the runtime, the
 * device and the join operators. {@link #defaults()} is what a plain {@code --device gpu} run uses;
 * derive variants with the {@code with...} methods. docs/gpu.md, "Options".
 *
 * @param strategy            the GPU join algorithm (auto: level-wise)
 * @param memoryBudget        device bytes the executor may use; 0 for the device's budget (its free memory at
 *                            start less a margin)
 * @param disabled            behave as if no GPU were present
 * @param residentCounts      leave the depth-first count's kernel running between counts ({@code ResidentKernel}):
 *                            it holds every multiprocessor while it waits, so it is off unless asked for
 * @param residentIdle        how long a resident kernel waits for its next count before it ends
 * @param shapedKernels       compile the depth-first count for each query's shape with nvcc, in the background
 * @param awaitShapedKernels  wait for that compile instead of counting with the table-driven kernel meanwhile
 *                            (tests and benchmarks that must measure the compiled kernel)
 * @param nvcc                the nvcc to compile with; null: {@code $CUDA_HOME/bin/nvcc},
 *                            {@code /usr/local/cuda/bin/nvcc}, then {@code nvcc} on the PATH
 * @param kernelCache         where compiled kernels are kept; null: {@code ~/.cache/leapfrog/kernels}
 * @param syncEachLaunch      synchronise after every launch, so that an asynchronous error names its kernel
 * @param profile             time every kernel and transfer between synchronisations (slower); the executor
 *                            then reports a table per kernel ({@link GpuJoinExecutor#profileLines()})
 * @param phaseTiming         time the host's phases of each join ({@link GpuJoinExecutor#phases()})
 * @param traceCounts         have the depth-first and fused counts record block 0's clocks
 *                            ({@link GpuJoinStats#fusedTrace()}); a traced count is never resident
 * @param countOperators      the count-only operators the selector may use (tests and diagnosis; default all)
 * @param stagedTrieBytes     the most bytes of tries a block of a depth-first or fused count stages in shared
 *                            memory (tests: 0 stages none; default: as many as fit)
 * @param fusedWorkspaceBytes the most workspace a fused count takes (tests make it small to force overflows)
 * @param coreBitmaps         which trie levels get core bitmaps ({@link CoreBitmapPolicy})
 */
public record GpuOptions(GpuJoinExecutor.Strategy strategy, long memoryBudget, boolean disabled,
                         boolean residentCounts, Duration residentIdle,
                         boolean shapedKernels, boolean awaitShapedKernels, Path nvcc, Path kernelCache,
                         boolean syncEachLaunch, boolean profile, boolean phaseTiming, boolean traceCounts,
                         Set<CountOperator> countOperators, int stagedTrieBytes, long fusedWorkspaceBytes,
                         CoreBitmapPolicy coreBitmaps) {

    /** The count-only operators ({@link GpuJoinSelector}); the level-wise and LFTJ joins count always. */
    public enum CountOperator {
        /** {@link DepthFirstCount}: small counts in one ordinary launch. */
        DEPTH_FIRST,
        /** {@link FusedLevelwiseCount}: counts of up to 2^20 input tuples in one cooperative launch. */
        FUSED
    }

    /**
     * Which trie levels get a core bitmap ({@link CoreBitmaps}): levels of at least {@code minValues} values,
     * each bitmap of at least {@code minRows} rows and at most {@code bytesPerLevel} bytes (0: none).
     */
    public record CoreBitmapPolicy(long bytesPerLevel, int minValues, int minRows) {
        /** 256 MiB a level, levels of 2^22 values or more, at least 1,024 rows. */
        public static final CoreBitmapPolicy DEFAULT = new CoreBitmapPolicy(256L << 20, 1 << 22, 1024);
        /** No core bitmaps. */
        public static final CoreBitmapPolicy NONE = new CoreBitmapPolicy(0, 1 << 22, 1024);

        public CoreBitmapPolicy {
            if (bytesPerLevel < 0 || minValues < 0 || minRows < 0) {
                throw new IllegalArgumentException("core bitmap policy values must not be negative: " + bytesPerLevel
                        + ", " + minValues + ", " + minRows);
            }
        }

        /** Bitmaps on every trie level of at least one value, each within {@code bytes} (tests reach small graphs so). */
        public static CoreBitmapPolicy everyLevel(long bytes) {
            return new CoreBitmapPolicy(bytes, 1, 1);
        }
    }

    public GpuOptions {
        Objects.requireNonNull(strategy, "strategy");
        Objects.requireNonNull(residentIdle, "residentIdle");
        Objects.requireNonNull(countOperators, "countOperators");
        Objects.requireNonNull(coreBitmaps, "coreBitmaps");
        if (memoryBudget < 0) {
            throw new IllegalArgumentException("memoryBudget must not be negative, got " + memoryBudget);
        }
        if (residentIdle.isNegative()) {
            throw new IllegalArgumentException("residentIdle must not be negative, got " + residentIdle);
        }
        if (stagedTrieBytes < 0 || fusedWorkspaceBytes < 0) {
            throw new IllegalArgumentException("stagedTrieBytes and fusedWorkspaceBytes must not be negative");
        }
        countOperators = Set.copyOf(countOperators);
    }

    private static final GpuOptions DEFAULTS = new GpuOptions(GpuJoinExecutor.Strategy.AUTO, 0, false,
            false, Duration.ofMillis(2), true, false, null, null,
            false, false, false, false,
            EnumSet.allOf(CountOperator.class), Integer.MAX_VALUE, 1L << 30, CoreBitmapPolicy.DEFAULT);

    /** Strategy auto, the device's budget, resident counts off, shaped kernels on where nvcc is, no diagnostics. */
    public static GpuOptions defaults() {
        return DEFAULTS;
    }

    /** The runtime these options see: the process's GPUs, or none when {@link #disabled}. */
    public GpuRuntime runtime() {
        return disabled ? GpuRuntime.disabled() : GpuRuntime.probe();
    }

    /** The compiler of kernels for a query's shape, with {@link #nvcc} and {@link #kernelCache}. */
    KernelCompiler compiler() {
        return KernelCompiler.of(nvcc, kernelCache);
    }

    public GpuOptions withStrategy(GpuJoinExecutor.Strategy s) {
        return copy(b -> b.strategy = s);
    }

    public GpuOptions withMemoryBudget(long bytes) {
        return copy(b -> b.memoryBudget = bytes);
    }

    public GpuOptions withDisabled(boolean off) {
        return copy(b -> b.disabled = off);
    }

    public GpuOptions withResidentCounts(boolean on) {
        return copy(b -> b.residentCounts = on);
    }

    public GpuOptions withResidentIdle(Duration idle) {
        return copy(b -> b.residentIdle = idle);
    }

    public GpuOptions withShapedKernels(boolean on) {
        return copy(b -> b.shapedKernels = on);
    }

    public GpuOptions withAwaitShapedKernels(boolean await) {
        return copy(b -> b.awaitShapedKernels = await);
    }

    public GpuOptions withNvcc(Path compiler) {
        return copy(b -> b.nvcc = compiler);
    }

    public GpuOptions withKernelCache(Path dir) {
        return copy(b -> b.kernelCache = dir);
    }

    public GpuOptions withSyncEachLaunch(boolean on) {
        return copy(b -> b.syncEachLaunch = on);
    }

    public GpuOptions withProfile(boolean on) {
        return copy(b -> b.profile = on);
    }

    public GpuOptions withPhaseTiming(boolean on) {
        return copy(b -> b.phaseTiming = on);
    }

    public GpuOptions withTraceCounts(boolean on) {
        return copy(b -> b.traceCounts = on);
    }

    public GpuOptions withCountOperators(Set<CountOperator> operators) {
        return copy(b -> b.countOperators = operators);
    }

    public GpuOptions withStagedTrieBytes(int bytes) {
        return copy(b -> b.stagedTrieBytes = bytes);
    }

    public GpuOptions withFusedWorkspaceBytes(long bytes) {
        return copy(b -> b.fusedWorkspaceBytes = bytes);
    }

    public GpuOptions withCoreBitmaps(CoreBitmapPolicy policy) {
        return copy(b -> b.coreBitmaps = policy);
    }

    private GpuOptions copy(Consumer<Fields> change) {
        Fields f = new Fields(this);
        change.accept(f);
        return f.build();
    }

    /** The components as mutable fields: each {@code with...} method changes one and builds anew. */
    private static final class Fields {
        GpuJoinExecutor.Strategy strategy;
        long memoryBudget;
        boolean disabled;
        boolean residentCounts;
        Duration residentIdle;
        boolean shapedKernels;
        boolean awaitShapedKernels;
        Path nvcc;
        Path kernelCache;
        boolean syncEachLaunch;
        boolean profile;
        boolean phaseTiming;
        boolean traceCounts;
        Set<CountOperator> countOperators;
        int stagedTrieBytes;
        long fusedWorkspaceBytes;
        CoreBitmapPolicy coreBitmaps;

        Fields(GpuOptions o) {
            strategy = o.strategy;
            memoryBudget = o.memoryBudget;
            disabled = o.disabled;
            residentCounts = o.residentCounts;
            residentIdle = o.residentIdle;
            shapedKernels = o.shapedKernels;
            awaitShapedKernels = o.awaitShapedKernels;
            nvcc = o.nvcc;
            kernelCache = o.kernelCache;
            syncEachLaunch = o.syncEachLaunch;
            profile = o.profile;
            phaseTiming = o.phaseTiming;
            traceCounts = o.traceCounts;
            countOperators = o.countOperators;
            stagedTrieBytes = o.stagedTrieBytes;
            fusedWorkspaceBytes = o.fusedWorkspaceBytes;
            coreBitmaps = o.coreBitmaps;
        }

        GpuOptions build() {
            return new GpuOptions(strategy, memoryBudget, disabled, residentCounts, residentIdle, shapedKernels,
                    awaitShapedKernels, nvcc, kernelCache, syncEachLaunch, profile, phaseTiming, traceCounts,
                    countOperators, stagedTrieBytes, fusedWorkspaceBytes, coreBitmaps);
        }
    }
}
