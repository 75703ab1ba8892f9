package io.leapfrog.tests.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Large programs go through every pass (parse, checks, stratification, planning, evaluation) in time
 * near-linear in their size. The bounds are generous guards against a pass turning quadratic again (each
 * of these took minutes when one did), not measurements.
 */
class ProgramSizeTest {

    /**
     * A chain of 400 atoms. The tests run with assertions on, under which Calcite checks every rewrite of
     * the body's join tree (quadratic in its size); the command line, without them, plans and runs a
     * chain of 1,000 atoms in a few seconds.
     */
    @Test
    void aBodyOfHundredsOfAtomsIsPlannedAndRun(@TempDir Path dir) throws Exception {
        int atoms = 400;
        StringBuilder p = new StringBuilder(".decl e(x:number, y:number)\n.decl r(x:number)\n");
        for (int i = 0; i <= atoms; i++) {
            p.append("e(").append(i).append(',').append(i + 1).append(").\n");
        }
        p.append("r(x0) :- ");
        for (int i = 0; i < atoms; i++) {
            p.append(i == 0 ? "" : ", ").append("e(x").append(i).append(", x").append(i + 1).append(')');
        }
        p.append(".\n.printsize r\n");
        Cli.Result r = runWithin(dir, p.toString(), Duration.ofSeconds(60));
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.out().contains("r\t2"), r.toString()); // x0 = 0 and x0 = 1 start chains of 400 edges
    }

    @Test
    void tenThousandStrataAreStratifiedAndRun(@TempDir Path dir) throws Exception {
        StringBuilder p = new StringBuilder(".decl r0(x:number)\nr0(1).\n");
        int n = 10_000;
        for (int i = 1; i < n; i++) {
            p.append(".decl r").append(i).append("(x:number)\nr").append(i).append("(x + 1) :- r")
                    .append(i - 1).append("(x).\n");
        }
        p.append(".output r").append(n - 1).append('\n');
        Cli.Result r = runWithin(dir, p.toString(), Duration.ofSeconds(120));
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(String.valueOf(n), Files.readString(dir.resolve("out/r" + (n - 1) + ".csv")).strip());
    }

    @Test
    void expressionsNestedToTheLimitRunAndDeeperOnesAreRefusedAtTheirPosition(@TempDir Path dir) throws Exception {
        String deep = ".decl q(x:number)\nq(" + "1+".repeat(250) + "1).\n.printsize q\n";
        Cli.Result ok = runWithin(dir, deep, Duration.ofSeconds(60));
        assertEquals(0, ok.exitCode(), ok.toString());
        assertTrue(ok.out().contains("q\t1"), ok.toString());

        String tooDeep = ".decl p(x:number)\np(" + "(".repeat(20_000) + "1" + ")".repeat(20_000) + ").\n";
        Cli.Result refused = runWithin(dir, tooDeep, Duration.ofSeconds(60));
        assertEquals(1, refused.exitCode(), refused.toString());
        assertTrue(refused.err().contains("p.dl:2:258: error: nested more than 256 deep"), refused.toString());
        assertTrue(refused.err().length() < 1000, "the snippet of a long line is cut: " + refused.err().length());
    }

    private static Cli.Result runWithin(Path dir, String program, Duration limit) throws Exception {
        Path file = dir.resolve("p.dl");
        Files.writeString(file, program);
        return assertTimeoutPreemptively(limit, () -> Cli.run("run", file.toString(), "-D", dir.resolve("out").toString(),
                "--threads", "2"));
    }
}
