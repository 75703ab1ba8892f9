package io.leapfrog.tests.gpu;

import io.leapfrog.engine.Engine;
import io.leapfrog.engine.EngineOptions;
import io.leapfrog.engine.LoadedProgram;
import io.leapfrog.engine.RunResult;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.GpuException;
import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.KernelCompiler;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuJoinReport;
import io.leapfrog.exec.gpu.join.GpuOptions;
import io.leapfrog.planner.PlannerOptions;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.LeapfrogJoin;
import io.leapfrog.exec.join.TupleSink;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.Trie;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The GPU runtime and the engine on the GPU: device memory returns to zero after many joins, a tiny
 * budget splits joins into windows with unchanged results, CUDA errors name the kernel, and
 * {@code --device gpu} / {@code auto} give the CPU's outputs and say where joins ran. Skipped without a GPU.
 */
@Tag("gpu")
class GpuRuntimeTest {

    @BeforeAll
    static void requireGpu() {
        GpuRuntime rt = GpuRuntime.probe();
        assumeTrue(rt.available(), "no GPU: " + rt.unavailableReason());
    }

    /** Where the build packed the native launch library, launches go straight into the driver. */
    @Test
    void launchesGoStraightToTheDriver() {
        System.out.println("gpu launches: " + GpuDevice.launchPath());
        assumeTrue(GpuDevice.class.getResource("/io/leapfrog/kernels/libleapfrog_launch.so") != null,
                "this build has no native launch library");
        assertEquals("native", GpuDevice.launchPath());
    }

    /** A symmetric R-MAT-like graph: a few heavy vertices, many light ones. */
    static Relation skewedGraph(long seed, int scale, int edges) {
        Random r = new Random(seed);
        int[][] rows = new int[2 * edges][];
        int n = 0;
        for (int i = 0; i < edges; i++) {
            int u = 0;
            int v = 0;
            for (int b = 0; b < scale; b++) {
                double p = r.nextDouble();
                int bu = p < 0.57 + 0.19 ? 0 : 1;
                int bv = p < 0.57 ? 0 : p < 0.76 ? 1 : p < 0.95 ? 0 : 1;
                u = u << 1 | bu;
                v = v << 1 | bv;
            }
            if (u != v) {
                rows[n++] = new int[]{u, v};
                rows[n++] = new int[]{v, u};
            }
        }
        return Relation.of(2, java.util.Arrays.copyOf(rows, n));
    }

    private static final class Rows implements TupleSink {
        final List<List<Integer>> rows = new ArrayList<>();
        final int width;

        Rows(int width) {
            this.width = width;
        }

        @Override
        public void accept(int[] b) {
            List<Integer> t = new ArrayList<>();
            for (int i = 0; i < width; i++) {
                t.add(b[i]);
            }
            rows.add(t);
        }
    }

    /** The options of a GPU executor forced to strategy {@code s}. */
    private static GpuOptions forced(GpuJoinExecutor.Strategy s) {
        return GpuOptions.defaults().withStrategy(s);
    }

    private static final GpuOptions LEVELWISE = forced(GpuJoinExecutor.Strategy.LEVELWISE);

    private static JoinQuery fourCliques(Trie e, int outputVars) {
        return JoinQuery.builder(4)
                .atom(e, 0, 1).atom(e, 0, 2).atom(e, 0, 3).atom(e, 1, 2).atom(e, 1, 3).atom(e, 2, 3)
                .lowerBound(1, 0, true).lowerBound(2, 1, true).lowerBound(3, 2, true)
                .outputVars(outputVars).build();
    }

    private static Set<List<Integer>> collect(List<Rows> sinks) {
        Set<List<Integer>> out = new HashSet<>();
        int n = 0;
        for (Rows s : sinks) {
            out.addAll(s.rows);
            n += s.rows.size();
        }
        assertEquals(out.size(), n, "duplicate rows");
        return out;
    }

