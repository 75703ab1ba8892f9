package io.leapfrog.exec.gpu;

import java.util.Map;
import java.util.TreeMap;

/**
 * Where the device's time goes, per kernel and per transfer kind, for tuning: enabled by
 * {@code -Dleapfrog.gpu.profile=true}. Each profiled launch is bracketed by synchronisations (so the
 * time is the kernel's own, and the run is slower than an unprofiled one); the table is printed to
 * stderr when the process exits.
 */
final class KernelProfile {
    static final boolean ENABLED = Boolean.getBoolean("leapfrog.gpu.profile");

    private static final Map<String, long[]> TOTALS = new TreeMap<>();

    static {
        if (ENABLED) {
            Runtime.getRuntime().addShutdownHook(new Thread(KernelProfile::print, "leapfrog-gpu-profile"));
        }
    }

    private KernelProfile() {
    }

    /** Adds one call of {@code what} that took {@code nanos}. */
    static synchronized void record(String what, long nanos) {
        long[] t = TOTALS.computeIfAbsent(what, k -> new long[2]);
        t[0]++;
        t[1] += nanos;
    }

    private static synchronized void print() {
        long all = TOTALS.values().stream().mapToLong(t -> t[1]).sum();
        StringBuilder sb = new StringBuilder("gpu profile (kernels timed between synchronisations):\n");
        sb.append(String.format("  %-28s %9s %12s %7s%n", "kernel or transfer", "calls", "total ms", "share"));
        TOTALS.entrySet().stream()
                .sorted((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1]))
                .forEach(e -> sb.append(String.format("  %-28s %9d %12.3f %6.1f%%%n", e.getKey(), e.getValue()[0],
                        e.getValue()[1] / 1e6, all == 0 ? 0.0 : 100.0 * e.getValue()[1] / all)));
        System.err.print(sb);
    }
}
