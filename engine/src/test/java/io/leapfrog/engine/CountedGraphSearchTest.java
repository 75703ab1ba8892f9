package io.leapfrog.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Graph searches that only counts read (a {@code count} over the call alone, {@code .printsize} of a
 * relation that is the call's rows) are counted, not listed: the counts equal the rows of the same calls
 * listed, and k-clique counts equal a brute force over all vertex subsets, on random graphs; explain says
 * which searches are only counted, and a search read any other way is listed.
 */
class CountedGraphSearchTest {
    @TempDir
    Path dir;
    private int runs;

    private static final String DECLS = """
            .decl e(a:number, b:number)
            .input e
            """;

    /** A random graph on vertices 0..n-1 with edges of probability p, one line per edge (some both ways, self-loops). */
    private static List<String> randomEdges(Random rnd, int n, double p) {
        List<String> lines = new ArrayList<>();
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n; b++) {
                if (rnd.nextDouble() < p) {
                    lines.add(rnd.nextBoolean() ? a + "\t" + b : b + "\t" + a);
                    if (rnd.nextInt(5) == 0) {
                        lines.add(b + "\t" + a);
                    }
                }
            }
            if (rnd.nextInt(7) == 0) {
                lines.add(a + "\t" + a);
            }
        }
        return lines;
    }

    /** The cliques of k vertices among all subsets of 0..n-1 (a vertex counts only with an edge). */
    private static long bruteForceCliques(List<String> edges, int n, int k) {
        boolean[][] adj = new boolean[n][n];
        boolean[] hasEdge = new boolean[n];
        for (String line : edges) {
            String[] ab = line.split("\t");
            int a = Integer.parseInt(ab[0]);
            int b = Integer.parseInt(ab[1]);
            if (a != b) {
                adj[a][b] = adj[b][a] = true;
                hasEdge[a] = hasEdge[b] = true;
            }
        }
        long count = 0;
        for (int mask = 1; mask < 1 << n; mask++) {
            if (Integer.bitCount(mask) != k) {
                continue;
            }
            boolean clique = true;
            for (int a = 0; a < n && clique; a++) {
                if ((mask >> a & 1) == 0) {
                    continue;
                }
                clique = hasEdge[a];
                for (int b = a + 1; b < n && clique; b++) {
                    clique = (mask >> b & 1) == 0 || adj[a][b];
                }
            }
            count += clique ? 1 : 0;
        }
        return count;
    }

    /** Counted: a count of sets, a count of member rows, and .printsize of a relation of the call's ids. */
    private static String counting(String call, String callWithMembers) {
        return DECLS + """
                .decl sets(x:number)
                .output sets
                sets(x) :- x = count : { CALL }.
                .decl rows(x:number)
                .output rows
                rows(x) :- x = count : { MEMBERS }.
                .decl ids(c:number)
                .printsize ids
                ids(c) :- CALL_C.
                """.replace("CALL_C", call.replace("_)", "c)")).replace("CALL", call).replace("MEMBERS", callWithMembers);
    }

    /** Listed: the same calls' rows written out. */
    private static String listing(String call, String callWithMembers) {
        return DECLS + """
                .decl ids(c:number)
                .output ids
                ids(c) :- CALL_C.
                .decl members(c:number, v:number)
                .output members
                members(c, v) :- MEMBERS_CV.
                """.replace("CALL_C", call.replace("_)", "c)"))
                .replace("MEMBERS_CV", callWithMembers.replace("_, _)", "c, v)"));
    }

    /** The counts of the counting program and the rows of the listing program, for one pair of calls. */
    private void assertCountedAsListed(String call, String callWithMembers, List<String> edges, int threads,
                                       Long expectedSets) throws Exception {
        EngineTestSupport counted = new EngineTestSupport(dir.resolve("run" + runs++));
        counted.facts("e", edges.toArray(new String[0]));
        RunResult r = counted.run(counting(call, callWithMembers), threads);
        EngineTestSupport listed = new EngineTestSupport(dir.resolve("run" + runs++));
        listed.facts("e", edges.toArray(new String[0]));
        listed.run(listing(call, callWithMembers), threads);
        int sets = listed.output("ids").size();
        int rows = listed.output("members").size();
        String what = call + " over " + edges;
        assertEquals(List.of(Integer.toString(sets)), counted.output("sets"), what);
        assertEquals(List.of(Integer.toString(rows)), counted.output("rows"), what);
        assertEquals(List.of("ids\t" + sets), r.printSizeLines(), what);
        if (expectedSets != null) {
            assertEquals(expectedSets.longValue(), sets, what);
        }
    }

    @Test
    void kCliqueCountsEqualTheListedRowsAndBruteForce() throws Exception {
        Random rnd = new Random(32);
        for (int trial = 0; trial < 12; trial++) {
            int n = 6 + rnd.nextInt(9);
            double p = new double[]{0.3, 0.6, 0.9}[trial % 3];
            List<String> edges = randomEdges(rnd, n, p);
            for (int k = 1; k <= 6; k++) {
                assertCountedAsListed("k_clique(e, " + k + ", _)", "k_clique(e, " + k + ", _, _)", edges,
                        1 + trial % 3, bruteForceCliques(edges, n, k));
            }
        }
    }

    @Test
    void setCountsOfTheOtherSearchesEqualTheListedRows() throws Exception {
        Random rnd = new Random(33);
        for (int trial = 0; trial < 6; trial++) {
            List<String> edges = randomEdges(rnd, 6 + rnd.nextInt(9), new double[]{0.3, 0.6, 0.9}[trial % 3]);
            int threads = 1 + trial % 3;
            assertCountedAsListed("max_clique(e, _)", "max_clique(e, _, _)", edges, threads, null);
            assertCountedAsListed("maximal_clique(e, 2, _)", "maximal_clique(e, 2, _, _)", edges, threads, null);
            assertCountedAsListed("maximal_clique(e, 4, _)", "maximal_clique(e, 4, _, _)", edges, threads, null);
            assertCountedAsListed("quasi_clique(e, 0.75, 3, _)", "quasi_clique(e, 0.75, 3, _, _)", edges, threads, null);
        }
    }

    /** One rule counting a search's sets and its members (one search answers both) agrees with the listed rows. */
    @Test
    void setsAndMembersCountedInOneRule() throws Exception {
        Random rnd = new Random(34);
        for (int trial = 0; trial < 6; trial++) {
            List<String> edges = randomEdges(rnd, 6 + rnd.nextInt(9), new double[]{0.3, 0.6, 0.9}[trial % 3]);
            for (String call : List.of("max_clique(e, _)", "k_clique(e, 3, _)", "maximal_clique(e, 2, _)",
                    "quasi_clique(e, 0.75, 3, _)")) {
                String members = call.replace("_)", "_, _)");
                EngineTestSupport both = new EngineTestSupport(dir.resolve("run" + runs++));
                both.facts("e", edges.toArray(new String[0]));
                both.run(DECLS + """
                        .decl both(n:number, m:number)
                        .output both
                        both(n, m) :- n = count : { CALL }, m = count : { MEMBERS }.
                        """.replace("CALL", call).replace("MEMBERS", members), 1 + trial % 3);
                EngineTestSupport listed = new EngineTestSupport(dir.resolve("run" + runs++));
                listed.facts("e", edges.toArray(new String[0]));
                listed.run(listing(call, members), 2);
                assertEquals(List.of(listed.output("ids").size() + "\t" + listed.output("members").size()),
                        both.output("both"), call + " over " + edges);
            }
        }
    }

    @Test
    void explainSaysWhichSearchesAreOnlyCounted() throws Exception {
        try (Engine e = new Engine(EngineOptions.defaults())) {
            String plan = e.explain(e.parse(DECLS + """
                    .decl n(x:number)
                    .output n
                    n(x) :- x = count : { k_clique(e, 6, _) }.
                    .decl per(c:number, x:number)
                    .output per
                    per(c, x) :- k_clique(e, 4, c), x = count : { k_clique(e, 4, c, _) }.
                    """, "test.dl"));
            assertTrue(plan.contains("graph search: the 6-cliques of e (as an undirected graph: both directions, no"
                    + " self-loops), one row (id) per set: counted, not listed"), plan);
            // A count that reads the id from outside (one per clique) needs the rows.
            assertTrue(plan.contains("graph search: the 4-cliques of e (as an undirected graph: both directions, no"
                    + " self-loops), one row (id, vertex) per member, on the CPU"), plan);
            assertFalse(plan.contains("4-cliques of e (as an undirected graph: both directions, no self-loops), one row"
                    + " (id) per set: counted"), plan);
        }
    }

    @Test
    void aSearchReadOtherwiseIsListedAndItsCountsStillAgree() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        // K_5 on 0..4 and a triangle 5, 6, 7.
        List<String> edges = new ArrayList<>();
        for (int a = 0; a < 5; a++) {
            for (int b = a + 1; b < 5; b++) {
                edges.add(a + "\t" + b);
            }
        }
        edges.addAll(List.of("5\t6", "6\t7", "7\t5"));
        t.facts("e", edges.toArray(new String[0]));
        t.run(DECLS + """
                .decl n(x:number)
                .output n
                n(x) :- x = count : { k_clique(e, 3, _) }.
                .decl odd(c:number)
                .output odd
                odd(c) :- k_clique(e, 3, c), c % 2 = 1.
                """);
        assertEquals(List.of("11"), t.output("n"));
        assertEquals(List.of("1", "3", "5", "7", "9"), t.output("odd"));
    }
}
