package io.leapfrog.tests.cli;

import io.leapfrog.exec.gpu.GpuRuntime;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** `leapfrog sql` and `leapfrog explain` end to end over the bundled example. */
class SqlAndExplainCommandTest {

    private final Path root = Cli.repoRoot();
    private final String triangles = root.resolve("queries/triangles.dl").toString();
    private final String data = root.resolve("queries/data").toString();

    @Test
    void sqlCountsTheEdgesAsATable() {
        Cli.Result r = Cli.run("sql", "-p", triangles, "-F", data, "SELECT COUNT(*) AS n FROM edge");
        assertEquals(0, r.exitCode(), r::toString);
        String[] lines = r.out().split("\n");
        assertEquals("n", lines[0].strip(), r::toString);
        assertTrue(lines[1].matches("-+"), r::toString);
        assertEquals("1650", lines[2].strip(), r::toString);   // wc -l queries/data/edge.facts
        assertTrue(lines[3].matches("\\(1 row, \\d+\\.\\d{3} s\\)"), r::toString);
    }

    @Test
    void sqlCyclicJoinAsCsvMatchesTheTriangleCount() {
        Cli.Result r = Cli.run("sql", "-p", triangles, "-F", data, "--csv",
                "SELECT COUNT(*) AS t FROM edge a, edge b, edge c WHERE a.y = b.x AND b.y = c.y AND a.x = c.x");
        assertEquals(0, r.exitCode(), r::toString);
        // edge holds each undirected edge once with x < y, so this counts each triangle once.
        assertEquals("t\n428\n", r.out());
    }

    /** --json: an array, an object per row; numbers as numbers, NULL as null, text escaped. */
    @Test
    void jsonPrintsAnObjectPerRow() {
        Cli.Result r = Cli.run("sql", "--json", "SELECT 1 + 1 AS two, CAST(NULL AS INTEGER) AS nothing, 'a\"b' AS s"
                + " UNION ALL SELECT 3, 4, 'c'");
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals("[\n{\"two\": 2, \"nothing\": null, \"s\": \"a\\\"b\"},\n{\"two\": 3, \"nothing\": 4, \"s\": \"c\"}\n]\n",
                r.out(), r::toString);
    }

    @Test
    void sqlWithoutAProgramHasAnEmptySchema() {
        Cli.Result r = Cli.run("sql", "--csv", "SELECT 1 + 1 AS two");
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals("two\n2\n", r.out());
    }

    @Test
    void sqlWithoutAProgramQueriesTheFactFilesAsTables() {
        // edge.facts is table edge(c1, c2), its types sniffed from the file, as DuckDB reads a CSV file
        Cli.Result r = Cli.run("sql", "-F", data, "--csv",
                "SELECT COUNT(*) AS t FROM edge a, edge b, edge c WHERE a.c2 = b.c1 AND b.c2 = c.c2 AND a.c1 = c.c1");
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals("t\n428\n", r.out());
    }

    @Test
    void sqlExplainShowsTheLeapfrogJoin() {
        Cli.Result r = Cli.run("sql", "-p", triangles, "-F", data, "--explain",
                "SELECT COUNT(*) FROM edge a, edge b, edge c WHERE a.y = b.x AND b.y = c.y AND a.x = c.x");
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.out().contains("LeapfrogJoin"), r::toString);
    }

    @Test
    void sqlSaysWhereItsJoinRan() {
        Cli.Result r = Cli.run("sql", "-p", triangles, "-F", data, "--csv", "--device", "cpu",
                "SELECT COUNT(*) AS t FROM edge a, edge b, edge c WHERE a.y = b.x AND b.y = c.y AND a.x = c.x");
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals("t\n428\n", r.out());                       // stdout: the answer alone
        assertEquals("device: every join on the CPU (--device cpu)\n", r.err(), r::toString);
        Cli.Result auto = Cli.run("sql", "-p", triangles, "-F", data, "--csv", "--device", "auto",
                "SELECT COUNT(*) AS t FROM edge a, edge b, edge c WHERE a.y = b.x AND b.y = c.y AND a.x = c.x");
        assertEquals(0, auto.exitCode(), auto::toString);
        assertEquals("t\n428\n", auto.out());
        GpuRuntime rt = GpuRuntime.probe();
        assertTrue(auto.err().startsWith("device: " + (rt.available() ? "SQL join of edge#" : "every join on the CPU (auto: no GPU: ")),
                auto::toString);
    }

    @Test
    void sqlOnTheGpuWithoutOneFailsAsRunDoes() {
        GpuRuntime rt = GpuRuntime.probe();
        Assumptions.assumeFalse(rt.available(), "this machine has a GPU: the gpu-tagged SqlGpuTest covers --device gpu");
        Cli.Result r = Cli.run("sql", "-p", triangles, "-F", data, "--device", "gpu",
                "SELECT COUNT(*) FROM edge a, edge b, edge c WHERE a.y = b.x AND b.y = c.y AND a.x = c.x");
        assertEquals(1, r.exitCode(), r::toString);
        assertEquals("error: --device gpu: " + rt.unavailableReason() + "; use --device auto or --device cpu",
                r.err().strip(), r::toString);
        RunCommandTest.assertNoStackTrace(r);
    }

    @Test
    void sqlErrorIsAUserError() {
        Cli.Result r = Cli.run("sql", "-p", triangles, "-F", data, "SELECT nope FROM no_such_table");
        assertEquals(1, r.exitCode(), r::toString);
        assertTrue(r.err().contains("no_such_table"), r::toString);
        assertTrue(r.err().startsWith("sql:1:"), r::toString);          // positioned, with a caret line
        RunCommandTest.assertNoStackTrace(r);
    }

    @Test
    void explainPrintsAPlanForTheRules() {
        Cli.Result r = Cli.run("explain", triangles);
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.out().contains("triangles"), r::toString);
        assertTrue(r.out().contains("adjacent"), r::toString);
    }

    @Test
    void explainSqlPrintsTheQueryPlan() {
        Cli.Result r = Cli.run("explain", "--sql",
                "SELECT COUNT(*) FROM edge a, edge b, edge c WHERE a.y = b.x AND b.y = c.y AND a.x = c.x",
                "-p", triangles, "-F", data);
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.out().contains("LeapfrogJoin"), r::toString);
    }

    @Test
    void explainSqlShowsThePhysicalJoinItsOrderAndItsDevice() {
        Cli.Result r = Cli.run("explain", "--device", "cpu", "--sql",
                "SELECT a.x, c.y FROM edge a, edge b, edge c WHERE a.y = b.x AND b.y = c.y AND a.x = c.x AND a.x < 10",
                "-p", triangles, "-F", data);
        assertEquals(0, r.exitCode(), r::toString);
        String[] lines = r.out().split("\n");
        assertTrue(lines[1].strip().startsWith("EnumerableLeapfrogJoin(output=[rows], order=["), r::toString);
        assertTrue(lines[1].contains("level2=[") && lines[1].contains("device=[cpu-lftj (--device cpu)]"), r::toString);
        assertTrue(r.out().contains("EnumerableTableScan(table=[[edge]])"), r::toString);
        assertTrue(r.out().contains("joins as run:\n  every join on the CPU (--device cpu)\n"), r::toString);
    }

    @Test
    void explainWithoutAProgramIsAUsageError() {
        Cli.Result r = Cli.run("explain");
        assertEquals(2, r.exitCode(), r::toString);
        assertTrue(r.err().contains("Missing program"), r::toString);
    }
}
