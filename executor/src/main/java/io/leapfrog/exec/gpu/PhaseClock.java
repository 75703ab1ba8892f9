package io.leapfrog.exec.gpu;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a GPU join's host time goes, phase by phase: a measuring aid for latency work, off unless
 * {@code -Dleapfrog.gpu.phases=true}. {@link #begin} starts a join's clock on the calling thread; each
 * {@link #mark} adds the time since the previous mark to its phase. Off, a mark is one branch on a
 * constant. The sums are per thread; {@code bench.GpuJoinLatency} prints them per join.
 */
public final class PhaseClock {
    private static final boolean ON = Boolean.getBoolean("leapfrog.gpu.phases");
    private static final ThreadLocal<PhaseClock> CLOCK = ThreadLocal.withInitial(PhaseClock::new);

    private final Map<String, long[]> sums = new LinkedHashMap<>();
    private long last;

    private PhaseClock() {
    }

    public static boolean on() {
        return ON;
    }

    /** Starts the clock of a join on this thread. */
    public static void begin() {
        if (ON) {
            CLOCK.get().last = System.nanoTime();
        }
    }

    /** Adds the time since the last mark (or {@link #begin}) to {@code phase}. */
    public static void mark(String phase) {
        if (ON) {
            PhaseClock c = CLOCK.get();
            long now = System.nanoTime();
            long[] s = c.sums.computeIfAbsent(phase, k -> new long[2]);
            s[0] += now - c.last;
            s[1]++;
            c.last = now;
        }
    }

    /** This thread's phases, in the order first marked: {nanoseconds in all, marks}; and clears them. */
    public static Map<String, long[]> drain() {
        PhaseClock c = CLOCK.get();
        Map<String, long[]> out = new LinkedHashMap<>(c.sums);
        c.sums.clear();
        return out;
    }
}
