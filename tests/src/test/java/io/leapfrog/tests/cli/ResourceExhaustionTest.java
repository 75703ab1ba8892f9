package io.leapfrog.tests.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Running out of heap or stack ends the command with one sentence, exit 4 and the JVM option that helps,
 * never the JVM's trace; in a JVM of its own, with a small heap or stack.
 */
class ResourceExhaustionTest {

    private static void assertOneSentence(CliProcess.Result r, String start, String advice) {
        assertEquals(4, r.exitCode(), r::toString);
        List<String> lines = r.err().lines().filter(l -> !l.startsWith("device: ")).toList();
        assertEquals(1, lines.size(), r::toString);
        assertTrue(lines.get(0).startsWith(start) && lines.get(0).contains(advice), r::toString);
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception in thread"), r::toString);
    }

    @Test
    void outOfMemoryInTheJoinsIsOneSentenceAndExitFour(@TempDir Path tmp) throws Exception {
        // q is 301^4 tuples, computed by the join's worker threads and kept for r
        Path prog = Files.writeString(tmp.resolve("big.dl"), """
                .decl n(x:number)
                n(0).
                n(x + 1) :- n(x), x < 300.
                .decl q(a:number, b:number, c:number, d:number)
                q(a, b, c, d) :- n(a), n(b), n(c), n(d).
                .decl r(a:number)
                r(a) :- q(a, _, _, _).
                .printsize r
                """);
        CliProcess.Result r = CliProcess.run(List.of("-Xmx64m", "-XX:+UseSerialGC"), ProcessBuilder.Redirect.DISCARD,
                tmp.resolve("err"), 300, "run", prog.toString(), "-F", tmp.toString(), "--device", "cpu", "-j", "2",
                "--no-measure-orders");
        assertOneSentence(r, "error: out of memory", "LEAPFROG_JAVA_OPTS=-Xmx");
    }

    @Test
    void stackExhaustionIsOneSentenceAndExitFour(@TempDir Path tmp) throws Exception {
        // 200 nested parentheses: within the parser's limit of 256, but more than a 180 KiB stack parses
        int depth = 200;
        Path prog = Files.writeString(tmp.resolve("deep.dl"), ".decl p(x:number)\np("
                + "(".repeat(depth) + "1" + "+1)".repeat(depth) + ").\n.printsize p\n");
        CliProcess.Result r = CliProcess.run(List.of("-Xss180k"), ProcessBuilder.Redirect.DISCARD, tmp.resolve("err"),
                120, "run", prog.toString(), "-F", tmp.toString(), "--device", "cpu");
        assertOneSentence(r, "error: stack exhausted", "-Xss");
    }
}
