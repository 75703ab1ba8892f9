package io.leapfrog.engine;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.engine.eval.DeviceFixpoint;
import io.leapfrog.engine.eval.JoinShapes;
import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.GpuUnavailableException;
import io.leapfrog.exec.gpu.join.GpuEligibility;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuJoinReport;
import io.leapfrog.exec.join.JoinExecutor;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.mining.SearchDevice;
import io.leapfrog.plan.JoinNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The engine's device policy for one evaluation: the {@link JoinExecutor} its joins go through
 * (the CPU, or the GPU executor in auto or gpu mode) and the lines that say where they ran and why.
 */
final class JoinDevices implements AutoCloseable {
    private final EngineOptions.Device device;
    private final JoinExecutor executor;
    private final GpuJoinExecutor gpu;
    private final String noGpuReason;

    private JoinDevices(EngineOptions.Device device, JoinExecutor executor, GpuJoinExecutor gpu, String noGpuReason) {
        this.device = device;
        this.executor = executor;
        this.gpu = gpu;
        this.noGpuReason = noGpuReason;
    }

    /** The policy the options ask for; with device gpu and no usable GPU, one sentence saying why. */
    static JoinDevices of(EngineOptions o) {
        EngineOptions.Device d = o.device();
        if (d == EngineOptions.Device.CPU) {
            return new JoinDevices(d, JoinExecutor.cpu(), null, null);
        }
        GpuRuntime rt = o.gpu().runtime();
        if (!rt.available()) {
            if (d == EngineOptions.Device.GPU) {
                throw new LeapfrogException("error: --device gpu: " + rt.unavailableReason()
                        + "; use --device auto or --device cpu");
            }
            return new JoinDevices(d, JoinExecutor.cpu(), null, rt.unavailableReason());
        }
        try {
            GpuJoinExecutor g = new GpuJoinExecutor(d == EngineOptions.Device.GPU ? GpuJoinExecutor.Mode.GPU
                    : GpuJoinExecutor.Mode.AUTO, o.gpu(), GpuJoinExecutor.DEFAULT_MIN_TUPLES, new GpuJoinReport());
            return new JoinDevices(d, g, g, null);
        } catch (GpuUnavailableException e) {
            throw new LeapfrogException("error: " + e.getMessage());
        }
    }

    JoinExecutor executor() {
        return executor;
    }

    /** How recursive strata may use the GPU, for explain: "cpu", "gpu", "auto", or "auto: no GPU: why". */
    String fixpointMode() {
        if (device == EngineOptions.Device.CPU) {
            return "cpu";
        }
        if (gpu == null) {
            return "auto: no GPU: " + noGpuReason;
        }
        return device == EngineOptions.Device.GPU ? "gpu" : "auto";
    }

    /** Where recursive strata may finish besides the CPU: the GPU fixpoint, or null without a GPU. */
    DeviceFixpoint fixpoints() {
        if (gpu == null) {
            return null;
        }
        return new DeviceFixpoint(() -> {
            gpu.evictResidentTries();
            return new io.leapfrog.exec.gpu.fixpoint.GpuFixpoint(gpu.device(), gpu.diagnostics(), gpu.memoryLimit());
        }, device == EngineOptions.Device.GPU, () -> gpu.device().started(), gpu.report());
    }

    /** Where the graph searches with a GPU back end run: the CPU, or the GPU by this policy. */
    SearchDevice searches() {
        if (gpu == null) {
            return SearchDevice.CPU;
        }
        return new SearchDevice(gpu::device, device == EngineOptions.Device.GPU,
                () -> gpu.device().started(), gpu.report()::record);
    }

    /**
     * Where the joins ran and why: one line per rule and decision (one line in all for the CPU-only cases),
     * then the GPU runtime's warnings and, when the options ask for it, the GPU profile.
     */
    List<String> lines() {
        if (gpu == null) {
            return List.of(noGpuReason == null ? "every join on the CPU (--device cpu)"
                    : "every join on the CPU (auto: no GPU: " + noGpuReason + ")");
        }
        List<String> out = new ArrayList<>(gpu.report().lines());
        if (out.isEmpty()) {
            out.add("no join ran");
        }
        out.addAll(gpu.profileLines());
        return out;
    }

    /** The EXPLAIN line for a planned join: where it will run, as far as can be told before running. */
    String explainLine(JoinNode join, Map<String, Integer> arities) {
        if (join.scans().isEmpty()) {
            return explainLine("it has no join" + (join.aggregates().isEmpty() ? ""
                    : " (its aggregates' bodies, below, are joins of their own)"));
        }
        return explainLine(JoinShapes.of(join, arities));
    }

    /** The EXPLAIN line for a join of this shape (its query, maybe over empty relations): the GPU executor's own rule. */
    String explainLine(JoinQuery shape) {
        return explainLine(GpuEligibility.reason(shape));
    }

    /** The EXPLAIN line for a join the GPU cannot take for the reason {@code inelig} (null: it may). */
    private String explainLine(String inelig) {
        if (inelig != null && inelig.startsWith("it has no join")) {
            return "device: none: " + inelig;
        }
        if (device == EngineOptions.Device.CPU) {
            return "device: cpu-lftj (--device cpu)";
        }
        if (inelig != null) {
            return "device: cpu-lftj (not GPU-eligible: " + inelig + ")";
        }
        if (gpu == null) {
            return "device: cpu-lftj (auto: no GPU: " + noGpuReason + ")";
        }
        String strategy = gpu.strategyLabel();
        if (device == EngineOptions.Device.GPU) {
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
