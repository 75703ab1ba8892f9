package io.leapfrog.cli;

import io.leapfrog.common.NotSupportedException;
import io.leapfrog.engine.EngineOptions;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintStream;

/** --threads and --device, shared by every command that evaluates a program. */
final class EngineFlags {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    private int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = {"-j", "--threads"}, paramLabel = "N",
            description = "Worker threads for joins (default: every core).")
    void setThreads(int n) {
        if (n < 1) {
            throw new ParameterException(mixee.commandLine(),
                    "Invalid value for option '--threads': " + n + " (must be at least 1)");
        }
        threads = n;
    }

    @Option(names = "--device", paramLabel = "auto|cpu|gpu", defaultValue = "auto",
            description = "Where joins run: auto (the CPU in this release), cpu, or gpu (not supported yet).")
    Device device;

    /** The engine options these flags describe; the engine prints .printsize lines to {@code out}. */
    EngineOptions toOptions(PrintStream out) {
        if (device == Device.gpu) {
            throw new NotSupportedException("not supported: --device gpu: this release runs joins on the CPU only"
                    + " (GPU execution comes with a later release). Use --device auto or --device cpu.");
        }
        return new EngineOptions(threads, device.name(), out);
    }
}
