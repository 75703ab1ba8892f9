package io.leapfrog.engine.eval;

import io.leapfrog.exec.gpu.ByteSizes;
import io.leapfrog.exec.gpu.fixpoint.GpuFixpoint;
import io.leapfrog.exec.gpu.join.GpuJoinReport;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * Where recursive strata may finish besides the CPU: the GPU fixpoint ({@link GpuFixpoint}). With
 * {@code --device gpu} a stratum the GPU can run moves there after its first round (which also runs the
 * rules that read no relation of the stratum); with {@code --device auto}, once it has run
 * {@link #AUTO_AFTER_NANOS} on the CPU and its last round still found {@link #AUTO_MIN_DELTA} new tuples,
 * so a small fixpoint never starts the device's context or loads its kernels.
 * Each decision is a line of the run's device report.
 */
public final class DeviceFixpoint {
    /** Auto: how long a recursive stratum runs on the CPU before it may move to the GPU. */
    public static final long AUTO_AFTER_NANOS = 300_000_000L;
    /**
     * Auto: the smallest last delta with which it moves. Smaller rounds are cheap on the CPU, and the
     * device's start (its context and kernels, a few tenths of a second the first time) would not pay.
     */
    public static final long AUTO_MIN_DELTA = 100_000;

    private final Supplier<GpuFixpoint> fixpoint;
    private final boolean forced;
    private final GpuJoinReport report;
    private GpuFixpoint made;

    /** @param forced {@code --device gpu}: every stratum the GPU can run goes there after its first round */
    public DeviceFixpoint(Supplier<GpuFixpoint> fixpoint, boolean forced, GpuJoinReport report) {
        this.fixpoint = fixpoint;
        this.forced = forced;
        this.report = report;
    }

    /**
     * Whether a stratum that has run this long on the CPU and is still growing, its last round finding
     * {@code lastDelta} new tuples, moves to the GPU now.
     */
    boolean takesOver(long elapsedNanos, long lastDelta) {
        return forced || elapsedNanos >= AUTO_AFTER_NANOS && lastDelta >= AUTO_MIN_DELTA;
    }

    GpuFixpoint fixpoint() {
        if (made == null) {
            made = fixpoint.get();
        }
        return made;
    }

    /** Why the stratum moved: the mode's rule, as the report says it. */
    String why(long elapsedNanos) {
        return forced ? "--device gpu" : String.format(Locale.ROOT, "auto: still growing after %.2f s on the CPU",
                elapsedNanos / 1e9);
    }

    void ran(String label, String why, int cpuRounds, GpuFixpoint.Outcome o) {
        report.record(label, "gpu-fixpoint", String.format(Locale.ROOT,
                "%s; %d round(s) on the CPU, then %d on the GPU in %.3f s%s, %,d candidate tuples; device peak %s",
                why, cpuRounds, o.rounds(), o.nanos() / 1e9,
                o.parts() > 1 ? String.format(Locale.ROOT, " in %d parts (the relations outgrew the device)", o.parts()) : "",
                o.candidates(), ByteSizes.format(o.peakBytes())), o.nanos());
    }

    void stayed(String label, String why) {
        report.record(label, "cpu-semi-naive", why, 0);
    }
}
