package io.leapfrog.exec.mining;

import io.leapfrog.exec.gpu.GpuAbortedException;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.GpuException;

import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Where the graph searches with a GPU back end run (today the k-clique count, {@link GpuKCliques}): always the
 * CPU ({@link #CPU}), the GPU whenever the search is eligible ({@code --device gpu}), or auto: the GPU when the
 * device has already started (an earlier join or search paid its start, a few tenths of a second) or the
 * graph has at least {@link #AUTO_MIN_EDGES} edges, else the CPU. Each decision goes to the run's device report.
 */
public final class SearchDevice {
    /** Auto, the device not started: the smallest graph (undirected edges) whose count starts it. */
    public static final long AUTO_MIN_EDGES = 1_000_000;

    /** Where a search ran and why, for the run's device report. */
    @FunctionalInterface
    public interface Report {
        void record(String label, String where, String why, long nanos);
    }

    /** Every search on the CPU. */
    public static final SearchDevice CPU = new SearchDevice(null, false, () -> false, (l, w, y, n) -> { });

    private final Supplier<GpuDevice> device;
    private final boolean forced;
    private final BooleanSupplier started;
    private final Report report;

    /**
     * @param device  the GPU (its start deferred to the first use)
     * @param forced  {@code --device gpu}: every eligible search goes to the GPU
     * @param started whether the device has started
     */
    public SearchDevice(Supplier<GpuDevice> device, boolean forced, BooleanSupplier started, Report report) {
        this.device = device;
        this.forced = forced;
        this.started = started;
        this.report = report;
    }

    /** The number of cliques of {@code k} vertices of {@code g}, on the device this policy picks. */
    public long countKCliques(Graph g, int k, int threads, String label) {
        long t0 = System.nanoTime();
        if (device == null) {
            return KCliques.count(g, k, threads);
        }
        String why = k >= 3 ? GpuKCliques.ineligible(g, k) : null;
        if (k < 3 || why != null) {
            long n = KCliques.count(g, k, threads);
            report.record(label, cpuSearch(k), k < 3 ? "read off the graph" : "not GPU-eligible: " + why,
                    System.nanoTime() - t0);
            return n;
        }
        if (!forced && !started.getAsBoolean() && g.edges() < AUTO_MIN_EDGES) {
            long n = KCliques.count(g, k, threads);
            report.record(label, cpuSearch(k), String.format(Locale.ROOT, "auto: the device has not started and the graph"
                    + " has %,d edges, fewer than %,d", g.edges(), AUTO_MIN_EDGES), System.nanoTime() - t0);
            return n;
        }
        KCliqueSearch search = GpuKCliques.searchFor(k);
        String gpuSearch = search == KCliqueSearch.PIVOTING ? "gpu-pivoter" : "gpu-kclist";
        GpuDevice dev = device.get();
        String unusable = dev.unusable();
        if (unusable != null) {
            long n = KCliques.count(g, k, threads);
            report.record(label, cpuSearch(k), unusable, System.nanoTime() - t0);
            return n;
        }
        long n;
        try {
            n = GpuKCliques.count(dev, g, k, search);
        } catch (GpuAbortedException e) {
            throw e;
        } catch (GpuException e) {
            // A kernel's error, the device out of memory or lost: the graph is the host's, so the CPU counts it.
            n = KCliques.count(g, k, threads);
            report.record(label, cpuSearch(k), "warning: fell back from " + gpuSearch + " because " + e.getMessage(),
                    System.nanoTime() - t0);
            return n;
        }
        report.record(label, gpuSearch,
                forced ? "--device gpu" : "auto: " + (g.edges() >= AUTO_MIN_EDGES ? "a graph of " + g.edges() + " edges"
                        : "the device has started"), System.nanoTime() - t0);
        return n;
    }

    private static String cpuSearch(int k) {
        return KCliques.searchFor(k) == KCliqueSearch.PIVOTING ? "cpu-pivoter" : "cpu-kclist";
    }

    /** The explain line's words for a k-clique count: where and by which search it will run, as far as can be told before the data. */
    public String explainKCliques(int k) {
        String cpu = k < 3 ? "on the CPU" : "on the CPU by " + KCliques.searchFor(k).word();
        if (device == null) {
            return cpu;
        }
        if (k < 3 || k > GpuKCliques.MAX_K) {
            return cpu + " (" + (k < 3 ? "read off the graph" : "k past the GPU's " + GpuKCliques.MAX_K) + ")";
        }
        String gpu = "on the GPU by " + GpuKCliques.searchFor(k).word()
                + " when no vertex has more than " + GpuKCliques.MAX_LATER_NEIGHBOURS + " later neighbours";
        return forced ? gpu + ", else " + cpu : String.format(Locale.ROOT, "%s and the device has started or the graph"
                + " has at least %,d edges, else %s", gpu, AUTO_MIN_EDGES, cpu);
    }
}
