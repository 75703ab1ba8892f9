package io.leapfrog.exec.gpu;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a GPU join's host time goes, phase by phase: a measuring aid for latency work, one per executor
 * ({@code GpuOptions.phaseTiming}; {@link #OFF} otherwise, whose marks do nothing). {@link #begin} starts a
 * join's clock on the calling thread; each {@link #mark} adds the time since the previous mark to its
 * phase. The sums are per thread; {@code bench.GpuJoinLatency} prints them per join.
 */
public final class PhaseClock {
    /** A clock that measures nothing. */
    public static final PhaseClock OFF = new PhaseClock(false);

    private final boolean on;
    private final ThreadLocal<Sums> sums = ThreadLocal.withInitial(Sums::new);

    private static final class Sums {
        final Map<String, long[]> phases = new LinkedHashMap<>();
        long last;
    }

    private PhaseClock(boolean on) {
        this.on = on;
    }

    /** A clock that measures. */
    public static PhaseClock measuring() {
        return new PhaseClock(true);
    }

    public boolean on() {
        return on;
    }

    /** Starts the clock of a join on this thread. */
    public void begin() {
        if (on) {
            sums.get().last = System.nanoTime();
        }
    }

    /** Adds the time since the last mark (or {@link #begin}) to {@code phase}. */
    public void mark(String phase) {
        if (on) {
            Sums c = sums.get();
            long now = System.nanoTime();
            long[] s = c.phases.computeIfAbsent(phase, k -> new long[2]);
            s[0] += now - c.last;
            s[1]++;
            c.last = now;
        }
    }

    /** This thread's phases, in the order first marked: {nanoseconds in all, marks}; and clears them. */
    public Map<String, long[]> drain() {
        if (!on) {
            return Map.of();
        }
        Sums c = sums.get();
        Map<String, long[]> out = new LinkedHashMap<>(c.phases);
        c.phases.clear();
        return out;
    }
}
