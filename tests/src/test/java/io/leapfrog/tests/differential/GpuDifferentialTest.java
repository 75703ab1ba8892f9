package io.leapfrog.tests.differential;

import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.KernelCompiler;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuJoinReport;
import io.leapfrog.exec.gpu.join.GpuOptions;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.TupleSink;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The differential suite ({@link DifferentialSuite}) re-run on each GPU join strategy: LFTJ-GPU and
 * level-wise, with the whole device budget and with a budget small enough to force window splitting, and
 * on each count operator the selector may pick (options that leave the others out).
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

    private static DifferentialSuite.JoinUnderTest gpu(GpuJoinExecutor.Strategy s, long memory, GpuJoinExecutor ex) {
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

    /** Level-wise with the whole device. */
    private static final GpuOptions LEVELWISE = GpuOptions.defaults().withStrategy(GpuJoinExecutor.Strategy.LEVELWISE);

    /** Runs the suite on strategy s with a device budget (0: the whole device); returns what the joins reported. */
    private static GpuJoinReport runWith(GpuJoinExecutor.Strategy s, long memory) throws Exception {
        return runWith(GpuOptions.defaults().withStrategy(s).withMemoryBudget(memory));
    }

    /** Runs the suite with these options; returns what the joins reported. */
    private static GpuJoinReport runWith(GpuOptions options) throws Exception {
        GpuJoinExecutor.Strategy s = options.strategy();
        long memory = options.memoryBudget();
        GpuJoinReport report = new GpuJoinReport();
        DuckDb duck = duckOrNull();
        try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, options, report)) {
            DifferentialSuite.Summary sum = DifferentialSuite.run(List.of(gpu(s, memory, ex)), duck);
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
            report.warnings().forEach(w -> System.out.println("gpu differential: warning: " + w));
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
        return new long[] {made, outgrown, warp, shaped, resident};
    }

    /** The fused count alone of the count-only operators (the depth-first count, tried first, left out). */
    private static GpuOptions fusedOnly() {
        return LEVELWISE.withCountOperators(EnumSet.of(GpuOptions.CountOperator.FUSED));
    }

    /**
     * The suite's counts run as depth-first counts (one launch each), its other joins level by level; a
     * count whose first two variables share no atom would run fused. Resident counts are off by default.
     */
    @Test
    void levelwiseMatchesNestedLoopsAndDuckDb() throws Exception {
        long[] f = fused(runWith(GpuJoinExecutor.Strategy.LEVELWISE, 0));
        assertTrue(f[2] > 0, "the counts should have run as depth-first counts");
        assertTrue(f[4] == 0, "no count should have gone to a resident kernel: they are off unless asked for");
    }

    /**
     * With resident counts on, the suite's depth-first counts go as jobs to a kernel left running between
     * counts (each query's count is a new launch's first job, or a running kernel's next).
     */
    @Test
    void residentCountsMatch() throws Exception {
        long[] f = fused(runWith(LEVELWISE.withResidentCounts(true)));
        assertTrue(f[2] > 0 && f[4] == f[2], "every depth-first count should have gone to a resident kernel: " + f[4]
                + " of " + f[2]);
    }

    /** Depth-first counts with no trie staged in shared memory, and with only what fits 2 KiB. */
    @Test
    void depthFirstCountsWithTriesInGlobalMemoryOrPartlyStagedMatch() throws Exception {
        assertTrue(fused(runWith(LEVELWISE.withStagedTrieBytes(0)))[2] > 0);
        assertTrue(fused(runWith(LEVELWISE.withStagedTrieBytes(2048)))[2] > 0);
    }

    /**
     * Every depth-first count by the kernel compiled for its plan's shape (ShapedKernels; each compile
     * awaited, as the engine otherwise counts with the table-driven kernel until it is ready). A first
     * pass starts the compiles of every shape the suite makes, side by side.
     */
    @Test
    void depthFirstCountsCompiledForTheirShapeMatch() throws Exception {
        KernelCompiler compiler = KernelCompiler.defaults();
        org.junit.jupiter.api.Assumptions.assumeTrue(compiler.nvcc() != null, "no nvcc on this machine");
        runWith(GpuJoinExecutor.Strategy.LEVELWISE, 0);
        assertTrue(compiler.awaitCompiles(600), "the shapes' kernels compiled within 600 s");
        long[] f = fused(runWith(LEVELWISE.withAwaitShapedKernels(true)));
        assertTrue(f[2] > 0 && f[3] == f[2], "every depth-first count should have run a kernel compiled for its shape: "
                + f[3] + " of " + f[2] + (compiler.lastFailure() != null ? "; nvcc: " + compiler.lastFailure() : ""));
    }

    /**
     * Without the depth-first count the suite's counts run fused (one cooperative launch each). A count
     * whose level outgrows the workspace sized for its input (16 MiB for these graphs; a random query may
     * multiply them out) is counted level by level: few may.
     */
    @Test
    void fusedCountsMatch() throws Exception {
        long[] f = fused(runWith(fusedOnly()));
        assertTrue(f[0] > 0 && f[1] * 20 <= f[0] && f[2] == 0, "the counts should have run fused, few outgrowing the workspace");
    }

    /** Fused counts with no trie staged in shared memory, and with only what fits 2 KiB. */
    @Test
    void fusedCountsWithTriesInGlobalMemoryOrPartlyStagedMatch() throws Exception {
        assertTrue(fused(runWith(fusedOnly().withStagedTrieBytes(0)))[0] > 0);
        assertTrue(fused(runWith(fusedOnly().withStagedTrieBytes(2048)))[0] > 0);
    }

    /** Without the count-only operators, every count runs level by level. */
    @Test
    void levelwiseCountsLevelByLevelMatch() throws Exception {
        long[] f = fused(runWith(LEVELWISE.withCountOperators(Set.of())));
        assertTrue(f[0] == 0 && f[1] == 0 && f[2] == 0, "no count should have run fused or depth first");
    }

    /** A fused count whose level outgrows a 32 KiB workspace is counted level by level instead, exactly. */
    @Test
    void fusedCountsThatOutgrowTheirWorkspaceFallBack() throws Exception {
        long[] f = fused(runWith(fusedOnly().withFusedWorkspaceBytes(32 << 10)));
        assertTrue(f[0] > 0 && f[1] > 0, "some counts should have fit 32 KiB and some outgrown it");
    }

    /** 96 KiB: the test relations fit, the level tables of the larger joins do not, so windows split. */
    @Test
    void levelwiseWithATinyBudgetSplitsIntoWindows() throws Exception {
        runWith(GpuJoinExecutor.Strategy.LEVELWISE, 96 << 10);
    }

    /** Level-wise with core bitmaps forced onto the suite's small relations (partly covering: 512 bytes each). */
    @Test
    void levelwiseWithCoreBitmapsMatches() throws Exception {
        runWith(LEVELWISE.withCoreBitmaps(GpuOptions.CoreBitmapPolicy.everyLevel(512)));
    }

    @Test
    void lftjGpuWithATinyBudgetSplitsIntoWindows() throws Exception {
        runWith(GpuJoinExecutor.Strategy.LFTJ, 48 << 10);
    }
}
