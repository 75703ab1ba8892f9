package io.leapfrog.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The graph predicates through the engine: their rows, counted, joined with other relations and read in
 * aggregates; set ids that follow the sets (not the search order or thread count); the graph taken as
 * undirected without self-loops; explain's line. The searches themselves are checked against brute force
 * in the executor's mining tests.
 */
class GraphPredicateTest {
    @TempDir
    Path dir;

    /** K_5 on 10..14, a triangle on -3, -2, -1, a pendant edge 14-20, a self-loop, one edge given both ways. */
    private void graph(EngineTestSupport t) throws Exception {
        List<String> edges = new ArrayList<>();
        for (int a = 10; a < 15; a++) {
            for (int b = a + 1; b < 15; b++) {
                edges.add(a + "\t" + b);
            }
        }
        edges.add("-3\t-2");
        edges.add("-2\t-1");
        edges.add("-1\t-3");
        edges.add("-3\t-1");
        edges.add("20\t14");
        edges.add("7\t7");
        t.facts("e", edges.toArray(new String[0]));
    }

    private static final String DECLS = """
            .decl e(a:number, b:number)
            .input e
            """;

    @Test
    void maximumAndMaximalCliques() throws Exception {
        for (int threads : new int[]{1, 3}) {
            EngineTestSupport t = new EngineTestSupport(dir.resolve("t" + threads));
            graph(t);
            t.run(DECLS + """
                    .decl maxc(c:number, v:number)
                    .output maxc
                    maxc(c, v) :- max_clique(e, c, v).
                    .decl maximal(c:number, v:number)
                    .output maximal
                    maximal(c, v) :- maximal_clique(e, 3, c, v).
                    .decl sizes(c:number, n:number)
                    .output sizes
                    sizes(c, n) :- maximal_clique(e, 2, c), n = count : { maximal_clique(e, 2, c, _) }.
                    """, threads);
            assertEquals(List.of("0\t10", "0\t11", "0\t12", "0\t13", "0\t14"), t.output("maxc"));
            // Ids by the sets' sorted members: {-3,-2,-1} before {10..14}.
            assertEquals(List.of("0\t-1", "0\t-2", "0\t-3", "1\t10", "1\t11", "1\t12", "1\t13", "1\t14"),
                    t.output("maximal"));
            // Maximal cliques of at least 2: the triangle, K_5 and the pendant edge {14, 20}; 7's self-loop makes none.
            assertEquals(List.of("0\t3", "1\t5", "2\t2"), t.output("sizes"));
        }
    }

