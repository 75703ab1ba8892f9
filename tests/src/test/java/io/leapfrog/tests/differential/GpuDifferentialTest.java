package io.leapfrog.tests.differential;

import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuJoinReport;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.TupleSink;
import io.leapfrog.tests.gpu.ScopedProperties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The differential suite ({@link DifferentialSuite}) re-run on each GPU join strategy: LFTJ-GPU and
 * level-wise, with the whole device budget and with a budget small enough to force window splitting.
 * Every result must equal the nested-loop evaluator's (and DuckDB's, when its driver loads here).
 * Queries the GPU kernels cannot run (a {@code !=} filter) go to the CPU; the test checks that most
 * ran on the GPU. Skipped without a usable GPU.
 */
@Tag("gpu")
class GpuDifferentialTest {

    @BeforeAll
    static void requireGpu() {
        GpuRuntime rt = GpuRuntime.probe();
        assumeTrue(rt.available(), "no GPU: " + rt.unavailableReason());
    }

    private static DifferentialSuite.JoinUnderTest gpu(GpuJoinExecutor.Strategy s, long memory, GpuJoinReport report,
                                                       GpuJoinExecutor ex) {
        return new DifferentialSuite.JoinUnderTest() {
            @Override
            public String name() {
                return s.label + (memory > 0 ? " (budget " + memory + " bytes)" : "");
            }

            @Override
            public <S extends TupleSink> List<S> run(JoinQuery q, Supplier<S> sinks) {
                return ex.run(q, 1, sinks, "differential");
            }

            @Override
            public long count(JoinQuery q) {
                return ex.count(q, 1, "differential");
            }
        };
    }

    private static DuckDb duckOrNull() {
        try {
            return new DuckDb();
        } catch (Throwable t) {
            System.out.println("gpu differential: DuckDB is not available here (" + t + "); nested loops are the reference");
            return null;
        }
    }

