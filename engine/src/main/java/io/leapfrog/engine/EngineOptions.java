package io.leapfrog.engine;

import java.io.PrintStream;
import java.util.Objects;

/**
 * How an {@link Engine} runs: worker threads, the device, and where {@code .printsize} lines and
 * {@code IO=stdout} outputs go. Immutable; use the {@code with...} methods to derive variants.
 *
 * @param threads worker threads for joins (>= 1); {@link #defaults()} uses every core
 * @param device  "auto" or "cpu" (both run on the CPU in this build); "gpu" is rejected by the engine
 * @param out     receives {@code .printsize} lines and {@code IO=stdout} relations
 */
public record EngineOptions(int threads, String device, PrintStream out) {

    public EngineOptions {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(out, "out");
    }

    /** All cores, device "auto", printing to {@code System.out}. */
    public static EngineOptions defaults() {
        return new EngineOptions(Runtime.getRuntime().availableProcessors(), "auto", System.out);
    }

    public EngineOptions withThreads(int newThreads) {
        return new EngineOptions(newThreads, device, out);
    }

    public EngineOptions withDevice(String newDevice) {
        return new EngineOptions(threads, newDevice, out);
    }

    public EngineOptions withOut(PrintStream newOut) {
        return new EngineOptions(threads, device, newOut);
    }
}
