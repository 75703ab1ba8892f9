package io.leapfrog.engine.eval;

import io.leapfrog.exec.gpu.ByteSizes;
import io.leapfrog.exec.gpu.fixpoint.GpuFixpoint;
import io.leapfrog.exec.gpu.join.GpuJoinReport;

import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Where recursive strata may finish besides the CPU: the GPU fixpoint ({@link GpuFixpoint}). With
 * {@code --device gpu} a stratum the GPU can run moves there after its first round (which also runs the
 * rules that read no relation of the stratum); with {@code --device auto}, when the device has started (an
 * earlier join or stratum of the engine used it), after a round that found {@link #AUTO_MIN_DELTA_STARTED}
 * new tuples, or {@link #AUTO_MIN_DELTA_SLOW} in a round of {@link #AUTO_SLOW_ROUND_NANOS}; else after one
 * that found {@link #AUTO_MIN_DELTA}, once the stratum's time on the CPU, with
 * its next round counted as long as its last, reaches {@link #AUTO_AFTER_NANOS}. So a small fixpoint never
 * pays for the device's start (its context and kernels, a few tenths of a second), and a large one does not
 * wait on the CPU for a start already paid.
 * Each decision is a line of the run's device report.
 */
public final class DeviceFixpoint {
    /** Auto, the device not started: how long a recursive stratum runs on the CPU before it may move to the GPU. */
    public static final long AUTO_AFTER_NANOS = 300_000_000L;
    /**
     * Auto: the smallest last delta with which it moves. Smaller rounds are cheap on the CPU, and the
     * device's start (its context and kernels, a few tenths of a second the first time) would not pay.
     */
    public static final long AUTO_MIN_DELTA = 100_000;
    /**
     * Auto, the device started: the smallest last delta with which a stratum moves. The GPU fixpoint's own
     * start (its tables, the upload of what is known) costs a few milliseconds, about what the CPU spends
     * on a round of this size.
     */
    public static final long AUTO_MIN_DELTA_STARTED = 10_000;
    /**
     * Auto, the device started: a round at least this long with at least {@link #AUTO_MIN_DELTA_SLOW} new
     * tuples moves the stratum too. Such rounds are slow for their size (long chains of lookups, Andersen's
     * store rule fanning out), and the GPU fixpoint's start costs about one of them.
     */
    public static final long AUTO_SLOW_ROUND_NANOS = 2_000_000L;
    /** Auto, the device started: the smallest delta with which a slow round ({@link #AUTO_SLOW_ROUND_NANOS}) moves. */
    public static final long AUTO_MIN_DELTA_SLOW = 1_000;

    private final Supplier<GpuFixpoint> fixpoint;
    private final boolean forced;
    private final BooleanSupplier started;
    private final GpuJoinReport report;
    private GpuFixpoint made;

    /**
     * @param forced  {@code --device gpu}: every stratum the GPU can run goes there after its first round
     * @param started whether the device has started (its context made and kernels loaded)
     */
    public DeviceFixpoint(Supplier<GpuFixpoint> fixpoint, boolean forced, BooleanSupplier started, GpuJoinReport report) {
        this.fixpoint = fixpoint;
        this.forced = forced;
        this.started = started;
        this.report = report;
    }

    /**
     * Whether a stratum still growing moves to the GPU now: it has run {@code elapsedNanos} on the CPU, its
     * last round took {@code lastRoundNanos} and found {@code lastDelta} new tuples.
     */
    boolean takesOver(long elapsedNanos, long lastRoundNanos, long lastDelta) {
        if (forced) {
            return true;
        }
        if (started.getAsBoolean()) {
            return lastDelta >= AUTO_MIN_DELTA_STARTED
                    || (lastDelta >= AUTO_MIN_DELTA_SLOW && lastRoundNanos >= AUTO_SLOW_ROUND_NANOS);
        }
        return lastDelta >= AUTO_MIN_DELTA && elapsedNanos + lastRoundNanos >= AUTO_AFTER_NANOS;
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