    @Test
    void memoryReturnsToZeroAfterManyJoins() {
        GpuDevice dev = GpuRuntime.probe().device();
        long before = dev.run(() -> dev.pool().inUse());
        Trie e = skewedGraph(7, 12, 20_000).trie(new int[]{0, 1});
        for (GpuJoinExecutor.Strategy s : new GpuJoinExecutor.Strategy[]{GpuJoinExecutor.Strategy.LFTJ,
                GpuJoinExecutor.Strategy.LEVELWISE}) {
            for (int round = 0; round < 30; round++) {
                try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU,
                        forced(s).withMemoryBudget(round % 3 == 0 ? 256 << 10 : 0), new GpuJoinReport())) {
                    int k = 1 + round % 4;
                    ex.count(fourCliques(e, k), 1, "count");
                    ex.run(fourCliques(e, k), 1, () -> new Rows(k), "run");
                    assertTrue(ex.residentBytes() > 0, "the trie stays resident between joins");
                }
                assertEquals(before, dev.run(() -> dev.pool().inUse()), "device memory after round " + round + " of " + s.label);
            }
        }
    }

    /**
     * One query object counted again reuses its prepared plan (PreparedPlan: its encoding and its
     * depth-first launch); after the executor freed its tries (close) the same object is planned, uploaded
     * and encoded again, and every count is exact.
     */
    @Test
    void aQueryCountedAgainReusesItsPlanAndStaysExactAfterItsTriesWereFreed() {
        Trie k60 = complete(60);
        JoinQuery q = cliques(k60, 4);
        long expected = 60L * 59 * 58 * 57 / 24;
        GpuJoinReport report = new GpuJoinReport();
        try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, LEVELWISE, report)) {
            for (int round = 0; round < 3; round++) {
                assertEquals(expected, ex.count(q, 1, "first"));
                assertEquals(expected, ex.count(q, 1, "again"));
                assertEquals(0, report.last().stats().uploadedBytes(), "counted again with its trie resident");
                assertEquals(0, report.last().stats().residentCounts(), "resident counts are off unless asked for");
                ex.close();   // frees the tries: the next count uploads and encodes anew
                assertEquals(expected, ex.count(q, 1, "after close"));
                assertTrue(report.last().stats().uploadedBytes() > 0, "the trie uploaded again after close");
                assertTrue(report.last().stats().depthFirstCounts() > 0, "counted depth first: " + report.lines());
                ex.close();
            }
        }
    }

    /**
     * With resident counts asked for, counts taken by a resident kernel (ResidentKernel) stay exact when it
     * idles out between counts (its idle time cut to 100 us, so most counts below find it ended, some just
     * as it ends), when another query's count retires it, and when other work (a join that writes its rows)
     * retires it.
     */
    @Test
    void aResidentKernelCountsExactlyAfterIdlingOutAndAfterOtherWork() throws InterruptedException {
        Trie k60 = complete(60);
        JoinQuery four = cliques(k60, 4);
        JoinQuery three = cliques(k60, 3);
        long fours = 60L * 59 * 58 * 57 / 24;
        long threes = 60L * 59 * 58 / 6;
        GpuJoinReport report = new GpuJoinReport();
        GpuOptions resident100us = LEVELWISE.withResidentCounts(true).withResidentIdle(Duration.ofNanos(100_000));
        long resident = 0;
        try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, resident100us, report)) {
            for (int i = 0; i < 300; i++) {
                assertEquals(fours, ex.count(four, 1, "4-cliques " + i));
                resident += report.last().stats().residentCounts();
                if (i % 3 == 0) {
                    assertEquals(threes, ex.count(three, 1, "triangles " + i));
                }
                if (i % 10 == 0) {
                    assertEquals(threes, collect(ex.run(cliques(k60, 3), 1, () -> new Rows(3), "triangle rows")).size());
                }
                if (i % 7 == 0) {
                    Thread.sleep(1);
                }
            }
        }
        assertEquals(300, resident, "every 4-clique count taken by a resident kernel: " + report.lines().get(0));
        assertTrue(report.warnings().isEmpty(), "no warning: " + report.warnings());
    }

    /**
     * With profiling asked for, the executor's profile names the kernels its joins launched and the
     * transfers; without, it is empty.
     */
    @Test
    void aProfiledExecutorTablesItsKernels() {
        Trie k60 = complete(60);
        try (GpuJoinExecutor plain = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, LEVELWISE, new GpuJoinReport());
             GpuJoinExecutor profiled = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, LEVELWISE.withProfile(true),
                     new GpuJoinReport())) {
            assertEquals(60L * 59 * 58 / 6, plain.count(cliques(k60, 3), 1, "triangles"));
            assertEquals(60L * 59 * 58 / 6, profiled.count(cliques(k60, 3), 1, "triangles"));
            assertEquals(60L * 59 * 58 / 6, collect(profiled.run(cliques(k60, 3), 1, () -> new Rows(3), "rows")).size());
            assertTrue(plain.profileLines().isEmpty());
            String table = String.join("\n", profiled.profileLines());
            System.out.println(table);
            assertTrue(table.startsWith("gpu profile"), table);
            assertTrue(table.contains("lw_block_count") && table.contains("lw_scatter") && table.contains("upload"), table);
        }
    }

    /**
     * A kernel for a count's shape that cannot be compiled (an nvcc that does not exist) leaves the count to
     * the table-driven kernel, exact, and the report says why once. The shape (5-cliques) is one no other test
     * of the suite compiles: a kernel once loaded serves its shape on the device for the rest of the process.
     */
    @Test
    void aShapedKernelThatCannotBeCompiledIsAWarningInTheReport(@TempDir Path dir) {
        Trie k25 = complete(25);
        GpuJoinReport report = new GpuJoinReport();
        GpuOptions broken = LEVELWISE.withNvcc(dir.resolve("no-such-nvcc")).withKernelCache(dir.resolve("cache"))
                .withAwaitShapedKernels(true);
        try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, broken, report)) {
            for (int i = 0; i < 3; i++) {
                assertEquals(25L * 24 * 23 * 22 * 21 / 120, ex.count(cliques(k25, 5), 1, "5-cliques"));
                assertTrue(report.last().stats().depthFirstCounts() > 0 && report.last().stats().shapedCounts() == 0,
                        report.lines().toString());
            }
        }
        assertEquals(1, report.warnings().size(), report.warnings().toString());
        assertTrue(report.warnings().get(0).contains("could not be compiled") && report.warnings().get(0).contains("no-such-nvcc"),
                report.warnings().get(0));
        assertTrue(report.lines().get(report.lines().size() - 1).startsWith("warning: a GPU kernel for this query's shape"),
                report.lines().toString());
    }

    @Test
    void aTinyBudgetSplitsWindowsAndKeepsResults() {
        Trie e = skewedGraph(11, 12, 30_000).trie(new int[]{0, 1});
        Set<List<Integer>> expected = collect(LeapfrogJoin.run(fourCliques(e, 4), 2, () -> new Rows(4)));
        assertTrue(expected.size() > 1000, "the graph has enough 4-cliques: " + expected.size());
        long trieBytes = 4L * (e.values[0].length + e.values[1].length + e.offsets[0].length);
        for (GpuJoinExecutor.Strategy s : new GpuJoinExecutor.Strategy[]{GpuJoinExecutor.Strategy.LFTJ,
                GpuJoinExecutor.Strategy.LEVELWISE}) {
            GpuJoinReport report = new GpuJoinReport();
            try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU,
                    forced(s).withMemoryBudget(trieBytes + (192 << 10)), report)) {
                assertEquals(expected, collect(ex.run(fourCliques(e, 4), 1, () -> new Rows(4), "4-cliques")), s.label);
                assertEquals(expected.size(), ex.count(fourCliques(e, 4), 1, "4-cliques"), s.label + " count");
            }
            GpuJoinReport.Entry run = report.entries().get(0);
            assertEquals(s.label, run.where(), "ran on the GPU: " + report.lines());
            assertTrue(run.stats().maxWindows() > 1, s.label + " split into windows: " + report.lines());
            assertTrue(run.stats().peakBytes() <= trieBytes + (192 << 10) + (64 << 10), "peak within the budget: " + report.lines());
        }
    }

    @Test
    void cudaErrorsNameTheKernel() {
        GpuDevice dev = GpuRuntime.probe().device();
        GpuException e = assertThrows(GpuException.class, () -> dev.run(() -> {
            dev.launch(io.leapfrog.exec.gpu.KernelCall.of("no_such_kernel"), 64, 32);
            return null;
        }));
        assertTrue(e.getMessage().contains("no_such_kernel"), e.getMessage());
    }

    /**
     * An LFTJ-GPU kernel that would run for minutes (4-cliques of K_1000: one thread per first vertex,
     * 385 s on an H100) stops within two seconds of an abort request, the join reports the interruption,
     * and the executor then gives exact counts again.
     */
    @Test
    void aRunningKernelStopsOnRequest() throws Exception {
        Trie k1000 = complete(1000);
        Trie k60 = complete(60);
        try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, forced(GpuJoinExecutor.Strategy.LFTJ),
                new GpuJoinReport())) {
            ex.count(JoinQuery.builder(2).atom(k1000, 0, 1).build(), 1, "upload");   // the trie on the device
            assertStopsOnRequest("join", () -> ex.count(fourCliques(k1000, 4), 1, "K_1000 4-cliques"));
            assertEquals(60L * 59 * 58 * 57 / 24, ex.count(fourCliques(k60, 4), 1, "K_60 4-cliques"),
                    "an exact count after the abort");
        }
    }

    /**
     * A small input with a huge count runs as a depth-first count (K_200's 39,800 edges; its 82
     * billion 6-cliques take seconds, whereas its 2.5 billion 5-cliques take less than the half second
     * before the request): it too stops within two seconds of an abort request, and the executor's next
     * depth-first count is exact.
     */
    @Test
    void aRunningDepthFirstCountStopsOnRequest() throws Exception {
        Trie k200 = complete(200);
        Trie k60 = complete(60);
        GpuJoinReport report = new GpuJoinReport();
        try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, LEVELWISE, report)) {
            ex.count(JoinQuery.builder(2).atom(k200, 0, 1).build(), 1, "upload");
            assertStopsOnRequest("depth-first count", () -> ex.count(cliques(k200, 6), 1, "K_200 6-cliques"));
            assertEquals(60L * 59 * 58 * 57 / 24, ex.count(cliques(k60, 4), 1, "K_60 4-cliques"), "an exact count after the abort");
            assertTrue(report.last().stats().depthFirstCounts() > 0, "K_60's 4-cliques should have run as a depth-first count");
        }
    }

    /**
     * The same by the kernel compiled for the count's shape, whose module has an abort flag of its own
     * (GpuDevice.loadShaped): the request reaches it too, and the next count is exact.
     */
    @Test
    void aRunningCountCompiledForItsShapeStopsOnRequest() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(KernelCompiler.defaults().nvcc() != null, "no nvcc on this machine");
        Trie k200 = complete(200);
        Trie k60 = complete(60);
        GpuJoinReport report = new GpuJoinReport();
        try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, LEVELWISE.withAwaitShapedKernels(true), report)) {
            ex.count(JoinQuery.builder(2).atom(k200, 0, 1).build(), 1, "upload");
            // compiles the kernel of the 6-clique count's shape (the same over K_60 and K_200) before the timed run
            assertEquals(50_063_860L, ex.count(cliques(k60, 6), 1, "K_60 6-cliques"));
            assertTrue(report.last().stats().shapedCounts() > 0, "K_60's 6-cliques should have run the kernel compiled for their shape");
            assertStopsOnRequest("count compiled for its shape", () -> ex.count(cliques(k200, 6), 1, "K_200 6-cliques"));
            assertEquals(60L * 59 * 58 * 57 / 24, ex.count(cliques(k60, 4), 1, "K_60 4-cliques"), "an exact count after the abort");
        }
    }

    /**
     * Runs {@code count} on a thread of its own, asks running kernels to stop half a second in, and
     * checks that it stopped within two seconds of the request and reported the interruption.
     */
    private static void assertStopsOnRequest(String what, java.util.concurrent.Callable<Long> count) throws InterruptedException {
        java.util.concurrent.atomic.AtomicReference<Throwable> failure = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicLong counted = new java.util.concurrent.atomic.AtomicLong(-1);
        Thread t = new Thread(() -> {
            try {
                counted.set(count.call());
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        t.start();
        Thread.sleep(500);
        long requested = System.nanoTime();
        GpuRuntime.abortRunningKernels();
        t.interrupt();
        t.join(30_000);
        double stopSeconds = (System.nanoTime() - requested) / 1e9;
        assertTrue(!t.isAlive(), "the " + what + " is still running 30 s after the abort request");
        System.out.printf("abort: the %s stopped %.3f s after the request%n", what, stopSeconds);
        assertTrue(failure.get() != null && failure.get().getMessage().contains("interrupted"),
                "the " + what + " reports the interruption (counted " + counted.get() + "): " + failure.get());
        assertTrue(stopSeconds < 2.0, "stopped " + stopSeconds + " s after the request");
    }

    /** k-cliques of e, x0 < x1 < ... < x(k-1). */
    private static JoinQuery cliques(Trie e, int k) {
        JoinQuery.Builder b = JoinQuery.builder(k);
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                b.atom(e, i, j);
            }
        }
        for (int j = 1; j < k; j++) {
            b.lowerBound(j, j - 1, true);
        }
        return b.build();
    }

    /** The complete graph on n vertices, both directions. */
    private static Trie complete(int n) {
        List<int[]> rows = new java.util.ArrayList<>();
        for (int u = 0; u < n; u++) {
            for (int v = 0; v < n; v++) {
                if (u != v) {
                    rows.add(new int[]{u, v});
                }
            }
        }
        return Relation.of(2, rows.toArray(new int[0][])).trie(new int[]{0, 1});
    }

    private static RunResult run(Path program, Path facts, Path out, String device, long memory) {
        return run(program, facts, out, device, memory, PlannerOptions.defaults());
    }

    private static RunResult run(Path program, Path facts, Path out, String device, long memory, PlannerOptions planner) {
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        try (Engine engine = new Engine(new EngineOptions(2, EngineOptions.Device.parse(device),
                GpuOptions.defaults().withMemoryBudget(memory), planner, quiet))) {
            LoadedProgram p = engine.parse(program);
            return engine.run(p, facts, out);
        }
    }

    /** The oriented edges (u < v) of skewedGraph, as a fact file. */
    private static void writeOrientedEdges(Relation g, Path file) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < g.size(); i++) {
            if (g.get(i, 0) < g.get(i, 1)) {
                sb.append(g.get(i, 0)).append('\t').append(g.get(i, 1)).append('\n');
            }
        }
        Files.writeString(file, sb);
    }

    @Test
    void autoSendsMeasuredJoinsByTheirWork(@TempDir Path dir) throws IOException {
        Path program = dir.resolve("q.dl");
        Files.writeString(program, String.join("\n",
                ".decl e(x:number, y:number)", ".input e", ".decl k(n:number)", ".output k",
                "k(n) :- n = count : { e(w, x), e(w, y), e(w, z), e(x, y), e(x, z), e(y, z) }.", ""));
        // 76,040 oriented edges: the 4-clique join reads 152,080 tuples (forward and reverse tries), under
        // the 200,000 of the tuple rule, but the planner measures about 12 million units of work: the GPU.
        // 19,654 edges: about 0.34 million: the CPU, saying why.
        int[] edges = {80_000, 20_000};
        boolean[] onGpu = {true, false};
        for (int i = 0; i < edges.length; i++) {
            Path facts = Files.createDirectories(dir.resolve("facts" + i));
            writeOrientedEdges(skewedGraph(3, 15, edges[i]), facts.resolve("e.facts"));
            run(program, facts, Files.createDirectories(dir.resolve("cpu" + i)), "cpu", 0);
            Path out = Files.createDirectories(dir.resolve("auto" + i));
            RunResult r = run(program, facts, out, "auto", 0);
            assertEquals(Files.readAllLines(dir.resolve("cpu" + i).resolve("k.csv")), Files.readAllLines(out.resolve("k.csv")));
            String lines = String.join("\n", r.deviceLines());
            assertTrue(lines.contains("measured work"), lines);
            assertEquals(onGpu[i], lines.contains("gpu-levelwise"), lines);
            assertEquals(!onGpu[i], lines.contains("small join, measured work"), lines);
        }
    }

    /**
     * Clique counts over the graph renumbered by degree (forced) on the GPU equal the CPU's over the
     * graph as numbered: the symmetric form with x < y < z, and the oriented 4-clique query.
     */
    @Test
    void renumberedCliqueCountsOnTheGpuEqualTheCpu(@TempDir Path dir) throws IOException {
        Path facts = Files.createDirectories(dir.resolve("facts"));
        Relation g = skewedGraph(5, 14, 60_000);
        StringBuilder both = new StringBuilder();
        for (int i = 0; i < g.size(); i++) {
            both.append(g.get(i, 0)).append('\t').append(g.get(i, 1)).append('\n');
        }
        Files.writeString(facts.resolve("adjacent.facts"), both);
        writeOrientedEdges(g, facts.resolve("e.facts"));
        Path program = dir.resolve("p.dl");
        Files.writeString(program, String.join("\n",
                ".decl adjacent(x:number, y:number)", ".input adjacent", ".decl e(x:number, y:number)", ".input e",
                ".decl t(n:number)", ".output t",
                "t(n) :- n = count : { adjacent(x, y), adjacent(y, z), adjacent(x, z), x < y, y < z }.",
                ".decl k(n:number)", ".output k",
                "k(n) :- n = count : { e(w, x), e(w, y), e(w, z), e(x, y), e(x, z), e(y, z) }.", ""));
        run(program, facts, Files.createDirectories(dir.resolve("cpu")), "cpu", 0,
                PlannerOptions.defaults().withDegreeOrder(PlannerOptions.DegreeOrder.NEVER));
        Path out = Files.createDirectories(dir.resolve("gpu"));
        RunResult r = run(program, facts, out, "gpu", 0,
                PlannerOptions.defaults().withDegreeOrder(PlannerOptions.DegreeOrder.ALWAYS));
        for (String rel : new String[]{"t", "k"}) {
            assertEquals(Files.readAllLines(dir.resolve("cpu").resolve(rel + ".csv")),
                    Files.readAllLines(out.resolve(rel + ".csv")), rel);
        }
        String renumbered = String.join("\n", r.degreeRenumberings());
        assertEquals(2, renumbered.split("counted with its nodes renumbered by degree", -1).length - 1, renumbered);
        String lines = String.join("\n", r.deviceLines());
        assertTrue(lines.contains("gpu-levelwise") && !lines.contains("cpu-lftj"), lines);
    }

    @Test
    void engineOnTheGpuWritesTheCpuOutputs(@TempDir Path dir) throws IOException {
        Path facts = Files.createDirectories(dir.resolve("facts"));
        Relation g = skewedGraph(3, 15, 150_000);
        writeOrientedEdges(g, facts.resolve("edge.facts"));
        Path program = dir.resolve("p.dl");
        Files.writeString(program, String.join("\n",
                ".decl edge(x:number, y:number)", ".input edge",
                ".decl adjacent(x:number, y:number)",
                "adjacent(x, y) :- edge(x, y).", "adjacent(y, x) :- edge(x, y).",
                ".decl triangle(x:number, y:number, z:number)", ".output triangle",
                "triangle(x, y, z) :- adjacent(x, y), adjacent(y, z), adjacent(x, z), x < y, y < z.",
                ".decl hub(x:number)", ".output hub",
                "hub(x) :- adjacent(x, y), adjacent(x, z), adjacent(y, z), y < z, x > 100.",
                ".decl n(c:number)", ".output n",
                "n(c) :- c = count : { adjacent(x, y), adjacent(y, z), adjacent(x, z), x < y, y < z }.",
                ".decl stats(s:number, lo:number, hi:number)", ".output stats",
                "stats(s, lo, hi) :- s = sum z : { adjacent(x, y), adjacent(y, z), adjacent(x, z), x < y, y < z },",
                "    lo = min y : { adjacent(x, y), adjacent(y, z), adjacent(x, z), x < y, y < z },",
                "    hi = max x : { adjacent(x, y), adjacent(y, z), adjacent(x, z), x < y, y < z }.",
                ".decl weighted(s:number, lo:number, hi:number)", ".output weighted",
                "weighted(s, lo, hi) :- s = sum x * y - z % 7 : { adjacent(x, y), adjacent(y, z), adjacent(x, z), x < y, y < z },",
                "    lo = min (x bxor z) - y : { adjacent(x, y), adjacent(y, z), adjacent(x, z), x < y, y < z },",
                "    hi = max max(x * 3, z) : { adjacent(x, y), adjacent(y, z), adjacent(x, z), x < y, y < z }.",
                ".decl apex(m:number, x:number, y:number)", ".output apex",
                "apex(m, x, y) :- m = min (x * y + z) % 97 : { adjacent(x, y), adjacent(y, z), adjacent(x, z), x < y, y < z }.",
                ".decl wt(x:number, w:float)",
                "wt(x, w) :- edge(x, _), w = to_float(x) / 7.",
                ".decl uphill(x:number, y:number)", ".output uphill",
                "uphill(x, y) :- wt(x, a), wt(y, b), adjacent(x, y), a < b, b < 20.5.",
                ".decl wstats(m:float, lo:float)", ".output wstats",
                "wstats(m, lo) :- m = mean w : wt(_, w), lo = min b : { wt(x, a), wt(y, b), adjacent(x, y), a < b }.",
                ".decl uid(x:number, u:unsigned)",
                "uid(x, u) :- edge(x, _), u = itou(x) * 300007u.",
                ".decl ulink(x:number, y:number)", ".output ulink",
                "ulink(x, y) :- uid(x, a), uid(y, b), adjacent(x, y), a < b, b > 3000000000u.",
                ".decl ustats(s:unsigned, lo:unsigned, hi:unsigned)", ".output ustats",
                "ustats(s, lo, hi) :- s = sum b : { uid(x, a), uid(y, b), adjacent(x, y), a < b },",
                "    lo = min a : { uid(x, a), uid(y, b), adjacent(x, y), a < b }, hi = max b : { uid(x, a), uid(y, b), adjacent(x, y), b < a }.",
                ".decl far(x:number, m:number)", ".output far",
                "far(x, m) :- edge(x, _), x < 12, m = max z : { adjacent(x, y), adjacent(y, z), x < z }.", ""));
        RunResult cpu = run(program, facts, Files.createDirectories(dir.resolve("cpu")), "cpu", 0);
        assertTrue(Files.readAllLines(dir.resolve("cpu").resolve("ulink.csv")).size() > 10,
                "the unsigned join crosses 2^31 on this graph");
        for (String device : new String[]{"gpu", "auto"}) {
            Path out = Files.createDirectories(dir.resolve(device));
            RunResult r = run(program, facts, out, device, device.equals("gpu") ? 8L << 20 : 0);
            for (String rel : new String[]{"triangle", "hub", "n", "stats", "weighted", "apex", "uphill", "wstats",
                    "ulink", "ustats", "far"}) {
                assertEquals(Files.readAllLines(dir.resolve("cpu").resolve(rel + ".csv")),
                        Files.readAllLines(out.resolve(rel + ".csv")), rel + " on --device " + device);
            }
            String lines = String.join("\n", r.deviceLines());
            assertTrue(lines.contains("gpu-levelwise"), "--device " + device + " ran joins on the GPU:\n" + lines);
            if (device.equals("auto")) {
                assertTrue(lines.contains("auto:"), "auto says why:\n" + lines);
            }
        }
        assertTrue(cpu.deviceLines().get(0).contains("--device cpu"));
    }
}
