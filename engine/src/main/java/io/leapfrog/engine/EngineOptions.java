package io.leapfrog.engine;

import java.io.PrintStream;
import java.util.Objects;

/**
 * How an {@link Engine} runs: worker threads, the device, and where {@code .printsize} lines and
 * {@code IO=stdout} outputs go. Immutable; use the {@code with...} methods to derive variants.
 *
 * @param threads     worker threads for CPU joins and for the passes that build large relations' tries,
 *                    statistics and sorts (>= 1); {@link #defaults()} uses every core
 * @param device      "auto" (the GPU for joins that are large enough and fit, when one is present),
 *                    "cpu", or "gpu" (every GPU-eligible join on the GPU; an error when there is none)
 * @param gpuStrategy the GPU join algorithm: "auto", "lftj" (one thread per first-level value) or
 *                    "levelwise" (one level per step, load-balanced expansion)
 * @param gpuMemory   device bytes the engine may use; 0 for the device's whole budget
 * @param out         receives {@code .printsize} lines and {@code IO=stdout} relations
 */
public record EngineOptions(int threads, String device, String gpuStrategy, long gpuMemory, PrintStream out) {

    public EngineOptions {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        if (gpuMemory < 0) {
            throw new IllegalArgumentException("gpuMemory must not be negative, got " + gpuMemory);
        }
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(gpuStrategy, "gpuStrategy");
        Objects.requireNonNull(out, "out");
    }

    public EngineOptions(int threads, String device, PrintStream out) {
        this(threads, device, "auto", 0, out);
    }

    /** All cores, device "auto", printing to {@code System.out}. */
    public static EngineOptions defaults() {
        return new EngineOptions(Runtime.getRuntime().availableProcessors(), "auto", System.out);
    }

    public EngineOptions withThreads(int newThreads) {
        return new EngineOptions(newThreads, device, gpuStrategy, gpuMemory, out);
    }

    public EngineOptions withDevice(String newDevice) {
        return new EngineOptions(threads, newDevice, gpuStrategy, gpuMemory, out);
    }

    public EngineOptions withGpuStrategy(String newStrategy) {
        return new EngineOptions(threads, device, newStrategy, gpuMemory, out);
    }

    public EngineOptions withGpuMemory(long bytes) {
        return new EngineOptions(threads, device, gpuStrategy, bytes, out);
    }

    public EngineOptions withOut(PrintStream newOut) {
        return new EngineOptions(threads, device, gpuStrategy, gpuMemory, newOut);
    }
}
