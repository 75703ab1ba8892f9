package io.leapfrog.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Variable orders chosen by measuring on the data: on a graph skewed like oregon1_010331 the engine
 * measures the 4-clique body's orders, says so in EXPLAIN with data, and counts exactly.
 */
class MeasuredOrderTest {

    private static final String FOUR_CLIQUES = """
            .decl e(x:number, y:number)
            .input e
            .decl four_cliques(n:number)
            .output four_cliques
            four_cliques(n) :- n = count : { e(w, x), e(w, y), e(w, z), e(x, y), e(x, z), e(y, z) }.
            """;

    /** Oriented edges (u < v); a few low ids are hubs that reach a third of the nodes. */
    private static List<int[]> hubGraph(long seed) {
        Random rnd = new Random(seed);
        TreeSet<Long> edges = new TreeSet<>();
        int nodes = 3000;
        while (edges.size() < 30_000) {
            int u = rnd.nextInt(4) == 0 ? rnd.nextInt(6) : rnd.nextInt(nodes);
            int v = rnd.nextInt(nodes);
            if (u != v) {
                edges.add((long) Math.min(u, v) << 32 | Math.max(u, v));
            }
        }
        List<int[]> out = new ArrayList<>();
        for (long e : edges) {
            out.add(new int[]{(int) (e >>> 32), (int) e});
        }
        return out;
    }

    /** 4-cliques w < x < y < z by brute force over adjacency sets. */
    private static long bruteForce(List<int[]> edges) {
        java.util.Map<Integer, TreeSet<Integer>> out = new java.util.HashMap<>();
        for (int[] e : edges) {
            out.computeIfAbsent(e[0], k -> new TreeSet<>()).add(e[1]);
        }
        long count = 0;
        for (int[] wx : edges) {
            TreeSet<Integer> common = new TreeSet<>(out.getOrDefault(wx[0], new TreeSet<>()));
            common.retainAll(out.getOrDefault(wx[1], new TreeSet<>()));
            for (int y : common) {
                for (int z : common.tailSet(y, false)) {
                    if (out.getOrDefault(y, new TreeSet<>()).contains(z)) {
                        count++;
                    }
                }
            }
        }
        return count;
    }

    @Test
    void skewedGraphGetsAMeasuredOrderAndTheExactCount(@TempDir Path dir) throws IOException {
        EngineTestSupport t = new EngineTestSupport(dir);
        List<int[]> edges = hubGraph(3);
        String[] lines = edges.stream().map(e -> e[0] + "\t" + e[1]).toArray(String[]::new);
        t.facts("e", lines);
        long expected = bruteForce(edges);
        assertTrue(expected > 1000, "a graph with 4-cliques: " + expected);

        RunResult r = t.run(FOUR_CLIQUES);
        assertEquals(List.of(Long.toString(expected)), t.output("four_cliques"));
        assertEquals(1, r.measuredOrders().size(), r.measuredOrders().size() + ": " + String.join("\n", r.measuredOrders()));
        assertTrue(r.measuredOrders().get(0).contains("order measured on a sample of the data"),
                r.measuredOrders().get(0));

        try (Engine e = t.engine(2)) {
            String explain = e.explain(e.parse(FOUR_CLIQUES, "test.dl"), dir.resolve("facts"));
            assertTrue(explain.contains("variable orders measured on"), explain);
        }
        // The same count on one thread.
        assertEquals(expected, Long.parseLong(count(t, 1)));
    }

    @Test
    void smallJoinsAreNotMeasured(@TempDir Path dir) throws IOException {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.facts("e", "1\t2", "1\t3", "1\t4", "2\t3", "2\t4", "3\t4", "3\t5");
        RunResult r = t.run(FOUR_CLIQUES);
        assertEquals(List.of("1"), t.output("four_cliques"));
        assertTrue(r.measuredOrders().isEmpty(), String.join("\n", r.measuredOrders()));
    }

    private static String count(EngineTestSupport t, int threads) throws IOException {
        t.run(FOUR_CLIQUES, threads);
        return t.output("four_cliques").get(0);
    }
}
