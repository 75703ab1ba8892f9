package io.leapfrog.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Souffle's {@code eqrel} relations: the smallest equivalence relation holding what is inserted (facts,
 * input and rules), checked against a union-find over random pairs, and used by other rules (negation,
 * counting) like any relation.
 */
class EquivalenceRelationTest {
    @TempDir
    Path dir;

    @Test
    void holdsTheClosureOfRandomPairsAsAUnionFindDoes() throws Exception {
        Random random = new Random(7);
        int nodes = 60;
        int[] parent = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            parent[i] = i;
        }
        List<String> pairs = new ArrayList<>();
        boolean[] touched = new boolean[nodes];
        for (int i = 0; i < 45; i++) {
            int a = random.nextInt(nodes);
            int b = random.nextInt(nodes);
            pairs.add(a + "\t" + b);
            touched[a] = true;
            touched[b] = true;
            parent[find(parent, a)] = find(parent, b);
        }
        List<String> expected = new ArrayList<>();
        for (int a = 0; a < nodes; a++) {
            for (int b = 0; b < nodes; b++) {
                if (touched[a] && touched[b] && find(parent, a) == find(parent, b)) {
                    expected.add(a + "\t" + b);
                }
            }
        }
        Collections.sort(expected);

        EngineTestSupport t = new EngineTestSupport(dir);
        t.facts("link", pairs.toArray(String[]::new));
        t.run("""
                .decl link(a:number, b:number)
                .input link
                .decl same(a:number, b:number) eqrel
                .output same
                same(a, b) :- link(a, b).
                """);
        assertEquals(expected, t.output("same"));
    }

    @Test
    void factsAreClosedAndOtherRulesReadTheClosure() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.run("""
                .decl alias(a:symbol, b:symbol) eqrel
                alias("p", "q"). alias("r", "q"). alias("s", "t"). alias("u", "u").
                .decl representative(a:symbol)
                .output representative
                representative(a) :- alias(a, _), !smaller(a).
                .decl smaller(a:symbol)
                smaller(a) :- alias(a, b), b < a.
                .decl classOf(a:symbol, n:number)
                .output classOf
                classOf(a, n) :- representative(a), n = count : { alias(a, _) }.
                """);
        assertEquals(List.of("p", "s", "u"), t.output("representative"));
        assertEquals(List.of("p\t3", "s\t2", "u\t1"), t.output("classOf"));
    }

    private static int find(int[] parent, int x) {
        while (parent[x] != x) {
            x = parent[x];
        }
        return x;
    }

    @Test
    void closesEachRoundOfARecursiveStratum() throws Exception {
        // unification as in Steensgaard's analysis: equal objects have equal fields; the closure of
        // each round's pairs feeds the next round (a, b equal => fields f(a), f(b) equal => their fields ...)
        EngineTestSupport t = new EngineTestSupport(dir);
        t.run("""
                .decl field(o:number, f:number)
                field(1, 10). field(2, 20). field(3, 30). field(10, 100). field(30, 300). field(20, 200).
                .decl same(a:number, b:number) eqrel
                .printsize same
                .decl classOf(a:number, n:number)
                .output classOf
                same(1, 2). same(2, 3).
                same(x, y) :- same(a, b), field(a, x), field(b, y).
                classOf(a, n) :- same(a, _), n = count : { same(a, _) }.
                """);
        // {1,2,3}, {10,20,30}, {100,200,300}: three classes of three
        assertEquals(List.of("1\t3", "10\t3", "100\t3", "2\t3", "20\t3", "200\t3", "3\t3", "30\t3", "300\t3"),
                t.output("classOf"));
        assertEquals(List.of("same\t27"), t.last.printSizeLines());
        try (Engine e = t.engine(1)) {
            String plan = e.explain(e.parse("""
                    .decl f(o:number, g:number)
                    f(1, 2).
                    .decl same(a:number, b:number) eqrel
                    same(x, y) :- f(x, y).
                    """, "eq.dl"));
            assertTrue(plan.contains("eqrel: same is kept closed"), plan);
        }
    }

    @Test
    void aLargeClassIsClosedWithoutAJoinPerPair() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.run("""
                .decl link(a:number, b:number)
                link(i, i + 1) :- i = range(0, 1500).
                .decl same(a:number, b:number) eqrel
                same(a, b) :- link(a, b).
                .decl size(n:number)
                .output size
                size(n) :- n = count : { same(_, _) }.
                """);
        assertEquals(List.of(Integer.toString(1501 * 1501)), t.output("size"));
    }
}
