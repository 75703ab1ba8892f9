package io.leapfrog.engine;

import io.leapfrog.planner.PlannerOptions;
import io.leapfrog.planner.PlannerOptions.DegreeOrder;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Counted clique queries over a graph renumbered by degree give the counts of the graph as it is:
 * each query, on random graphs stored symmetric, increasing, or neither, with the renumbering forced
 * ("always"), chosen by measured work (the default) and off, equals a nested-loop count of the same
 * body over the graph's nodes. Queries that are no clique query, or whose data does not allow it, say
 * that they were counted as numbered.
 */
class DegreeRenumberedCountTest {

    @TempDir
    Path dir;

    /**
     * A counted body over e: its text, its variables' count, the same body for the nested-loop count,
     * and whether it is a clique query whose comparisons order every variable, and one whose atoms'
     * directions (with the comparisons) form no cycle.
     */
    private record Query(String body, int vars, Body check, boolean ordered, boolean acyclic) {
        /** Whether the query may count over its graph renumbered, when the graph has this shape. */
        boolean allowsRenumbering(String shape) {
            return shape.equals("symmetric") ? ordered : shape.equals("increasing") && acyclic;
        }
    }

    @FunctionalInterface
    private interface Body {
        boolean holds(Set<Long> e, int[] v);
    }

    private static boolean edge(Set<Long> e, int a, int b) {
        return e.contains((long) a << 32 | (b & 0xffffffffL));
    }

    private static final List<Query> QUERIES = List.of(
            new Query("e(x, y), e(y, z), e(x, z), x < y, y < z", 3,
                    (e, v) -> edge(e, v[0], v[1]) && edge(e, v[1], v[2]) && edge(e, v[0], v[2]) && v[0] < v[1] && v[1] < v[2], true, true),
            new Query("e(y, x), e(z, y), e(x, z), y > x, z > y", 3,
                    (e, v) -> edge(e, v[1], v[0]) && edge(e, v[2], v[1]) && edge(e, v[0], v[2]) && v[1] > v[0] && v[2] > v[1], true, false),
            new Query("e(x, y), e(y, z), e(x, z)", 3,
                    (e, v) -> edge(e, v[0], v[1]) && edge(e, v[1], v[2]) && edge(e, v[0], v[2]), false, true),
            new Query("e(w, x), e(w, y), e(w, z), e(x, y), e(x, z), e(y, z)", 4,
                    (e, v) -> edge(e, v[0], v[1]) && edge(e, v[0], v[2]) && edge(e, v[0], v[3]) && edge(e, v[1], v[2])
                            && edge(e, v[1], v[3]) && edge(e, v[2], v[3]), false, true),
            new Query("e(w, x), e(x, y), e(y, z), e(w, y), e(w, z), e(x, z), w < x, x < y, y < z", 4,
                    (e, v) -> edge(e, v[0], v[1]) && edge(e, v[1], v[2]) && edge(e, v[2], v[3]) && edge(e, v[0], v[2])
                            && edge(e, v[0], v[3]) && edge(e, v[1], v[3]) && v[0] < v[1] && v[1] < v[2] && v[2] < v[3], true, true),
            // a cycle of atoms: no binding on an increasing graph, and not renumbered there
            new Query("e(x, y), e(y, z), e(z, x)", 3,
                    (e, v) -> edge(e, v[0], v[1]) && edge(e, v[1], v[2]) && edge(e, v[2], v[0]), false, false),
            // the comparisons order only two of three variables
            new Query("e(x, y), e(y, z), e(x, z), x < y", 3,
                    (e, v) -> edge(e, v[0], v[1]) && edge(e, v[1], v[2]) && edge(e, v[0], v[2]) && v[0] < v[1], false, true),
            // y above both others, x and z unordered: with loops (x = z) the count depends on the numbering
            new Query("e(x, y), e(y, z), e(x, z), x < y, z < y", 3,
                    (e, v) -> edge(e, v[0], v[1]) && edge(e, v[1], v[2]) && edge(e, v[0], v[2]) && v[0] < v[1] && v[2] < v[1],
                    false, false),
            // paths, not cliques: their count depends on the numbering, so never renumbered
            new Query("e(x, y), e(y, z), x < y, y < z", 3,
                    (e, v) -> edge(e, v[0], v[1]) && edge(e, v[1], v[2]) && v[0] < v[1] && v[1] < v[2], false, false));

