package io.leapfrog.tests.cli;

import io.leapfrog.exec.gpu.GpuRuntime;
import org.junit.jupiter.api.Assumptions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** `leapfrog run` end to end, through picocli in-process. */
class RunCommandTest {

    /** The triangle count of queries/data/edge.facts, computed in Python (see queries/triangles.dl). */
    private static final String EXPECTED_TRIANGLES = "428";

    private final Path root = Cli.repoRoot();

    @Test
    void trianglesExampleWritesCsvAndPrintsSummary(@TempDir Path tmp) throws IOException {
        Path out = tmp.resolve("out");
        Cli.Result r = Cli.run("run", root.resolve("queries/triangles.dl").toString(),
                "-F", root.resolve("queries/data").toString(), "-D", out.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(List.of(EXPECTED_TRIANGLES), Files.readAllLines(out.resolve("triangles.csv")));
        // One summary line: name, rows, time.
        assertTrue(r.out().lines().anyMatch(l -> l.matches("triangles\\s+1 row\\s+\\d+\\.\\d{3} s")), r::toString);
        // stderr says where the joins ran, and nothing else.
        assertTrue(r.err().lines().allMatch(l -> l.startsWith("device: ")), r::toString);
    }

    /** --verbose: a line on stderr per finished stratum, recursion's rounds among them; stdout as without it. */
    @Test
    void verbosePrintsEachStratumAsItFinishes(@TempDir Path tmp) throws IOException {
        Path program = Files.writeString(tmp.resolve("tc.dl"), """
                .decl e(x:number, y:number)
                e(1, 2). e(2, 3). e(3, 4).
                .decl p(x:number, y:number)
                p(x, y) :- e(x, y).
                p(x, z) :- p(x, y), e(y, z).
                .printsize p
                """);
        Cli.Result r = Cli.run("run", program.toString(), "-D", tmp.toString(), "-v", "--device", "cpu");
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.err().contains("stratum 1 of 2: e: 3 tuples in "), r::toString);
        assertTrue(r.err().matches("(?s).*stratum 2 of 2: p \\(recursive, \\d+ rounds\\): 6 tuples in [0-9.]+ s\n.*"), r::toString);
        assertEquals(Cli.run("run", program.toString(), "-D", tmp.toString(), "--device", "cpu").out(), r.out());
    }

    @Test
    void triangleWeightsExampleReducesExpressions(@TempDir Path tmp) throws IOException {
        Path out = tmp.resolve("out");
        Cli.Result r = Cli.run("run", root.resolve("queries/triangle_weights.dl").toString(),
                "-F", root.resolve("queries/data").toString(), "-D", out.toString(), "--device", "cpu");
        assertEquals(0, r.exitCode(), r::toString);
        // count, sum of x*y*z, min of x*y - z, max of max(x,y,z) - min(x,y,z): computed in Python (see the program)
        assertEquals(List.of("428\t1166602685\t-23\t39"), Files.readAllLines(out.resolve("triangle_weights.csv")));
    }

    @Test
    void souffleFeaturesExamplePrintsTheCountsComputedIndependently() {
        // 9880 triangles of the generated graph, 3364 pairs in the closure of their (x, y), 1444 triangles
        // with x < 3 (each a tuple of its own under $): computed by a separate script from the definitions
        Cli.Result r = Cli.run("run", root.resolve("queries/souffle_features.dl").toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.out().contains("\n9880\t3364\t1444\n"), r::toString);
    }

