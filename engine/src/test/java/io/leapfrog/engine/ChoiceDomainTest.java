package io.leapfrog.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Souffle's choice-domain: a key's value appears in at most one tuple. A spanning tree over a random
 * graph reaches every node the graph reaches, with one parent each along graph edges; with several keys,
 * a tuple needs all of them free; the choice is the same on every run and thread count.
 */
class ChoiceDomainTest {
    @TempDir
    Path dir;

    @Test
    void spanningTreeOfARandomGraph() throws Exception {
        Random random = new Random(3);
        List<String> edges = new ArrayList<>();
        Map<Integer, List<Integer>> adjacent = new HashMap<>();
        for (int i = 0; i < 400; i++) {
            int a = random.nextInt(120);
            int b = random.nextInt(120);
            edges.add(a + "\t" + b);
            adjacent.computeIfAbsent(a, k -> new ArrayList<>()).add(b);
        }
        Set<Integer> reached = new HashSet<>(List.of(0));     // reachable from 0 (the root), by search
        List<Integer> work = new ArrayList<>(List.of(0));
        while (!work.isEmpty()) {
            for (int next : adjacent.getOrDefault(work.remove(work.size() - 1), List.of())) {
                if (reached.add(next)) {
                    work.add(next);
                }
            }
        }
        String program = """
                .decl edge(a:number, b:number)
                .input edge
                .decl tree(parent:number, child:number) choice-domain child
                .output tree
                tree(-1, 0).
                tree(p, c) :- tree(_, p), edge(p, c).
                """;
        EngineTestSupport t = new EngineTestSupport(dir);
        t.facts("edge", edges.toArray(String[]::new));
        t.run(program, 1);
        List<String> one = t.output("tree");
        t.run(program, 4);
        assertEquals(one, t.output("tree"), "the same choice with 1 and 4 threads");
        Set<Integer> children = new HashSet<>();
        Set<String> edgeSet = new HashSet<>(edges);
        for (String line : one) {
            String[] f = line.split("\t");
            assertTrue(children.add(Integer.parseInt(f[1])), "one parent per child: " + line);
            assertTrue(f[0].equals("-1") || edgeSet.contains(line), "tree edges are graph edges: " + line);
        }
        assertEquals(reached, children);
        try (Engine e = t.engine(1)) {
            String plan = e.explain(e.parse(program, "tree.dl"));
            assertTrue(plan.contains("choice-domain: tree admits a tuple while its child value is free"), plan);
        }
    }

    @Test
    void everyKeyMustBeFree() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.run("""
                .decl pick(k:number, v:number) choice-domain k, v
                .output pick
                pick(1, 5). pick(1, 3). pick(2, 3). pick(2, 4). pick(3, 9).
                .decl pair(a:number, b:number, c:number) choice-domain (a, b)
                .output pair
                pair(1, 1, 7). pair(1, 1, 2). pair(1, 2, 5).
                """);
        assertEquals(List.of("1\t3", "2\t4", "3\t9"), t.output("pick"));
        assertEquals(List.of("1\t1\t2", "1\t2\t5"), t.output("pair"));
    }
}