    /** Runs the suite on strategy s with a device budget (0: the whole device); returns what the joins reported. */
    private static GpuJoinReport runWith(GpuJoinExecutor.Strategy s, long memory) throws Exception {
        GpuJoinReport report = new GpuJoinReport();
        DuckDb duck = duckOrNull();
        try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, s, memory, 0, report)) {
            DifferentialSuite.Summary sum = DifferentialSuite.run(List.of(gpu(s, memory, report, ex)), duck);
            long onGpu = report.entries().stream().filter(e -> e.where().startsWith("gpu")).count();
            long total = report.entries().size();
            long split = report.entries().stream().filter(e -> e.stats() != null && e.stats().maxWindows() > 1).count();
            System.out.printf("gpu differential %s%s: %d queries compared (%d cyclic, %d with results), %d of %d joins on the GPU,"
                            + " %d split into windows; DuckDB %s%n", s.label, memory > 0 ? " budget " + memory : "",
                    sum.compared(), sum.cyclic(), sum.nonEmpty(), onGpu, total, split, duck != null ? "compared" : "absent");
            // Every join the kernels can run ran on the GPU: the CPU took only the ineligible ones (a != filter),
            // and, under a tiny budget, joins that could not fit a single window (a warning says so).
            List<String> notOnGpu = report.entries().stream().filter(e -> !e.where().startsWith("gpu"))
                    .filter(e -> !e.why().startsWith("not GPU-eligible")).map(e -> e.where() + " (" + e.why() + ")").toList();
            long eligible = onGpu + notOnGpu.size();
            if (memory == 0) {
                assertTrue(notOnGpu.isEmpty(), "eligible joins that did not run on the GPU: " + notOnGpu);
            } else {
                assertTrue(notOnGpu.stream().allMatch(x -> x.contains("warning: fell back")), "unexplained CPU joins: " + notOnGpu);
                assertTrue(notOnGpu.size() * 20 <= eligible, "too many fallbacks under the small budget: " + notOnGpu);
            }
            assertTrue(onGpu >= total / 2, "too few joins were GPU-eligible: " + onGpu + " of " + total);
            if (memory > 0) {
                assertTrue(split > 0, "the small budget split no join into windows");
            }
            return report;
        } finally {
            if (duck != null) {
                duck.close();
            }
        }
    }

    @Test
    void lftjGpuMatchesNestedLoopsAndDuckDb() throws Exception {
        runWith(GpuJoinExecutor.Strategy.LFTJ, 0);
    }

    /** Fused counts made, fused counts that outgrew their workspace and depth-first counts, over every join of the report. */
    private static long[] fused(GpuJoinReport report) {
        long made = report.entries().stream().filter(e -> e.stats() != null).mapToLong(e -> e.stats().fusedCounts()).sum();
        long outgrown = report.entries().stream().filter(e -> e.stats() != null).mapToLong(e -> e.stats().fusedOverflows()).sum();
        long warp = report.entries().stream().filter(e -> e.stats() != null).mapToLong(e -> e.stats().depthFirstCounts()).sum();
        long shaped = report.entries().stream().filter(e -> e.stats() != null).mapToLong(e -> e.stats().shapedCounts()).sum();
        long resident = report.entries().stream().filter(e -> e.stats() != null).mapToLong(e -> e.stats().residentCounts()).sum();
        Map<String, Long> declined = report.entries().stream().filter(e -> e.stats() != null && e.stats().depthFirstDeclined() != null)
                .collect(java.util.stream.Collectors.groupingBy(e -> e.stats().depthFirstDeclined(), java.util.TreeMap::new,
                        java.util.stream.Collectors.counting()));
        System.out.printf("gpu differential: %d depth-first counts (%d by kernels compiled for their shape, %d by resident kernels),"
                + " %d fused counts, %d outgrew their workspace; not depth first: %s%n", warp, shaped, resident, made, outgrown, declined);
        return new long[] {made, outgrown, warp, shaped};
    }

    /** The fused count alone: the depth-first warp count, tried first, turned off. */
    private static Map<String, String> fusedOnly(String... more) {
        Map<String, String> m = new java.util.HashMap<>(Map.of("leapfrog.gpu.warpCount", "false"));
        for (int i = 0; i < more.length; i += 2) {
            m.put(more[i], more[i + 1]);
        }
        return m;
    }

    /**
     * The suite's counts run as depth-first warp counts (one launch each, bound by blocks), its other
     * joins level by level; a count whose first two variables share no atom would run fused.
     */
    @Test
    void levelwiseMatchesNestedLoopsAndDuckDb() throws Exception {
        long[] f = fused(runWith(GpuJoinExecutor.Strategy.LEVELWISE, 0));
        assertTrue(f[2] > 0, "the counts should have run as warp counts");
    }

    /** Warp counts with no trie staged in shared memory, and with only what fits 2 KiB. */
    @Test
    void warpCountsWithTriesInGlobalMemoryOrPartlyStagedMatch() throws Exception {
        try (ScopedProperties p = ScopedProperties.set(Map.of("leapfrog.gpu.fused.shared", "false"))) {
            assertTrue(fused(runWith(GpuJoinExecutor.Strategy.LEVELWISE, 0))[2] > 0);
        }
        try (ScopedProperties p = ScopedProperties.set(Map.of("leapfrog.gpu.fused.sharedBytes", "2048"))) {
            assertTrue(fused(runWith(GpuJoinExecutor.Strategy.LEVELWISE, 0))[2] > 0);
        }
    }

    /**
     * Every depth-first count by the kernel compiled for its plan's shape (ShapedKernels; each compile
     * awaited, as the engine otherwise counts with the table-driven kernel until it is ready). A first
     * pass starts the compiles of every shape the suite makes, side by side.
     */
    @Test
    void depthFirstCountsCompiledForTheirShapeMatch() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(io.leapfrog.exec.gpu.KernelCompiler.nvcc() != null, "no nvcc on this machine");
        runWith(GpuJoinExecutor.Strategy.LEVELWISE, 0);
        assertTrue(io.leapfrog.exec.gpu.KernelCompiler.awaitCompiles(600), "the shapes' kernels compiled within 600 s");
        try (ScopedProperties p = ScopedProperties.set(Map.of("leapfrog.gpu.shaped.wait", "true"))) {
            long[] f = fused(runWith(GpuJoinExecutor.Strategy.LEVELWISE, 0));
            assertTrue(f[2] > 0 && f[3] == f[2], "every depth-first count should have run a kernel compiled for its shape: "
                    + f[3] + " of " + f[2] + (io.leapfrog.exec.gpu.KernelCompiler.lastFailure() != null
                    ? "; nvcc: " + io.leapfrog.exec.gpu.KernelCompiler.lastFailure() : ""));
        }
    }

    /** Warp counts bound by warps (lw_warp_count), not by whole blocks as by default. */
    @Test
    void warpCountsBoundByWarpsMatch() throws Exception {
        try (ScopedProperties p = ScopedProperties.set(Map.of("leapfrog.gpu.warpCount.block", "false"))) {
            assertTrue(fused(runWith(GpuJoinExecutor.Strategy.LEVELWISE, 0))[2] > 0);
        }
    }

    /** Warp counts whose level-1 values are not split, and split 32 ways (most tasks then find nothing). */
    @Test
    void warpCountsSplitOrNotMatch() throws Exception {
        for (String split : new String[] {"1", "32"}) {
            try (ScopedProperties p = ScopedProperties.set(Map.of("leapfrog.gpu.warpCount.split", split))) {
                assertTrue(fused(runWith(GpuJoinExecutor.Strategy.LEVELWISE, 0))[2] > 0, "split " + split);
            }
        }
    }

    /**
     * Without warp counts the suite's counts run fused (one cooperative launch each). A count whose level
     * outgrows the workspace sized for its input (16 MiB for these graphs; a random query may multiply
     * them out) is counted level by level: few may.
     */
    @Test
    void fusedCountsMatch() throws Exception {
        try (ScopedProperties p = ScopedProperties.set(fusedOnly())) {
            long[] f = fused(runWith(GpuJoinExecutor.Strategy.LEVELWISE, 0));
            assertTrue(f[0] > 0 && f[1] * 20 <= f[0] && f[2] == 0, "the counts should have run fused, few outgrowing the workspace");
        }
    }

    /** Fused counts with no trie staged in shared memory, and with only what fits 2 KiB. */
    @Test
    void fusedCountsWithTriesInGlobalMemoryOrPartlyStagedMatch() throws Exception {
        try (ScopedProperties p = ScopedProperties.set(fusedOnly("leapfrog.gpu.fused.shared", "false"))) {
            assertTrue(fused(runWith(GpuJoinExecutor.Strategy.LEVELWISE, 0))[0] > 0);
        }
        try (ScopedProperties p = ScopedProperties.set(fusedOnly("leapfrog.gpu.fused.sharedBytes", "2048"))) {
            assertTrue(fused(runWith(GpuJoinExecutor.Strategy.LEVELWISE, 0))[0] > 0);
        }
    }

    /** Fused counts whose result is read back through the driver instead of awaited in mapped host memory. */
    @Test
    void fusedCountsReadBackThroughTheDriverMatch() throws Exception {
        try (ScopedProperties p = ScopedProperties.set(fusedOnly("leapfrog.gpu.fused.readBack", "true"))) {
            long[] f = fused(runWith(GpuJoinExecutor.Strategy.LEVELWISE, 0));
            assertTrue(f[0] > 0 && f[1] * 20 <= f[0], "the counts should have run fused, few outgrowing the workspace");
        }
    }

    /** Without warp and fused counts, every count runs level by level. */
    @Test
    void levelwiseCountsLevelByLevelMatch() throws Exception {
        try (ScopedProperties p = ScopedProperties.set(fusedOnly("leapfrog.gpu.fused", "false"))) {
            long[] f = fused(runWith(GpuJoinExecutor.Strategy.LEVELWISE, 0));
            assertTrue(f[0] == 0 && f[1] == 0 && f[2] == 0, "no count should have run fused or as a warp count");
        }
    }

    /** A fused count whose level outgrows a 32 KiB workspace is counted level by level instead, exactly. */
    @Test
    void fusedCountsThatOutgrowTheirWorkspaceFallBack() throws Exception {
        try (ScopedProperties p = ScopedProperties.set(fusedOnly("leapfrog.gpu.fused.bytes", Integer.toString(32 << 10)))) {
            long[] f = fused(runWith(GpuJoinExecutor.Strategy.LEVELWISE, 0));
            assertTrue(f[0] > 0 && f[1] > 0, "some counts should have fit 32 KiB and some outgrown it");
        }
    }

    /** 96 KiB: the test relations fit, the level tables of the larger joins do not, so windows split. */
    @Test
    void levelwiseWithATinyBudgetSplitsIntoWindows() throws Exception {
        runWith(GpuJoinExecutor.Strategy.LEVELWISE, 96 << 10);
    }

    /** Level-wise with core bitmaps forced onto the suite's small relations (partly covering: 512 bytes each). */
    @Test
    void levelwiseWithCoreBitmapsMatches() throws Exception {
        try (ScopedProperties p = ScopedProperties.coreBitmaps(512)) {
            runWith(GpuJoinExecutor.Strategy.LEVELWISE, 0);
        }
    }

    @Test
    void lftjGpuWithATinyBudgetSplitsIntoWindows() throws Exception {
        runWith(GpuJoinExecutor.Strategy.LFTJ, 48 << 10);
    }
}