    @Test
    void longFlagNamesAsInSouffle(@TempDir Path tmp) throws IOException {
        Path out = tmp.resolve("deep/out");
        Cli.Result r = Cli.run("run", "--fact-dir", root.resolve("queries/data").toString(),
                "--output-dir", out.toString(), "--threads", "1", "--device", "cpu",
                root.resolve("queries/triangles.dl").toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(List.of(EXPECTED_TRIANGLES), Files.readAllLines(out.resolve("triangles.csv")));
    }

    @Test
    void dashOutputDirPrintsRelationsToStdoutAndWritesNoFile(@TempDir Path tmp) throws IOException {
        Path program = tmp.resolve("p.dl");
        Files.writeString(program, """
                .decl e(x:number, y:number)
                e(1, 2). e(2, 3).
                .decl p(x:number, y:number)
                .output p
                p(x, y) :- e(x, y).
                p(x, z) :- p(x, y), e(y, z).
                """);
        Cli.Result r = Cli.run("run", program.toString(), "-F", tmp.toString(), "-D", "-");
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals("---------------\np\n===============\n1\t2\n1\t3\n2\t3\n===============\n", r.out());
        assertTrue(r.err().lines().anyMatch(l -> l.matches("p\\s+3 rows\\s+\\d+\\.\\d{3} s")), r::toString);
        try (var files = Files.list(tmp)) {
            assertEquals(List.of(program), files.toList());
        }
    }

    @Test
    void aFilterRelationIsWrittenAsItsBinaryFilterAndNamedOnStdout(@TempDir Path tmp) throws IOException {
        Path program = tmp.resolve("p.dl");
        Files.writeString(program, """
                .decl e(x:number)
                e(1). e(2). e(3).
                .decl seen(x:number) filter(fpr=0.001)
                .output seen
                seen(x) :- e(x).
                """);
        Path out = tmp.resolve("out");
        Cli.Result written = Cli.run("run", program.toString(), "-D", out.toString());
        assertEquals(0, written.exitCode(), written::toString);
        assertEquals("LFQF", new String(Files.readAllBytes(out.resolve("seen.qf")), 0, 4, java.nio.charset.StandardCharsets.US_ASCII));
        Cli.Result printed = Cli.run("run", program.toString(), "-D", "-");
        assertEquals(0, printed.exitCode(), printed::toString);
        assertTrue(printed.out().startsWith("seen: a filter relation of 3 distinct fingerprints"), printed::toString);
    }

    @Test
    void printsizeLinesAreShown(@TempDir Path tmp) throws IOException {
        Path program = tmp.resolve("p.dl");
        Files.writeString(program, """
                .decl e(x:number)
                e(1). e(2). e(3).
                .printsize e
                """);
        Cli.Result r = Cli.run("run", program.toString(), "-D", tmp.resolve("out").toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.out().contains("e\t3"), r::toString);
    }

    @Test
    void missingProgramFileIsAUserError() {
        Cli.Result r = Cli.run("run", "no/such/program.dl");
        assertEquals(1, r.exitCode(), r::toString);
        assertTrue(r.err().contains("no/such/program.dl"), r::toString);
        assertTrue(r.err().contains("does not exist"), r::toString);
        assertNoStackTrace(r);
    }

    @Test
    void missingFactDirIsAUserError(@TempDir Path tmp) {
        Cli.Result r = Cli.run("run", root.resolve("queries/triangles.dl").toString(),
                "-F", tmp.resolve("nowhere").toString(), "-D", tmp.resolve("out").toString());
        assertEquals(1, r.exitCode(), r::toString);
        assertTrue(r.err().contains("nowhere"), r::toString);
        assertNoStackTrace(r);
        assertFalse(Files.exists(tmp.resolve("out")));
    }

    @Test
    void outputDirThatIsAFileIsAUserError(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("not-a-dir"), "x");
        Cli.Result r = Cli.run("run", root.resolve("queries/triangles.dl").toString(),
                "-F", root.resolve("queries/data").toString(), "-D", file.toString());
        assertEquals(1, r.exitCode(), r::toString);
        assertTrue(r.err().contains("not a directory"), r::toString);
        assertNoStackTrace(r);
        assertEquals("x", Files.readString(file));
    }

    @Test
    void unknownFlagIsAUsageError() {
        Cli.Result r = Cli.run("run", "--no-such-flag", "x.dl");
        assertEquals(2, r.exitCode(), r::toString);
        assertTrue(r.err().contains("Unknown option: '--no-such-flag'"), r::toString);
        assertTrue(r.err().contains("Usage: leapfrog run"), r::toString);
    }

    @Test
    void missingProgramArgumentIsAUsageError() {
        Cli.Result r = Cli.run("run", "-F", ".");
        assertEquals(2, r.exitCode(), r::toString);
        assertTrue(r.err().contains("Missing required parameter"), r::toString);
    }

