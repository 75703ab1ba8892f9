package io.leapfrog.tests.cli;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What `leapfrog run` may write: only regular files (or files that did not exist) are replaced, every
 * refusal comes before anything is written, the outputs of a run appear together or not at all, no
 * temporary is left behind, and a written file has the permissions a plain create would give.
 */
class OutputSafetyTest {

    private static final String TWO_OUTPUTS = """
            .decl p(x:number)
            p(1). p(2).
            .decl q(x:number)
            q(x + 10) :- p(x).
            .output p
            .output q(filename="%s")
            """;

    private static Path program(Path dir, String text) throws IOException {
        Path file = dir.resolve("prog.dl");
        Files.writeString(file, text);
        return file;
    }

    private static Cli.Result run(Path program, Path out) {
        return Cli.run("run", program.toString(), "-F", program.getParent().toString(), "-D", out.toString(),
                "--device", "cpu");
    }

    /** stderr without the device lines: the error, which must be one line. */
    private static List<String> errorLines(Cli.Result r) {
        return r.err().lines().filter(l -> !l.startsWith("device: ")).toList();
    }

    private static void assertOneLineRefusal(Cli.Result r, String file, String why) {
        assertEquals(1, r.exitCode(), r::toString);
        List<String> lines = errorLines(r);
        assertEquals(1, lines.size(), r::toString);
        assertTrue(lines.get(0).contains(file) && lines.get(0).contains(why), r::toString);
    }

    private static List<String> namesIn(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aSymlinkNamedAsAnOutputIsRefusedAndNothingIsWritten(@TempDir Path tmp) throws IOException {
        Path out = Files.createDirectory(tmp.resolve("out"));
        Path victim = Files.writeString(tmp.resolve("victim.txt"), "keep me\n");
        Files.createSymbolicLink(out.resolve("link.csv"), victim);
        Cli.Result r = run(program(tmp, TWO_OUTPUTS.formatted("link.csv")), out);
        assertOneLineRefusal(r, "link.csv", "symbolic link");
        assertTrue(Files.isSymbolicLink(out.resolve("link.csv")), "the link itself is kept");
        assertEquals("keep me\n", Files.readString(victim));
        // refused before the run: not even p.csv, written before q's file in directive order, exists
        assertEquals(List.of("link.csv"), namesIn(out), r::toString);
    }

    @Test
    void aFifoNamedAsAnOutputIsRefusedWithoutBlocking(@TempDir Path tmp) throws Exception {
        Path out = Files.createDirectory(tmp.resolve("out"));
        Path fifo = out.resolve("pipe");
        Process mkfifo;
        try {
            mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
        } catch (IOException e) {
            Assumptions.abort("no mkfifo on this machine: " + e.getMessage());
            return;
        }
        Assumptions.assumeTrue(mkfifo.waitFor() == 0 && Files.exists(fifo), "mkfifo failed");
        Path prog = program(tmp, TWO_OUTPUTS.formatted("pipe"));
        Cli.Result r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> run(prog, out));
        assertOneLineRefusal(r, "pipe", "special file");
        assertTrue(Files.readAttributes(fifo, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther(),
                "the FIFO is still a FIFO");
        assertEquals(List.of("pipe"), namesIn(out), r::toString);
    }

    @Test
    void aDirectoryNamedAsAnOutputIsRefused(@TempDir Path tmp) throws IOException {
        Path out = Files.createDirectory(tmp.resolve("out"));
        Files.createDirectories(out.resolve("q.csv/inside"));
        Cli.Result r = run(program(tmp, TWO_OUTPUTS.formatted("q.csv")), out);
        assertOneLineRefusal(r, "q.csv", "is a directory");
        assertTrue(Files.isDirectory(out.resolve("q.csv/inside")));
        assertEquals(List.of("q.csv"), namesIn(out), r::toString);
    }

    @Test
    void anEmptyFilenameIsAPositionedErrorAndTheOutputDirectoryStaysADirectory(@TempDir Path tmp) throws IOException {
        Path out = Files.createDirectory(tmp.resolve("out"));
        Path prog = program(tmp, TWO_OUTPUTS.formatted(""));
        Cli.Result r = run(prog, out);
        assertEquals(1, r.exitCode(), r::toString);
        assertTrue(errorLines(r).get(0).startsWith(prog + ":6:"), r::toString);
        assertTrue(r.err().contains("empty filename="), r::toString);
        assertTrue(Files.isDirectory(out));
        assertEquals(List.of(), namesIn(out), r::toString);
    }

    @Test
    void anOutputDirectoryThatIsARegularFileIsAnErrorAndTheFileIsKept(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("not-a-dir"), "data\n");
        Cli.Result r = run(program(tmp, TWO_OUTPUTS.formatted("q.csv")), file);
        assertEquals(1, r.exitCode(), r::toString);
        assertTrue(r.err().contains("not-a-dir") && r.err().contains("not a directory"), r::toString);
        assertEquals("data\n", Files.readString(file));
    }