    @Test
    void countsEqualNestedLoopsWithAndWithoutRenumbering() throws IOException {
        Random rnd = new Random(23);
        int renumbered = 0;
        for (int trial = 0; trial < 12; trial++) {
            String kind = switch (trial % 3) {
                case 0 -> "symmetric";
                case 1 -> "increasing";
                default -> "neither";
            };
            int nodes = 8 + rnd.nextInt(18);
            int base = trial % 2 == 0 ? 0 : -40;
            Set<Long> e = randomGraph(rnd, nodes, base, kind, trial % 2 == 0);
            writeFacts(e);
            int[] values = new int[nodes];
            for (int i = 0; i < nodes; i++) {
                values[i] = base + 3 * i;
            }
            for (Query q : QUERIES) {
                long expected = nestedLoops(q, e, values);
                for (DegreeOrder setting : DegreeOrder.values()) {
                    String what = kind + " graph " + trial + ", " + q.body + ", degreeOrder=" + setting;
                    EngineTestSupport t = new EngineTestSupport(dir);
                    t.planner = PlannerOptions.defaults().withDegreeOrder(setting);
                    RunResult r = t.run(program(q.body));
                    assertEquals(List.of(Long.toString(expected)), t.output("c"), what);
                    String decisions = String.join("\n", r.degreeRenumberings());
                    boolean allowed = setting != DegreeOrder.NEVER && q.allowsRenumbering(kind);
                    if (setting == DegreeOrder.ALWAYS && allowed) {
                        assertTrue(decisions.contains("counted with its nodes renumbered by degree"), what + ": " + decisions);
                        renumbered++;
                    } else if (!allowed) {
                        assertTrue(!decisions.contains("counted with its nodes renumbered"), what + ": " + decisions);
                    }
                }
            }
        }
        assertTrue(renumbered > 20, "renumbered runs: " + renumbered);
    }

    @Test
    void aPrintsizeRelationOfCliquesIsCountedRenumbered() throws IOException {
        Random rnd = new Random(8);
        for (String kind : new String[]{"increasing", "symmetric"}) {
            Set<Long> e = randomGraph(rnd, 20, -7, kind, kind.equals("symmetric"));
            writeFacts(e);
            int[] values = new int[20];
            for (int i = 0; i < values.length; i++) {
                values[i] = -7 + 3 * i;
            }
            Query q = kind.equals("increasing") ? QUERIES.get(2) : QUERIES.get(0);
            EngineTestSupport t = new EngineTestSupport(dir);
            t.planner = PlannerOptions.defaults().withDegreeOrder(DegreeOrder.ALWAYS);
            RunResult r = t.run(".decl e(a:number, b:number)\n.input e\n.decl k(x:number, y:number, z:number)\n"
                    + ".printsize k\nk(x, y, z) :- " + q.body + ".\n");
            assertEquals(List.of("k\t" + nestedLoops(q, e, values)), r.printSizeLines(), kind);
            assertTrue(String.join("\n", r.degreeRenumberings()).contains("counted with its nodes renumbered by degree"),
                    kind + ": " + r.degreeRenumberings());
        }
    }

    @Test
    void explainWithDataSaysWhatWasChosen() throws IOException {
        Set<Long> e = randomGraph(new Random(3), 30, 0, "symmetric", false);
        writeFacts(e);
        EngineTestSupport t = new EngineTestSupport(dir);
        t.planner = PlannerOptions.defaults().withDegreeOrder(DegreeOrder.ALWAYS);
        try (Engine engine = t.engine(2)) {
            String text = engine.explain(engine.parse(program(QUERIES.get(0).body), "q.dl"), dir.resolve("facts"));
            assertTrue(text.contains("clique count over e: counted with its nodes renumbered by degree when e is symmetric"), text);
            assertTrue(text.contains("e is symmetric and the comparisons order every variable: counted with its nodes"
                    + " renumbered by degree"), text);
        }
    }

