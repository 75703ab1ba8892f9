package io.leapfrog.tests.cli;

import io.leapfrog.cli.Main;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A write to standard output that fails (a full disk, a closed pipe) is an error with exit 1 and one
 * sentence, for every command that prints results: never exit 0 with the rows gone, never a run that goes
 * on writing into nothing.
 */
class StdoutFailureTest {

    /** 90,601 rows (about 700 KB): more than the buffers between the command and a pipe's reader hold. */
    private static final String MANY_ROWS = """
            .decl n(x:number)
            n(0).
            n(x + 1) :- n(x), x < 300.
            .decl p(x:number, y:number)
            p(x, y) :- n(x), n(y).
            .output p
            """;

    /** An output stream that refuses every write, as a full disk does. */
    private static final class FullDisk extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            throw new IOException("No space left on device");
        }
    }

    private static Cli.Result runInto(OutputStream stdout, String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(stdout, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Main.execute(args, o, e);
        }
        return new Cli.Result(code, "", err.toString(StandardCharsets.UTF_8));
    }

    private static void assertStdoutError(Cli.Result r) {
        assertEquals(1, r.exitCode(), r::toString);
        List<String> lines = r.err().lines().filter(l -> !l.startsWith("device: ")).toList();
        assertEquals(1, lines.size(), r::toString);
        assertTrue(lines.get(0).startsWith("error: cannot write to standard output"), r::toString);
    }

    @Test
    void everyPrintingCommandFailsWhenStandardOutputFails(@TempDir Path tmp) throws IOException {
        Path prog = Files.writeString(tmp.resolve("p.dl"), MANY_ROWS);
        String dir = tmp.toString();
        assertStdoutError(runInto(new FullDisk(), "run", prog.toString(), "-F", dir, "-D", "-", "--device", "cpu"));
        assertStdoutError(runInto(new FullDisk(), "run", prog.toString(), "-F", dir, "-D", dir, "--device", "cpu"));
        assertStdoutError(runInto(new FullDisk(), "sql", "-p", prog.toString(), "-F", dir, "--device", "cpu",
                "SELECT x FROM p"));
        assertStdoutError(runInto(new FullDisk(), "sql", "-p", prog.toString(), "-F", dir, "--csv", "--device", "cpu",
                "SELECT x FROM p"));
        assertStdoutError(runInto(new FullDisk(), "explain", prog.toString()));
        assertStdoutError(runInto(new FullDisk(), "explain", "--sql", "SELECT x FROM p", "-p", prog.toString(),
                "-F", dir, "--device", "cpu"));
        Path stdoutIo = Files.writeString(tmp.resolve("s.dl"), MANY_ROWS.replace(".output p", ".output p(IO=stdout)"));
        assertStdoutError(runInto(new FullDisk(), "run", stdoutIo.toString(), "-F", dir, "-D", dir, "--device", "cpu"));
    }

    @Test
    void aFullDeviceAsStandardOutputIsAnError(@TempDir Path tmp) throws Exception {
        File full = new File("/dev/full");
        Assumptions.assumeTrue(full.exists() && full.canWrite(), "no /dev/full on this machine");
        Path prog = Files.writeString(tmp.resolve("p.dl"), MANY_ROWS);
        CliProcess.Result r = CliProcess.run(List.of(), ProcessBuilder.Redirect.to(full), tmp.resolve("err"), 120,
                "run", prog.toString(), "-F", tmp.toString(), "-D", "-", "--device", "cpu");
        assertEquals(1, r.exitCode(), r::toString);
        assertTrue(r.err().contains("error: cannot write to standard output (No space left on device)"), r::toString);
        assertFalse(r.err().contains("\tat "), r::toString);
    }

    @Test
    void aClosedPipeEndsTheRunWithAnError(@TempDir Path tmp) throws Exception {
        Path prog = Files.writeString(tmp.resolve("p.dl"), MANY_ROWS);
        Path errFile = tmp.resolve("err");
        Process p = CliProcess.start(List.of(), ProcessBuilder.Redirect.PIPE, errFile,
                "run", prog.toString(), "-F", tmp.toString(), "-D", "-", "--device", "cpu");
        p.getInputStream().read();   // the first byte, as `| head -c1` takes it
        p.getInputStream().close();
        CliProcess.Result r = CliProcess.finish(p, errFile, 120);
        assertEquals(1, r.exitCode(), r::toString);
        assertTrue(r.err().contains("error: cannot write to standard output"), r::toString);
        assertFalse(r.err().contains("\tat "), r::toString);
    }
}
