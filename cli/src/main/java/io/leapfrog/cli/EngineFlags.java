package io.leapfrog.cli;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.engine.EngineOptions;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuOptions;
import io.leapfrog.planner.PlannerOptions;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.nio.file.Path;
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

    @Option(names = "--gpu-resident-counts",
            description = "Leave the small counts' GPU kernel running between counts (about 10 us less per count of a "
                    + "query run again), which keeps every multiprocessor busy for 2 ms after each count: for a GPU "
                    + "no other process shares. Default: off.")
    boolean gpuResidentCounts;

    @Option(names = "--gpu-shaped-kernels", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Compile the small counts' GPU kernel for each query's shape with nvcc, in the background "
                    + "(--no-gpu-shaped-kernels: never). Default: on where nvcc is found.")
    boolean gpuShapedKernels = true;

    @Option(names = "--gpu-nvcc", paramLabel = "PATH",
            description = "The nvcc (CUDA 12 or newer) that compiles kernels for a query's shape (default: "
                    + "$CUDA_HOME/bin/nvcc, /usr/local/cuda/bin/nvcc, then nvcc on the PATH).")
    Path gpuNvcc;

    @Option(names = "--gpu-kernel-cache", paramLabel = "DIR",
            description = "Where kernels compiled for a query's shape are kept (default: ~/.cache/leapfrog/kernels).")
    Path gpuKernelCache;

    @Option(names = "--gpu-profile",
            description = "Time every GPU kernel and transfer (slower) and print a table of them after the device lines.")
    boolean gpuProfile;

    @Option(names = "--measure-orders", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Choose a join's variable order by measuring candidate orders on a sample of the data "
                    + "(--no-measure-orders: from statistics alone). Default: on.")
    boolean measureOrders = true;

    @Option(names = "--degree-order", paramLabel = "measure|never|always", defaultValue = "measure",
            description = "Count a clique query over its graph with the nodes renumbered by degree: when measuring "
                    + "shows it does clearly less work (measure), never, or whenever the graph allows (always). "
                    + "Default: ${DEFAULT-VALUE}.")
    void setDegreeOrder(String value) {
        try {
            degreeOrder = PlannerOptions.DegreeOrder.valueOf(value.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(mixee.commandLine(), "Invalid value for option '--degree-order': '" + value
                    + "' (measure, never or always)");
        }
    }

    private PlannerOptions.DegreeOrder degreeOrder = PlannerOptions.DegreeOrder.MEASURE;

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

    /**
     * The engine options these flags describe; the engine prints .printsize lines to {@code out}. An unknown
     * {@code --gpu-strategy} is a LeapfrogException saying what is accepted.
     */
    EngineOptions toOptions(PrintStream out) {
        GpuJoinExecutor.Strategy strategy;
        try {
            strategy = GpuJoinExecutor.Strategy.parse(gpuStrategy);
        } catch (IllegalArgumentException e) {
            throw new LeapfrogException("error: " + e.getMessage());
        }
        GpuOptions gpu = GpuOptions.defaults().withStrategy(strategy).withMemoryBudget(gpuMemory)
                .withResidentCounts(gpuResidentCounts).withShapedKernels(gpuShapedKernels).withNvcc(gpuNvcc)
                .withKernelCache(gpuKernelCache).withProfile(gpuProfile);
        PlannerOptions planner = PlannerOptions.defaults().withMeasureOrders(measureOrders).withDegreeOrder(degreeOrder);
        return new EngineOptions(threads, device.engineDevice(), gpu, planner, out);
    }
}
