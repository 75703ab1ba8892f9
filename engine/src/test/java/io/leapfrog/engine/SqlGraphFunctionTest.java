package io.leapfrog.engine;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.planner.sql.SqlResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The graph predicates as SQL table functions: on random graphs each function's rows (c, v) are the
 * dialect's call's rows, ids included; aggregates and joins over them; bad arguments are SQL errors that
 * say what is wrong.
 */
class SqlGraphFunctionTest {
    @TempDir
    Path dir;

    private static final String PROGRAM = """
            .decl edge(a:number, b:number)
            .input edge
            .decl pair(a:symbol, b:symbol)
            pair("x", "y").
            .decl kc(c:number, v:number)
            .output kc
            kc(c, v) :- k_clique(edge, 4, c, v).
            .decl mx(c:number, v:number)
            .output mx
            mx(c, v) :- max_clique(edge, c, v).
            .decl ml(c:number, v:number)
            .output ml
            ml(c, v) :- maximal_clique(edge, 3, c, v).
            .decl qc(c:number, v:number)
            .output qc
            qc(c, v) :- quasi_clique(edge, 0.75, 4, c, v).
            """;

    private static List<String> randomEdges(Random rnd, int n, double p) {
        List<String> lines = new ArrayList<>();
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n; b++) {
                if (rnd.nextDouble() < p) {
                    lines.add((a * 7 - 20) + "\t" + (b * 7 - 20));
                }
            }
        }
        return lines;
    }

    /** The SQL rows as the dialect's output lines, sorted as {@link EngineTestSupport#output} sorts them. */
    private static List<String> asLines(SqlResult r) {
        List<String> out = new ArrayList<>();
        for (List<String> row : r.rows()) {
            out.add(String.join("\t", row));
        }
        out.sort(null);
        return out;
    }

    @Test
    void rowsAreTheDialectsRows() throws Exception {
        Random rnd = new Random(2);
        for (int trial = 0; trial < 6; trial++) {
            EngineTestSupport t = new EngineTestSupport(dir.resolve("t" + trial));
            t.facts("edge", randomEdges(rnd, 8 + rnd.nextInt(8), new double[]{0.4, 0.7, 0.9}[trial % 3])
                    .toArray(new String[0]));
            RunResult r = t.run(PROGRAM);
            try (Engine e = t.engine(2)) {
                assertEquals(t.output("kc"), asLines(e.sql(r.database(), "SELECT c, v FROM TABLE(k_cliques('edge', 4))")));
                assertEquals(t.output("mx"), asLines(e.sql(r.database(), "SELECT * FROM TABLE(max_cliques('edge'))")));
                assertEquals(t.output("ml"), asLines(e.sql(r.database(),
                        "SELECT c, v FROM TABLE(maximal_cliques('edge', 3))")));
                assertEquals(t.output("qc"), asLines(e.sql(r.database(),
                        "SELECT c, v FROM TABLE(quasi_cliques('edge', 0.75, 4))")));
                long sets = t.output("qc").stream().map(l -> l.split("\t")[0]).distinct().count();
                assertEquals(List.of(List.of(Long.toString(sets))), e.sql(r.database(),
                        "SELECT count(DISTINCT c) FROM TABLE(quasi_cliques('edge', 0.75, 4));").rows());
            }
        }
    }

    @Test
    void functionsJoinWithTables() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        // K_4 on 1..4 and a triangle 4, 5, 6.
        t.facts("edge", "1\t2", "1\t3", "1\t4", "2\t3", "2\t4", "3\t4", "4\t5", "5\t6", "6\t4");
        RunResult r = t.run(PROGRAM);
        try (Engine e = t.engine(2)) {
            // Vertices of a triangle that have an out-edge to 5: 4 (in {1,2,4}, ... and {4,5,6}).
            SqlResult through = e.sql(r.database(), """
                    SELECT k.c, count(*) FROM TABLE(k_cliques('EDGE', 3)) k JOIN edge ON k.v = edge.a
                    WHERE edge.b = 5 GROUP BY k.c ORDER BY k.c""");
            // 3-cliques in order: 0 {1,2,3}, 1 {1,2,4}, 2 {1,3,4}, 3 {2,3,4}, 4 {4,5,6}; 4 -> 5 is an edge.
            assertEquals(List.of(List.of("1", "1"), List.of("2", "1"), List.of("3", "1"), List.of("4", "1")), through.rows());
        }
    }

    @Test
    void badArgumentsAreSqlErrors() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.facts("edge", "1\t2");
        RunResult r = t.run(PROGRAM);
        try (Engine e = t.engine(2)) {
            assertError(e, r, "SELECT * FROM TABLE(k_cliques('nope', 3))", "k_cliques: unknown table 'nope'");
            assertError(e, r, "SELECT * FROM TABLE(k_cliques('pair', 3))", "k_cliques: reads a table of two columns");
            assertError(e, r, "SELECT * FROM TABLE(k_cliques('edge', 0))", "k_cliques: the k is an integer constant from 1 to 1024");
            assertError(e, r, "SELECT * FROM TABLE(maximal_cliques('edge', 2.5))", "the min_size is an integer constant");
            assertError(e, r, "SELECT * FROM TABLE(quasi_cliques('edge', 0.4, 3))", "quasi_cliques: the gamma is a constant from 0.5 to 1");
            assertError(e, r, "SELECT * FROM TABLE(quasi_cliques('edge', 0.8))",
                    "No match found for function signature quasi_cliques(<CHARACTER>, <NUMERIC>)");
            assertError(e, r, "SELECT * FROM TABLE(k_cliques('edge', 1 + 2))", "should be literal");
        }
    }

    private static void assertError(Engine e, RunResult r, String sql, String expected) {
        LeapfrogException ex = assertThrows(LeapfrogException.class, () -> e.sql(r.database(), sql), sql);
        assertTrue(ex.getMessage().contains(expected), sql + " -> " + ex.getMessage());
        assertTrue(ex.getMessage().startsWith("sql"), ex.getMessage());
    }
}
