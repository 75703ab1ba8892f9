package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.ByteSizes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where each join of a run ran and why: the device decision, the fallbacks, and for GPU joins what
 * they did (windows, memory peak). Joins of the same rule with the same decision are folded into one
 * line with a count (a recursive rule runs once per round). It also keeps the GPU runtime's warnings
 * (a kernel that could not be compiled, resident counts given up on a device), each once, which its
 * lines end with. Thread-safe.
 */
public final class GpuJoinReport {

    /**
     * One join. {@code where} is a strategy name, e.g. "gpu-levelwise" or "cpu-lftj"; {@code estimate}
     * describes the memory estimate of a GPU join (null otherwise), when the report is read: a small
     * join's count is too short to spend a microsecond formatting it.
     */
    public record Entry(String label, String where, String why, java.util.function.Supplier<String> estimate,
                        GpuJoinStats stats, long nanos) {
    }

    private final List<Entry> entries = new ArrayList<>();
    private final Set<String> warnings = new LinkedHashSet<>();

    synchronized void add(Entry e) {
        entries.add(e);
    }

    /** Records work that is not one join (a recursive stratum's fixpoint): where it ran and why, with its details. */
    public synchronized void record(String label, String where, String why, long nanos) {
        entries.add(new Entry(label, where, why, null, null, nanos));
    }

    /** Keeps a warning of the GPU runtime (one sentence, without "warning: "); the same one twice is kept once. */
    public synchronized void warn(String warning) {
        warnings.add(warning);
    }

    /** The warnings, in the order first given. */
    public synchronized List<String> warnings() {
        return List.copyOf(warnings);
    }

    public synchronized List<Entry> entries() {
        return List.copyOf(entries);
    }

    /** The last join's entry (without copying the list, which grows by one per join), or null. */
    public synchronized Entry last() {
        return entries.isEmpty() ? null : entries.get(entries.size() - 1);
    }

    /** True when some join ran on the GPU. */
    public synchronized boolean usedGpu() {
        return entries.stream().anyMatch(e -> e.where().startsWith("gpu"));
    }

    /** One line per (rule, decision): "label: where (why) [x N] [windows, peak]"; then "warning: ..." per warning. */
    public synchronized List<String> lines() {
        Map<String, long[]> counts = new LinkedHashMap<>();
        Map<String, Entry> last = new LinkedHashMap<>();
        for (Entry e : entries) {
            String key = e.label() + "\u0000" + e.where() + "\u0000" + e.why();
            counts.computeIfAbsent(key, k -> new long[2])[0]++;
            counts.get(key)[1] += e.nanos();
            last.put(key, e);
        }
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, long[]> c : counts.entrySet()) {
            Entry e = last.get(c.getKey());
            StringBuilder sb = new StringBuilder();
            sb.append(e.label()).append(": ").append(e.where());
            if (c.getValue()[0] > 1) {
                sb.append(" x").append(c.getValue()[0]);
            }
            sb.append(" (").append(e.why()).append(')');
            if (e.estimate() != null) {
                sb.append("; ").append(e.estimate().get());
            }
            GpuJoinStats s = e.stats();
            if (s != null) {
                sb.append("; device peak ").append(ByteSizes.format(s.peakBytes()));
                if (s.maxWindows() > 1) {
                    sb.append(", split into up to ").append(s.maxWindows()).append(" windows per level");
                }
                if (s.depthFirstCounts() > 0) {
                    sb.append(s.residentCounts() > 0 ? ", counted depth first by a kernel left running between counts"
                            : ", counted depth first in one launch");
                    if (s.shapedCounts() > 0) {
                        sb.append(s.residentCounts() > 0 ? ", compiled for the query's shape" : " of a kernel compiled for the query's shape");
                    }
                }
                if (s.fusedCounts() > 0) {
                    sb.append(", counted in one cooperative launch");
                }
                if (s.fusedOverflows() > 0) {
                    sb.append(", outgrew the fused count's workspace and counted level by level");
                }
                if (s.halvings() > 0) {
                    sb.append(", ").append(s.halvings()).append(" window(s) halved after an allocation failed");
                }
            }
            out.add(sb.toString());
        }
        for (String w : warnings) {
            out.add("warning: " + w);
        }
        return out;
    }
}