    @Test
    void zeroThreadsIsAUsageError() {
        Cli.Result r = Cli.run("run", "--threads", "0", "x.dl");
        assertEquals(2, r.exitCode(), r::toString);
        assertTrue(r.err().contains("'0' is not a thread count; give a whole number from 1 to 1024"), r::toString);
    }

    @Test
    void unknownDeviceIsAUsageError() {
        Cli.Result r = Cli.run("run", "--device", "tpu", "x.dl");
        assertEquals(2, r.exitCode(), r::toString);
        assertTrue(r.err().contains("expected one of [auto, cpu, gpu]"), r::toString);
    }

    @Test
    void gpuDeviceWithoutAGpuIsOneClearSentence(@TempDir Path tmp) {
        GpuRuntime rt = GpuRuntime.probe();
        Assumptions.assumeFalse(rt.available(), "this machine has a GPU: the gpu-tagged tests cover --device gpu");
        Cli.Result r = Cli.run("run", root.resolve("queries/triangles.dl").toString(),
                "-F", root.resolve("queries/data").toString(), "-D", tmp.resolve("out").toString(),
                "--device", "gpu");
        assertEquals(1, r.exitCode(), r::toString);
        assertEquals("error: --device gpu: " + rt.unavailableReason() + "; use --device auto or --device cpu",
                r.err().strip(), r::toString);
        assertNoStackTrace(r);
        assertFalse(Files.exists(tmp.resolve("out").resolve("triangles.csv")));
    }

    @Test
    void autoWithoutAGpuSaysItRanOnTheCpuAndWhy(@TempDir Path tmp) throws IOException {
        GpuRuntime rt = GpuRuntime.probe();
        Assumptions.assumeFalse(rt.available(), "this machine has a GPU: the gpu-tagged tests cover auto there");
        Cli.Result r = Cli.run("run", root.resolve("queries/triangles.dl").toString(),
                "-F", root.resolve("queries/data").toString(), "-D", tmp.resolve("out").toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(List.of("428"), Files.readAllLines(tmp.resolve("out").resolve("triangles.csv")));
        assertTrue(r.err().contains("device: every join on the CPU (auto: no GPU: " + rt.unavailableReason() + ")"),
                r::toString);
        assertFalse(r.out().contains("device:"), "device notes stay off stdout: " + r);
    }

    @Test
    void gpuMemoryMustBeASize() {
        Cli.Result r = Cli.run("run", "--gpu-memory", "lots", "x.dl");
        assertEquals(2, r.exitCode(), r::toString);
        assertTrue(r.err().contains("Invalid value for option '--gpu-memory': 'lots' is not a memory size"), r::toString);
        Cli.Result s = Cli.run("run", "--gpu-strategy", "fastest", root.resolve("queries/triangles.dl").toString(),
                "-F", root.resolve("queries/data").toString(), "-D", "-");
        assertEquals(2, s.exitCode(), s::toString);
        assertTrue(s.err().contains("'fastest' is not a GPU strategy; use auto, lftj or levelwise"), s::toString);
    }

    @Test
    void versionAndHelp() {
        Cli.Result v = Cli.run("--version");
        assertEquals(0, v.exitCode(), v::toString);
        assertTrue(v.out().startsWith("leapfrog "), v::toString);
        Cli.Result h = Cli.run("--help");
        assertEquals(0, h.exitCode(), h::toString);
        for (String command : List.of("run", "sql", "explain", "repl")) {
            assertTrue(h.out().contains("  " + command + " "), () -> command + " missing from\n" + h.out());
        }
    }

    @Test
    void noCommandIsAUsageError() {
        Cli.Result r = Cli.run();
        assertEquals(2, r.exitCode(), r::toString);
        assertTrue(r.err().contains("Missing command"), r::toString);
        assertTrue(r.err().contains("Usage: leapfrog"), r::toString);
    }

    static void assertNoStackTrace(Cli.Result r) {
        assertFalse(r.err().contains("\tat ") || r.err().contains("at io."), r::toString);
        assertFalse(r.err().contains("Exception"), r::toString);
    }
}