    @Test
    void twoOutputsOfOneFileAreAnErrorBeforeAnythingIsWritten(@TempDir Path tmp) throws IOException {
        Path out = Files.createDirectory(tmp.resolve("out"));
        Path prog = program(tmp, TWO_OUTPUTS.formatted("p.csv"));
        Cli.Result r = run(prog, out);
        assertEquals(1, r.exitCode(), r::toString);
        assertTrue(errorLines(r).get(0).startsWith(prog + ":6:") && r.err().contains("writes too"), r::toString);
        assertEquals(List.of(), namesIn(out), r::toString);
    }

    @Test
    void aRunThatFailsWhileWritingLeavesNeitherTemporariesNorPartOfTheSet(@TempDir Path tmp) throws IOException {
        Path out = Files.createDirectory(tmp.resolve("out"));
        Files.writeString(out.resolve("p.csv"), "old p\n");
        // p's file is written first; the unsupported IO of the next output fails the run after it
        Path prog = program(tmp, """
                .decl p(x:number)
                p(1).
                .output p
                .output p(IO=sqlite, dbname="x.db")
                """);
        Cli.Result r = run(prog, out);
        assertEquals(1, r.exitCode(), r::toString);
        assertEquals(List.of("p.csv"), namesIn(out), r::toString);
        assertEquals("old p\n", Files.readString(out.resolve("p.csv")));
    }

    @Test
    void aSuccessfulRunReplacesRegularFilesAndLeavesNoTemporaries(@TempDir Path tmp) throws IOException {
        Path out = Files.createDirectory(tmp.resolve("out"));
        Files.writeString(out.resolve("p.csv"), "old p\n");
        Cli.Result r = run(program(tmp, TWO_OUTPUTS.formatted("q.csv")), out);
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(List.of("p.csv", "q.csv"), namesIn(out));
        assertEquals(List.of("1", "2"), Files.readAllLines(out.resolve("p.csv")));
        assertEquals(List.of("11", "12"), Files.readAllLines(out.resolve("q.csv")));
    }

    @Test
    void writtenFilesGetThePermissionsOfAPlainCreate(@TempDir Path tmp) throws IOException {
        Assumptions.assumeTrue(tmp.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Path out = Files.createDirectory(tmp.resolve("out"));
        // what this process's umask gives a new file
        Path probe = Files.createFile(tmp.resolve("probe"));
        Cli.Result r = run(program(tmp, TWO_OUTPUTS.formatted("q.csv")), out);
        assertEquals(0, r.exitCode(), r::toString);
        String expected = PosixFilePermissions.toString(Files.getPosixFilePermissions(probe));
        assertEquals(expected, PosixFilePermissions.toString(Files.getPosixFilePermissions(out.resolve("p.csv"))));
        assertEquals(expected, PosixFilePermissions.toString(Files.getPosixFilePermissions(out.resolve("q.csv"))));
    }

    @Test
    void outputsToStdoutWriteNoFileEvenWithAnAbsoluteFilename(@TempDir Path tmp) throws IOException {
        Path elsewhere = tmp.resolve("elsewhere.csv");
        Path prog = program(tmp, TWO_OUTPUTS.formatted(elsewhere));
        Cli.Result r = Cli.run("run", prog.toString(), "-F", tmp.toString(), "-D", "-", "--device", "cpu");
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.out().contains("\n11\n12\n"), r::toString);
        Cli.Result s = Cli.run("sql", "-p", prog.toString(), "-F", tmp.toString(), "--csv", "SELECT COUNT(*) AS n FROM q");
        assertEquals(0, s.exitCode(), s::toString);
        assertFalse(Files.exists(elsewhere), "an output of -D - or of sql was written to " + elsewhere);
    }

    @Test
    void sigtermWhileWritingLeavesNoTemporaryAndTheWholeSetOrNone(@TempDir Path tmp) throws Exception {
        Path out = Files.createDirectory(tmp.resolve("out"));
        Files.writeString(out.resolve("n.csv"), "old n\n");
        // q: 2.25 million rows (about 20 MB), written while the signal comes
        Path prog = program(tmp, """
                .decl n(x:number)
                n(0).
                n(x + 1) :- n(x), x < 1499.
                .decl q(a:number, b:number)
                q(a, b) :- n(a), n(b).
                .output q
                .output n
                """);
        Path errFile = tmp.resolve("err");
        Process p = CliProcess.start(List.of(), ProcessBuilder.Redirect.DISCARD, errFile,
                "run", prog.toString(), "-F", tmp.toString(), "-D", out.toString(), "--device", "cpu");
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (p.isAlive() && namesIn(out).stream().noneMatch(n -> n.endsWith(".tmp")) && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        Assumptions.assumeTrue(p.isAlive(), "the run ended before its temporary files were seen");
        p.destroy();   // SIGTERM
        CliProcess.Result r = CliProcess.finish(p, errFile, 60);
        List<String> names = namesIn(out);
        assertTrue(names.stream().noneMatch(n -> n.endsWith(".tmp")), names + "\n" + r);
        boolean none = names.equals(List.of("n.csv")) && Files.readString(out.resolve("n.csv")).equals("old n\n");
        boolean whole = names.equals(List.of("n.csv", "q.csv")) && Files.readAllLines(out.resolve("n.csv")).size() == 1500
                && Files.size(out.resolve("q.csv")) > 0;
        assertTrue(none || whole, "neither the old files nor the whole new set: " + names + "\n" + r);
    }
}
