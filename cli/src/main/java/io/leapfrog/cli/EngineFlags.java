package io.leapfrog.cli;

import io.leapfrog.engine.EngineOptions;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.util.Locale;

/** --threads, --device and the GPU options, shared by every command that evaluates a program. */
final class EngineFlags {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    private int threads = Runtime.getRuntime().availableProcessors();
    private long gpuMemory;

    @Option(names = {"-j", "--threads"}, paramLabel = "N",
            description = "Worker threads for CPU joins and for building large relations' tries and statistics (default: every core).")
    void setThreads(int n) {
        if (n < 1) {
            throw new ParameterException(mixee.commandLine(),
                    "Invalid value for option '--threads': " + n + " (must be at least 1)");
        }
        threads = n;
    }

    @Option(names = "--device", paramLabel = "auto|cpu|gpu", defaultValue = "auto",
            description = "Where joins run: auto (the GPU, when one is present, for joins large enough to gain and "
                    + "that fit its memory; says which it used and why), cpu, or gpu (every join the GPU kernels "
                    + "can run; an error without a GPU). Default: ${DEFAULT-VALUE}.")
    Device device;

    @Option(names = "--gpu-strategy", paramLabel = "auto|lftj|levelwise", defaultValue = "auto",
            description = "GPU join algorithm: lftj (one thread per first-level value runs the leapfrog triejoin), "
                    + "levelwise (one variable per step for all partial bindings, load-balanced), or auto. "
                    + "Default: ${DEFAULT-VALUE}.")
    String gpuStrategy;

    @Option(names = "--gpu-memory", paramLabel = "SIZE",
            description = "Most GPU memory to use, e.g. 512M or 8G (default: the device's free memory less a margin). "
                    + "Joins that need more are split into windows.")
    void setGpuMemory(String size) {
        gpuMemory = parseSize(size);
    }

    private long parseSize(String size) {
        String s = size.trim().toUpperCase(Locale.ROOT);
        long unit = 1;
        if (s.endsWith("B")) {
            s = s.substring(0, s.length() - 1);
        }
        if (s.endsWith("K")) {
            unit = 1L << 10;
        } else if (s.endsWith("M")) {
            unit = 1L << 20;
        } else if (s.endsWith("G")) {
            unit = 1L << 30;
        }
        if (unit > 1) {
            s = s.substring(0, s.length() - 1);
        }
        try {
            long v = Long.parseLong(s.trim());
            if (v <= 0) {
                throw new NumberFormatException();
            }
            return Math.multiplyExact(v, unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new ParameterException(mixee.commandLine(), "Invalid value for option '--gpu-memory': '" + size
                    + "' (a positive size such as 512M or 8G)");
        }
    }

    /** The engine options these flags describe; the engine prints .printsize lines to {@code out}. */
    EngineOptions toOptions(PrintStream out) {
        return new EngineOptions(threads, device.name(), gpuStrategy, gpuMemory, out);
    }
}