    @Test
    void kCliquesCountedJoinedAndListed() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        graph(t);
        t.run(DECLS + """
                .decl n(k:number, n:number)
                .output n
                n(3, x) :- x = count : { k_clique(e, 3, _) }.
                n(4, x) :- x = count : { k_clique(e, 4, _) }.
                n(6, x) :- x = count : { k_clique(e, 6, _) }.
                .decl through(c:number)
                .output through
                through(c) :- k_clique(e, 4, c, 14), k_clique(e, 4, c, 10).
                """);
        assertEquals(List.of("3\t11", "4\t5", "6\t0"), t.output("n"));
        // 4-cliques of {10..14} in lexicographic order: 0 {10,11,12,13}, 1 {10,11,12,14}, 2 {10,11,13,14}, 3 {10,12,13,14}.
        assertEquals(List.of("1", "2", "3"), t.output("through"));
    }

    @Test
    void quasiCliques() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        // A 6-cycle with one chord (1-4), and K_4 on 10..13 with one edge (12-13) missing.
        t.facts("e", "1\t2", "2\t3", "3\t4", "4\t5", "5\t6", "6\t1", "1\t4",
                "10\t11", "10\t12", "10\t13", "11\t12", "11\t13");
        t.run(DECLS + """
                .decl q(c:number, v:number)
                .output q
                q(c, v) :- quasi_clique(e, 1, 2, c, v).
                .decl near(c:number, v:number)
                .output near
                near(c, v) :- quasi_clique(e, 0.6, 4, c, v).
                .decl loose(c:number)
                .output loose
                loose(c) :- quasi_clique(e, 0.5, 6, c).
                """);
        // gamma 1: the maximal cliques of at least 2: the cycle's 7 edges and the triangles 10-11-12, 10-11-13.
        assertEquals(7 * 2 + 2 * 3, t.output("q").size());
        // gamma 0.6, 4 vertices: each needs ceil(1.8) = 2 neighbours in the set. {10,11,12,13} is one (12 and 13
        // have 2); in the cycle, {1,2,3,4} (1 and 4 adjacent) and {4,5,6,1} are; none of them extends.
        assertEquals(List.of("0\t1", "0\t2", "0\t3", "0\t4", "1\t1", "1\t4", "1\t5", "1\t6",
                "2\t10", "2\t11", "2\t12", "2\t13"), t.output("near"));
        // gamma 0.5, 6 vertices: each needs 3 neighbours; 2, 3, 5, 6 have 2 in the cycle: none.
        assertTrue(t.output("loose").isEmpty());
    }

    @Test
    void queriesCallThePredicatesWithTheProgramsRows() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        graph(t);
        RunResult r = t.run(DECLS + """
                .decl maximal(c:number, v:number)
                .output maximal
                maximal(c, v) :- maximal_clique(e, 2, c, v).
                .decl n(x:number)
                .output n
                n(x) :- x = count : { k_clique(e, 4, _) }.
                """);
        try (Engine e = t.engine(2)) {
            QueryResult maximal = e.query(r.database(), "?- maximal_clique(e, 2, c, v).");
            assertEquals(List.of("c", "v"), maximal.variables());
            List<String> rows = new ArrayList<>();
            maximal.rows().forEach(row -> rows.add(String.join("\t", row)));
            rows.sort(null);
            assertEquals(t.output("maximal"), rows);
            // the program counted its 4-cliques without listing them; the query lists them
            assertEquals(List.of("5"), t.output("n"));
            assertEquals(5, e.query(r.database(), "k_clique(e, 4, c)").rows().size());
            assertEquals(List.of(List.of("2")), e.query(r.database(), "x = count : { quasi_clique(e, 1, 3, _) }").rows());
            assertTrue(e.query(r.database(), "max_clique(e, _, 12)").holds());
            assertEquals(List.of(List.of("5")), e.query(r.database(), "x = count : { k_clique(e, 4, _) }").rows());
        }
    }

    /** A query that only counts a search's sets does not list them: K30's 155,117,520 15-cliques. */
    @Test
    void aQueryThatOnlyCountsASearchCountsIt() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        List<String> edges = new ArrayList<>();
        for (int a = 0; a < 30; a++) {
            for (int b = a + 1; b < 30; b++) {
                edges.add(a + "\t" + b);
            }
        }
        t.facts("e", edges.toArray(new String[0]));
        RunResult r = t.run(DECLS);
        try (Engine e = t.engine(2)) {
            assertEquals(List.of(List.of("155117520")), e.query(r.database(), "x = count : { k_clique(e, 15, _) }").rows());
            // a count that reads a set's id lists the sets (here K30's 4,060 triangles)
            assertEquals(List.of(List.of("4")), e.query(r.database(), "x = count : { k_clique(e, 3, c), c < 4 }").rows());
        }
    }

    @Test
    void explainSaysWhichSearch() throws Exception {
        try (Engine e = new Engine(EngineOptions.defaults())) {
            String plan = e.explain(e.parse(DECLS + """
                    .decl q(c:number, v:number)
                    .output q
                    q(c, v) :- maximal_clique(e, 10, c, v).
                    """, "test.dl"));
            assertTrue(plan.contains("graph search: the maximal cliques of at least 10 vertices of e"), plan);
            assertTrue(plan.contains("scan maximal_clique[e, 10](c, v)"), plan);
        }
    }
}
