package io.leapfrog.cli;

import io.leapfrog.cli.profile.ProgressLine;
import io.leapfrog.cli.profile.Progresses;
import io.leapfrog.engine.EngineOptions;
import io.leapfrog.engine.Progress;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuOptions;
import io.leapfrog.planner.PlannerOptions;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * --threads, --device and the GPU and planner options, shared by every command that evaluates a program.
 * Every value is converted and checked by picocli as the command line is parsed ({@link FlagValues}), so a
 * bad one is a usage error (exit 2) before anything runs.
 */
final class EngineFlags {

    @Option(names = {"-j", "--threads"}, paramLabel = "N", converter = FlagValues.ThreadCount.class,
            description = "Worker threads for CPU joins and for building large relations' tries and statistics, "
                    + "1 to " + FlagValues.MAX_THREADS + " (default: every core).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--device", paramLabel = "auto|cpu|gpu", defaultValue = "auto",
            description = "Where joins run: auto (the GPU, when one is present, for joins large enough to gain and "
                    + "that fit its memory; says which it used and why), cpu, or gpu (every join the GPU kernels "
                    + "can run; an error without a GPU). Default: ${DEFAULT-VALUE}.")
    Device device;

    @Option(names = "--gpu-strategy", paramLabel = "auto|lftj|levelwise", defaultValue = "auto",
            converter = FlagValues.GpuStrategy.class,
            description = "GPU join algorithm: lftj (one thread per first-level value runs the leapfrog triejoin), "
                    + "levelwise (one variable per step for all partial bindings, load-balanced), or auto. "
                    + "Default: ${DEFAULT-VALUE}.")
    GpuJoinExecutor.Strategy gpuStrategy;

    @Option(names = "--gpu-memory", paramLabel = "SIZE", converter = FlagValues.ByteSize.class,
            description = "Most GPU memory to use, e.g. 512M or 8G: a whole number with K, M, G or T (powers of "
                    + "1024; KB, KiB and the like too), at least 1M (default: the device's free memory less a "
                    + "margin). Joins that need more are split into windows.")
    long gpuMemory;

    @Option(names = "--gpu-resident-counts",
            description = "Leave the small counts' GPU kernel running between counts (about 10 us less per count of a "
                    + "query run again), which keeps every multiprocessor busy for 2 ms after each count: for a GPU "
                    + "no other process shares. Default: off.")
    boolean gpuResidentCounts;

    @Option(names = "--gpu-shaped-kernels", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Compile the small counts' GPU kernel for each query's shape with nvcc, in the background "
                    + "(--no-gpu-shaped-kernels: never). Default: on where nvcc is found.")
    boolean gpuShapedKernels = true;

    @Option(names = "--gpu-nvcc", paramLabel = "PATH", converter = FlagValues.NonEmptyPath.class,
            description = "The nvcc (CUDA 12 or newer) that compiles kernels for a query's shape (default: "
                    + "$CUDA_HOME/bin/nvcc, /usr/local/cuda/bin/nvcc, then nvcc on the PATH).")
    Path gpuNvcc;

    @Option(names = "--gpu-kernel-cache", paramLabel = "DIR", converter = FlagValues.NonEmptyPath.class,
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
            converter = FlagValues.DegreeOrder.class,
            description = "Count a clique query over its graph with the nodes renumbered by degree: when measuring "
                    + "shows it does clearly less work (measure), never, or whenever the graph allows (always). "
                    + "Default: ${DEFAULT-VALUE}.")
    PlannerOptions.DegreeOrder degreeOrder;

    @Option(names = {"-v", "--verbose"},
            description = "Print a line on stderr as each stratum finishes: its relations, rounds, tuples and time.")
    boolean verbose;

    @Option(names = "--progress", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "On a terminal, show a progress line on stderr for work past 2 s: the stratum, its round and"
                    + " last delta (default: on; --no-progress: never).")
    boolean progress;

    /**
     * The progress line this command shows on stderr: on a terminal (the console's standard input and output),
     * unless --no-progress; else null. The caller closes it when the work ends.
     */
    ProgressLine progressLine(PrintStream err) {
        return !progress || System.console() == null ? null : new ProgressLine(err, verbose);
    }

    /**
     * The engine options these flags describe, with {@code line} (the progress line, which then prints the
     * --verbose lines too; or null) and {@code more} told of the evaluation's events as well.
     */
    EngineOptions toOptions(PrintStream out, PrintStream err, ProgressLine line, List<Progress> more) {
        List<Progress> all = new ArrayList<>();
        if (line != null) {
            all.add(line);
        } else if (verbose) {
            all.add(s -> {
                err.println(s.line());
                err.flush();
            });
        }
        all.addAll(more);
        GpuOptions gpu = GpuOptions.defaults().withStrategy(gpuStrategy).withMemoryBudget(gpuMemory)
                .withResidentCounts(gpuResidentCounts).withShapedKernels(gpuShapedKernels).withNvcc(gpuNvcc)
                .withKernelCache(gpuKernelCache).withProfile(gpuProfile);
        PlannerOptions planner = PlannerOptions.defaults().withMeasureOrders(measureOrders).withDegreeOrder(degreeOrder);
        return new EngineOptions(threads, device.engineDevice(), gpu, planner, out, Progresses.of(all));
    }

    /**
     * The engine options these flags describe; the engine prints .printsize lines to {@code out}, and with
     * --verbose a line per finished stratum to {@code err}.
     */
    EngineOptions toOptions(PrintStream out, PrintStream err) {
        return toOptions(out, err, null, List.of());
    }
}
