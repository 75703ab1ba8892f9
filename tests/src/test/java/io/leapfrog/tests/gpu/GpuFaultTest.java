package io.leapfrog.tests.gpu;

import io.leapfrog.engine.Engine;
import io.leapfrog.engine.EngineOptions;
import io.leapfrog.engine.RunResult;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.GpuFaults;
import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.join.GpuOptions;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.planner.PlannerOptions;
import jcuda.driver.CUresult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Faults of the device injected into queries that run on it ({@link GpuDevice#injectFaults}): a kernel that
 * fails at its launch or while it runs, the device out of memory, a failed copy, and a device lost in the
 * middle of the query (every later driver call failing). For each kind of GPU work (a join that lists
 * rows, a join that counts, a recursive fixpoint, a k-clique search) each fault is injected at the first,
 * a middle and the last call of its site that the query makes on the device; the outputs must be the
 * CPU's, byte for byte, and the device lines must say that the work fell back. After the faults are
 * cleared the device serves the same query again, from the GPU, with the same outputs. Skipped without a GPU.
 */
@Tag("gpu")
class GpuFaultTest {
    private static final String JOINS = """
            .decl e(x:number, y:number)
            .input e
            .decl tri(x:number, y:number, z:number)
            .output tri
            tri(x, y, z) :- e(x, y), e(y, z), e(x, z).
            .decl n4(n:number)
            .output n4
            n4(n) :- n = count : { e(w, x), e(w, y), e(w, z), e(x, y), e(x, z), e(y, z) }.
            """;
    private static final String CLOSURE = """
            .decl e(x:number, y:number)
            .input e
            .decl tc(x:number, y:number)
            tc(x, y) :- e(x, y).
            tc(x, z) :- tc(x, y), e(y, z).
            .decl size(n:number)
            .output size
            size(n) :- n = count : { tc(_, _) }.
            .decl from0(y:number)
            .output from0
            from0(y) :- tc(0, y).
            """;
    private static final String CLIQUES = """
            .decl e(x:number, y:number)
            .input e
            .decl k5(n:number)
            .output k5
            k5(n) :- n = count : { k_clique(e, 5, _) }.
            """;

    private static GpuDevice device;

    @BeforeAll
    static void requireGpu() {
        GpuRuntime rt = GpuRuntime.probe();
        assumeTrue(rt.available(), "no GPU: " + rt.unavailableReason());
        device = rt.device();
    }

    @AfterEach
    void clearFaults() {
        if (device != null) {
            device.injectFaults(null);
        }
    }

    /** One kind of device work: its program, facts and the device lines that show it ran on the GPU. */
    private record Work(String name, String program, String gpuWord) {
    }

    private static Work work(String name) {
        return switch (name) {
            case "joins" -> new Work(name, JOINS, "gpu-levelwise");
            case "closure" -> new Work(name, CLOSURE, "gpu-fixpoint");
            case "cliques" -> new Work(name, CLIQUES, "gpu-");
            default -> throw new IllegalArgumentException(name);
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"joins", "closure", "cliques"})
    void everyFaultGivesTheCpusAnswer(String name, @TempDir Path dir) throws IOException {
        Work w = work(name);
        Path program = dir.resolve(name + ".dl");
        Files.writeString(program, w.program());
        Path facts = Files.createDirectories(dir.resolve("facts"));
        writeFacts(name, facts.resolve("e.facts"));

        TreeMap<String, String> cpu = outputs(run(program, facts, dir.resolve("cpu"), "cpu").dir);

        GpuFaults counting = GpuFaults.countOnly();
        device.injectFaults(counting);
        Ran clean = run(program, facts, dir.resolve("gpu"), "gpu");
        device.injectFaults(null);
        assertEquals(cpu, outputs(clean.dir), "the GPU's answer without faults");
        assertTrue(clean.lines.contains(w.gpuWord()), "the work ran on the GPU:\n" + clean.lines);
        assertFalse(clean.lines.contains("warning"), clean.lines);

        int runs = 0;
        for (Fault f : faults(counting)) {
            GpuFaults injected = f.make();
            device.injectFaults(injected);
            Ran r = run(program, facts, dir.resolve("fault" + runs), "gpu");
            device.injectFaults(null);
            String what = name + ", " + injected + ":\n" + r.lines;
            assertTrue(injected.fired(), "the fault was reached: " + what);
            assertEquals(cpu, outputs(r.dir), what);
            if (f.fallsBack()) {
                assertTrue(r.lines.contains("fell back") || r.lines.contains("unusable"), what);
            }
            runs++;
        }
        System.out.println("gpu faults: " + name + ": " + runs + " injected runs, each with the CPU's outputs"
                + " (calls: launch " + counting.calls(GpuFaults.Site.LAUNCH) + ", sync " + counting.calls(GpuFaults.Site.SYNC)
                + ", alloc " + counting.calls(GpuFaults.Site.ALLOC) + ", copy " + counting.calls(GpuFaults.Site.COPY) + ")");
        assertTrue(runs >= 8, "faults injected: " + runs);

        Ran again = run(program, facts, dir.resolve("again"), "gpu");
        assertEquals(cpu, outputs(again.dir), "after the faults");
        assertTrue(again.lines.contains(w.gpuWord()) && !again.lines.contains("warning"),
                "the device serves again once the faults are cleared:\n" + again.lines);
    }

    /** A fault to inject, and whether the work must fall back to the CPU under it (an out-of-memory may shrink windows instead). */
    private record Fault(GpuFaults.Site site, long nth, int error, boolean lost) {
        GpuFaults make() {
            return lost ? GpuFaults.lostDevice(site, nth, error) : GpuFaults.once(site, nth, error);
        }

        boolean fallsBack() {
            return error != CUresult.CUDA_ERROR_OUT_OF_MEMORY;
        }
    }

    /**
     * At the first, a middle and the last call of each site the clean run made: a launch that fails (the
     * device refusing it, or a kernel that crashed), a kernel's error seen at a synchronisation, the device
     * out of memory, a failed copy; and at the middle call of each site, the device lost from then on.
     */
    private static List<Fault> faults(GpuFaults counted) {
        List<Fault> out = new ArrayList<>();
        for (GpuFaults.Site site : GpuFaults.Site.values()) {
            long calls = counted.calls(site);
            if (calls == 0) {
                continue;
            }
            TreeSet<Long> at = new TreeSet<>(List.of(1L, (calls + 1) / 2, calls));
            int error = switch (site) {
                case LAUNCH -> CUresult.CUDA_ERROR_LAUNCH_FAILED;
                case SYNC -> CUresult.CUDA_ERROR_ILLEGAL_ADDRESS;
                case ALLOC -> CUresult.CUDA_ERROR_OUT_OF_MEMORY;
                case COPY -> CUresult.CUDA_ERROR_UNKNOWN;
            };
            for (long nth : at) {
                out.add(new Fault(site, nth, error, false));
            }
            if (site == GpuFaults.Site.LAUNCH) {
                out.add(new Fault(site, at.first(), CUresult.CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, false));
            }
            out.add(new Fault(site, (calls + 1) / 2, CUresult.CUDA_ERROR_DEVICE_UNAVAILABLE, true));
        }
        return out;
    }

    private record Ran(Path dir, String lines) {
    }

    private static Ran run(Path program, Path facts, Path out, String device) throws IOException {
        Files.createDirectories(out);
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        try (Engine engine = new Engine(new EngineOptions(2, EngineOptions.Device.parse(device),
                GpuOptions.defaults(), PlannerOptions.defaults(), quiet))) {
            RunResult r = engine.run(engine.parse(program), facts, out);
            return new Ran(out, String.join("\n", r.deviceLines()));
        }
    }

    private static TreeMap<String, String> outputs(Path dir) throws IOException {
        TreeMap<String, String> m = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                m.put(f.getFileName().toString(), Files.readString(f));
            }
        }
        assertFalse(m.isEmpty(), "no outputs in " + dir);
        return m;
    }

    private static void writeFacts(String name, Path file) throws IOException {
        StringBuilder sb = new StringBuilder();
        if (name.equals("closure")) {
            // A random graph of 1,500 vertices and 2,400 edges: a closure of a few hundred thousand pairs.
            Random r = new Random(11);
            for (int i = 0; i < 2_400; i++) {
                sb.append(r.nextInt(1_500)).append('\t').append(r.nextInt(1_500)).append('\n');
            }
        } else {
            // Oriented edges (u < v) of a skewed graph: triangles and 4-cliques around its heavy vertices.
            Relation g = GpuRuntimeTest.skewedGraph(7, 13, 30_000);
            for (int i = 0; i < g.size(); i++) {
                if (g.get(i, 0) < g.get(i, 1)) {
                    sb.append(g.get(i, 0)).append('\t').append(g.get(i, 1)).append('\n');
                }
            }
        }
        Files.writeString(file, sb);
    }
}
