package io.leapfrog.engine;

import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuOptions;
import io.leapfrog.planner.PlannerOptions;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Objects;

/**
 * How an {@link Engine} runs: worker threads, the device, how GPU joins run, and where {@code .printsize}
 * lines and {@code IO=stdout} outputs go. Immutable; use the {@code with...} methods to derive variants.
 *
 * @param threads worker threads for CPU joins and for the passes that build large relations' tries,
 *                statistics and sorts (>= 1); {@link #defaults()} uses every core
 * @param device  where joins run ({@link Device})
 * @param gpu     how GPU joins run: the strategy, the memory budget, resident counts, kernels compiled for a
 *                query's shape, diagnostics ({@link GpuOptions}; docs/gpu.md, "Options")
 * @param planner how joins are ordered ({@link PlannerOptions}; docs/planner.md)
 * @param out      receives {@code .printsize} lines and {@code IO=stdout} relations
 * @param progress told of each stratum as it finishes ({@link Progress#NONE}: nothing)
 */
public record EngineOptions(int threads, Device device, GpuOptions gpu, PlannerOptions planner, PrintStream out,
                            Progress progress) {

    /** Where joins run. */
    public enum Device {
        /** The GPU for joins that are large enough and fit, when one is present; else the CPU. */
        AUTO,
        /** Always the CPU. */
        CPU,
        /** Every GPU-eligible join on the GPU; an error when there is none. */
        GPU;

        /** The name {@code --device} takes: "auto", "cpu" or "gpu". */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The device named {@code s} (any case); an IllegalArgumentException saying what is accepted otherwise. */
        public static Device parse(String s) {
            for (Device d : values()) {
                if (d.label().equalsIgnoreCase(s.strip())) {
                    return d;
                }
            }
            throw new IllegalArgumentException("unknown device '" + s + "': use auto, cpu or gpu");
        }
    }

    public EngineOptions {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(gpu, "gpu");
        Objects.requireNonNull(planner, "planner");
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(progress, "progress");
    }

    public EngineOptions(int threads, Device device, GpuOptions gpu, PlannerOptions planner, PrintStream out) {
        this(threads, device, gpu, planner, out, Progress.NONE);
    }

    public EngineOptions(int threads, Device device, GpuOptions gpu, PrintStream out) {
        this(threads, device, gpu, PlannerOptions.defaults(), out);
    }

    public EngineOptions(int threads, Device device, PrintStream out) {
        this(threads, device, GpuOptions.defaults(), out);
    }

    /** All cores, device auto, the default GPU options, printing to {@code System.out}. */
    public static EngineOptions defaults() {
        return new EngineOptions(Runtime.getRuntime().availableProcessors(), Device.AUTO, System.out);
    }

    /** The GPU join algorithm: auto, LFTJ-GPU (one thread per first-level value) or level-wise (one level per step). */
    public GpuJoinExecutor.Strategy gpuStrategy() {
        return gpu.strategy();
    }

    /** Device bytes the engine may use; 0 for the device's whole budget. */
    public long gpuMemory() {
        return gpu.memoryBudget();
    }

    public EngineOptions withThreads(int newThreads) {
        return new EngineOptions(newThreads, device, gpu, planner, out, progress);
    }

    public EngineOptions withDevice(Device newDevice) {
        return new EngineOptions(threads, newDevice, gpu, planner, out, progress);
    }

    public EngineOptions withGpu(GpuOptions newGpu) {
        return new EngineOptions(threads, device, newGpu, planner, out, progress);
    }

    public EngineOptions withPlanner(PlannerOptions newPlanner) {
        return new EngineOptions(threads, device, gpu, newPlanner, out, progress);
    }

    public EngineOptions withGpuStrategy(GpuJoinExecutor.Strategy newStrategy) {
        return withGpu(gpu.withStrategy(newStrategy));
    }

    public EngineOptions withGpuMemory(long bytes) {
        return withGpu(gpu.withMemoryBudget(bytes));
    }

    public EngineOptions withOut(PrintStream newOut) {
        return new EngineOptions(threads, device, gpu, planner, newOut, progress);
    }

    public EngineOptions withProgress(Progress newProgress) {
        return new EngineOptions(threads, device, gpu, planner, out, newProgress);
    }
}
