package io.leapfrog.exec.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where the device's time goes, per kernel and per transfer kind, for tuning: the work a caller runs on
 * the device with this profile ({@link GpuDevice.Diagnostics}) is recorded here. Each profiled launch is
 * bracketed by synchronisations (so the time is the kernel's own, and the run is slower than an
 * unprofiled one). {@link #lines} is the table; the GPU executor reports it with its joins.
 */
public final class KernelProfile {
    private final Map<String, long[]> totals = new TreeMap<>();

    /** Adds one call of {@code what} that took {@code nanos}. */
    synchronized void record(String what, long nanos) {
        long[] t = totals.computeIfAbsent(what, k -> new long[2]);
        t[0]++;
        t[1] += nanos;
    }

    /** The table: a title, a header, then one line per kernel or transfer kind, the longest first. */
    public synchronized List<String> lines() {
        long all = totals.values().stream().mapToLong(t -> t[1]).sum();
        List<String> out = new ArrayList<>();
        out.add("gpu profile (kernels timed between synchronisations):");
        out.add(String.format("  %-28s %9s %12s %7s", "kernel or transfer", "calls", "total ms", "share"));
        totals.entrySet().stream()
                .sorted((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1]))
                .forEach(e -> out.add(String.format("  %-28s %9d %12.3f %6.1f%%", e.getKey(), e.getValue()[0],
                        e.getValue()[1] / 1e6, all == 0 ? 0.0 : 100.0 * e.getValue()[1] / all)));
        return out;
    }
}