    /**
     * A graph of more than 2^20 edges (past the size up to which a trial may sort a reordered index):
     * its clique count is still measured, in the relation's own column order, so the renumbering is
     * chosen by measured work. (Unmeasured, it would be taken blindly: on the GPU rmat-20's triangles
     * would spend about a second renumbering for a join of a few tens of milliseconds.)
     */
    @Test
    void aLargeGraphsCliqueCountIsMeasured() throws IOException {
        int nodes = 110_000;
        int band = 10;
        String[] lines = new String[nodes * band];
        int n = 0;
        for (int i = 0; i < nodes; i++) {
            for (int j = 1; j <= band; j++) {
                lines[n++] = i + "\t" + (i + j);
            }
        }
        new EngineTestSupport(dir).facts("e", lines);
        EngineTestSupport t = new EngineTestSupport(dir);
        try (Engine engine = t.engine(2)) {
            String text = engine.explain(engine.parse(program(QUERIES.get(2).body), "q.dl"), dir.resolve("facts"));
            assertTrue(text.contains("every tuple of e is increasing: counted"), text);
            assertTrue(!text.contains("unknown"), text);
            assertTrue(text.matches("(?s).*measured work ~[0-9.e+]+.*"), text);
        }
    }

    private static String program(String body) {
        return ".decl e(a:number, b:number)\n.input e\n.decl c(n:number)\n.output c\nc(n) :- n = count : { " + body + " }.\n";
    }

    /**
     * Random edges among nodes base, base+3, ...: both ways (with some loops when asked), lower to
     * higher, or some one way and some both.
     */
    private static Set<Long> randomGraph(Random rnd, int nodes, int base, String kind, boolean loops) {
        Set<Long> e = new HashSet<>();
        double density = 0.2 + rnd.nextDouble() * 0.5;
        for (int i = 0; i < nodes; i++) {
            for (int j = i + 1; j < nodes; j++) {
                if (rnd.nextDouble() >= density) {
                    continue;
                }
                int a = base + 3 * i;
                int b = base + 3 * j;
                switch (kind) {
                    case "symmetric" -> {
                        e.add((long) a << 32 | (b & 0xffffffffL));
                        e.add((long) b << 32 | (a & 0xffffffffL));
                        if (loops && rnd.nextInt(3) == 0) {   // a loop: then the comparisons must order every variable
                            e.add((long) a << 32 | (a & 0xffffffffL));
                        }
                    }
                    case "increasing" -> e.add((long) a << 32 | (b & 0xffffffffL));
                    default -> {
                        int r = rnd.nextInt(3);
                        if (r != 1) {
                            e.add((long) a << 32 | (b & 0xffffffffL));
                        }
                        if (r != 0) {
                            e.add((long) b << 32 | (a & 0xffffffffL));
                        }
                    }
                }
            }
        }
        return e;
    }

    private void writeFacts(Set<Long> e) throws IOException {
        List<String> lines = new ArrayList<>();
        for (long x : new TreeSet<>(e)) {
            lines.add((int) (x >> 32) + "\t" + (int) x);
        }
        new EngineTestSupport(dir).facts("e", lines.toArray(new String[0]));
    }

    /** The number of bindings of the body's variables to node values for which it holds. */
    private static long nestedLoops(Query q, Set<Long> e, int[] values) {
        int[] v = new int[q.vars];
        return assign(q, e, values, v, 0);
    }

    private static long assign(Query q, Set<Long> e, int[] values, int[] v, int i) {
        if (i == v.length) {
            return q.check.holds(e, v) ? 1 : 0;
        }
        long n = 0;
        for (int value : values) {
            v[i] = value;
            n += assign(q, e, values, v, i + 1);
        }
        return n;
    }
}
