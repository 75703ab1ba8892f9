package io.leapfrog.tests.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code explain --analyze}: each join's actual evaluations and rows per level beside the plan's estimates. */
class ExplainAnalyzeTest {
    @Test
    void actualRowsAndEvaluationsFollowEachJoin(@TempDir Path dir) throws Exception {
        // K4 plus a pendant edge: 4 triangles; a chain of 3-column steps recursive on the semi-naive rounds.
        Files.writeString(dir.resolve("e.facts"), "1\t2\n1\t3\n1\t4\n2\t3\n2\t4\n3\t4\n4\t5\n");
        Path program = dir.resolve("a.dl");
        Files.writeString(program, """
                .decl e(x:number, y:number)
                .input e
                .decl tri(x:number, y:number, z:number)
                tri(x, y, z) :- e(x, y), e(y, z), e(x, z).
                .decl walk(x:number, y:number, n:number)
                walk(x, y, 1) :- e(x, y).
                walk(x, z, n + 1) :- walk(x, y, n), e(y, z), n < 3.
                .output tri
                .output walk
                """);
        Cli.Result r = Cli.run("explain", "--analyze", program.toString(), "-F", dir.toString(), "--device", "cpu");
        assertEquals(0, r.exitCode(), r.toString());
        String out = r.out();
        assertTrue(out.contains("each with what it did"), out);
        // the triangle join: its last level's rows are the triangles
        Matcher tri = Pattern.compile("tri rule at [^\\n]*\\n(?:      [^\\n]*\\n)*    actual: 1 evaluation in [0-9.]+ s; rows by level: "
                + "([0-9,]+) / ([0-9,]+) / ([0-9,]+)").matcher(out);
        assertTrue(tri.find(), out);
        assertEquals("4", tri.group(3), out);
        // the recursive walk runs once per round on the semi-naive rules (3 columns: not a hash fixpoint)
        Matcher walk = Pattern.compile("walk rule at [^\\n]*:7:1\\n(?:      [^\\n]*\\n)*    actual: ([0-9]+) evaluations").matcher(out);
        assertTrue(walk.find(), out);
        assertTrue(Integer.parseInt(walk.group(1)) >= 2, out);
        assertFalse(Files.exists(dir.resolve("tri.csv")), "explain writes nothing");

        Cli.Result plain = Cli.run("explain", program.toString(), "-F", dir.toString(), "--device", "cpu");
        assertFalse(plain.out().contains("actual:"), plain.out());
        Cli.Result sql = Cli.run("explain", "--analyze", "--sql", "SELECT 1", "-p", program.toString());
        assertEquals(2, sql.exitCode(), sql.toString());
    }
}
