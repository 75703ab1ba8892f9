package io.leapfrog.engine;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.engine.eval.CompiledBody;
import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.GpuUnavailableException;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuJoinReport;
import io.leapfrog.exec.join.JoinExecutor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The engine's device policy for one evaluation: the {@link JoinExecutor} its joins go through
 * (the CPU, or the GPU executor in auto or gpu mode) and the lines that say where they ran and why.
 */
final class JoinDevices implements AutoCloseable {
    private final String device;
    private final JoinExecutor executor;
    private final GpuJoinExecutor gpu;
    private final String noGpuReason;

    private JoinDevices(String device, JoinExecutor executor, GpuJoinExecutor gpu, String noGpuReason) {
        this.device = device;
        this.executor = executor;
        this.gpu = gpu;
        this.noGpuReason = noGpuReason;
    }

    /** Checks the options' device and strategy names (a LeapfrogException saying what is accepted). */
    static void validate(EngineOptions o) {
        String d = o.device();
        if (!d.equals("cpu") && !d.equals("auto") && !d.equals("gpu")) {
            throw new LeapfrogException("error: unknown device '" + d + "': use --device auto, cpu or gpu");
        }
        try {
            GpuJoinExecutor.Strategy.parse(o.gpuStrategy());
        } catch (IllegalArgumentException e) {
            throw new LeapfrogException("error: " + e.getMessage());
        }
    }

    /** The policy the options ask for; with device "gpu" and no usable GPU, one sentence saying why. */
    static JoinDevices of(EngineOptions o) {
        validate(o);
        String d = o.device();
        if (d.equals("cpu")) {
            return new JoinDevices(d, JoinExecutor.cpu(), null, null);
        }
        GpuRuntime rt = GpuRuntime.probe();
        if (!rt.available()) {
            if (d.equals("gpu")) {
                throw new LeapfrogException("error: --device gpu: " + rt.unavailableReason()
                        + "; use --device auto or --device cpu");
            }
            return new JoinDevices(d, JoinExecutor.cpu(), null, rt.unavailableReason());
        }
        try {
            GpuJoinExecutor g = new GpuJoinExecutor(d.equals("gpu") ? GpuJoinExecutor.Mode.GPU : GpuJoinExecutor.Mode.AUTO,
                    GpuJoinExecutor.Strategy.parse(o.gpuStrategy()), o.gpuMemory(), GpuJoinExecutor.DEFAULT_MIN_TUPLES,
                    new GpuJoinReport());
            return new JoinDevices(d, g, g, null);
        } catch (GpuUnavailableException e) {
            throw new LeapfrogException("error: " + e.getMessage());
        }
    }

    JoinExecutor executor() {
        return executor;
    }

    /** Where the joins ran and why: one line per rule and decision (one line in all for the CPU-only cases). */
    List<String> lines() {
        if (gpu == null) {
            return List.of(noGpuReason == null ? "every join on the CPU (--device cpu)"
                    : "every join on the CPU (auto: no GPU: " + noGpuReason + ")");
        }
        List<String> out = new ArrayList<>(gpu.report().lines());
        if (out.isEmpty()) {
            out.add("no join ran");
        }
        return out;
    }

    /** The EXPLAIN line for a rule body: where its joins will run, as far as can be told before running. */
    String explainLine(CompiledBody body) {
        return explainLine(body.gpuIneligibility());
    }

    /** The EXPLAIN line for a join the GPU cannot take for the reason {@code inelig} (null: it may). */
    String explainLine(String inelig) {
        if (inelig != null && inelig.startsWith("it has no join")) {
            return "device: none: " + inelig;
        }
        if (device.equals("cpu")) {
            return "device: cpu-lftj (--device cpu)";
        }
        if (inelig != null) {
            return "device: cpu-lftj (not GPU-eligible: " + inelig + ")";
        }
        if (gpu == null) {
            return "device: cpu-lftj (auto: no GPU: " + noGpuReason + ")";
        }
        String strategy = gpu.strategyLabel();
        if (device.equals("gpu")) {
            return "device: " + strategy + " (--device gpu)";
        }
        return String.format(Locale.ROOT, "device: %s when a join's work measured on the data reaches %,d (or, not"
                + " measured, its inputs reach %,d tuples) and its relations fit the GPU budget, else cpu-lftj (auto"
                + " decides per join at run time; explain -F shows the decisions)",
                strategy, GpuJoinExecutor.MIN_MEASURED_WORK, GpuJoinExecutor.DEFAULT_MIN_TUPLES);
    }

    @Override
    public void close() {
        if (gpu != null) {
            gpu.close();
        }
    }
}
