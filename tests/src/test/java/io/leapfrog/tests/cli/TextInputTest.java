package io.leapfrog.tests.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.leapfrog.cli.repl.Repl;
import io.leapfrog.cli.repl.ReplSession;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.engine.Engine;
import io.leapfrog.engine.EngineOptions;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What `leapfrog run` makes of text it reads: symbols' bytes, byte-order marks, SNAP headers. */
class TextInputTest {
    @TempDir
    Path tmp;

    @Test
    void latin1SymbolIsWrittenAsTheBytesItWasReadFrom() throws IOException {
        byte[] facts = {'1', '\t', 'c', 'a', 'f', (byte) 0xE9, '\n', '2', '\t', 'n', (byte) 0xC3, (byte) 0xA9, '\n'};
        Files.write(tmp.resolve("e.facts"), facts);
        Path program = Files.writeString(tmp.resolve("p.dl"), """
                .decl e(x:number, s:symbol)
                .input e
                .output e
                .decl same(s:symbol)
                .output same
                same(s) :- e(_, s), e(_, t), s = t, strlen(s) = 4.
                """);
        Cli.Result r = Cli.run("run", program.toString(), "-F", tmp.toString(), "-D", tmp.resolve("out").toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertArrayEquals(facts, Files.readAllBytes(tmp.resolve("out/e.csv")));
        // the escaped byte is one character (strlen 4), and a symbol equals itself
        assertArrayEquals(new byte[]{'c', 'a', 'f', (byte) 0xE9, '\n'}, Files.readAllBytes(tmp.resolve("out/same.csv")));
    }

    @Test
    void aByteOrderMarkIsSkippedInAProgramAndIsDataInAFactFile() throws IOException {
        Files.write(tmp.resolve("e.facts"), new byte[]{(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'a', '\n'});
        Path program = tmp.resolve("p.dl");
        Files.write(program, ("\uFEFF.decl e(x:symbol)\n.input e\n.output e\n").getBytes(StandardCharsets.UTF_8));
        Cli.Result r = Cli.run("run", program.toString(), "-F", tmp.toString(), "-D", tmp.resolve("out").toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertArrayEquals(new byte[]{(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'a', '\n'}, Files.readAllBytes(tmp.resolve("out/e.csv")),
                "the symbol keeps the bytes, as Souffle's does");
        Files.write(tmp.resolve("e.facts"), new byte[]{(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '7', '\n'});
        Files.write(program, ("\uFEFF.decl e(x:number)\n.input e\n.output e\n").getBytes(StandardCharsets.UTF_8));
        Cli.Result n = Cli.run("run", program.toString(), "-F", tmp.toString(), "-D", tmp.resolve("out2").toString());
        assertEquals(1, n.exitCode(), n::toString);
        assertTrue(n.err().contains("byte-order mark"), n::toString);
    }

    @Test
    void replScriptIsUtf8WithAnOptionalByteOrderMark() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        byte[] script = ("\uFEFF.decl a(x:number)\na(1).\n?- a(x).\n// caf\u00e9 \u0001\n")
                .getBytes(StandardCharsets.UTF_8);
        script[script.length - 2] = (byte) 0xE9; // the \u0001 becomes a Latin-1 byte
        try (Engine engine = new Engine(EngineOptions.defaults().withThreads(1).withOut(o));
             ReplSession session = new ReplSession(engine, tmp, o, o, false)) {
            LeapfrogException e = assertThrows(LeapfrogException.class,
                    () -> Repl.script(session, Repl.scriptReader(new ByteArrayInputStream(script))));
            assertTrue(e.getMessage().startsWith("error: line 4 of the script is not UTF-8"), e.getMessage());
        }
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("1"), out.toString(StandardCharsets.UTF_8));
        assertFalse(out.toString(StandardCharsets.UTF_8).contains("error"), out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void snapEdgeListWithItsHeaderIsRead() throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(tmp.resolve("graph.txt.gz")))) {
            out.write("# SNAP graph\n# nodes 3 edges 3\n0\t1\n0\t2\n1 2\n".getBytes(StandardCharsets.UTF_8));
        }
        Path program = Files.writeString(tmp.resolve("p.dl"), """
                .decl e(x:number, y:number)
                .input e(filename="graph.txt.gz")
                .decl t(n:number)
                .output t
                t(n) :- n = count : { e(x, y), e(y, z), e(x, z) }.
                """);
        Cli.Result r = Cli.run("run", program.toString(), "-F", tmp.toString(), "-D", tmp.resolve("out").toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals("1\n", Files.readString(tmp.resolve("out/t.csv")));
    }
}
