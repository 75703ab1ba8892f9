package io.leapfrog.tests.differential;

import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.TupleSink;
import io.leapfrog.exec.storage.Relation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The differential suite every join path must pass: random graphs (uniform and R-MAT skewed, directed
 * and symmetric, several sizes) and random conjunctive queries of 2-6 atoms (cyclic and acyclic, with
 * constants, repeated variables and comparisons). Each join under test must enumerate exactly the
 * nested-loop evaluator's (and DuckDB's {@code SELECT DISTINCT}) rows and count as many. Every failure
 * names the join, the seed, the Datalog rule and the SQL. The same seeds give the same queries for
 * every caller, so the CPU and GPU runs check the same cases.
 */
final class DifferentialSuite {
    static final long SEED = 20261122L;
    private static final int QUERIES_PER_GRAPH = 40;
    private static final long NAIVE_BUDGET = 400_000;

    /** A join path: enumerates a query's results into sinks, and counts them. */
    interface JoinUnderTest {
        String name();

        <S extends TupleSink> List<S> run(JoinQuery q, java.util.function.Supplier<S> sinks);

        long count(JoinQuery q);
    }

    /** What a run compared. */
    record Summary(int compared, int cyclic, int nonEmpty, int skipped, long naiveMs, long duckMs) {
    }

    private record GraphCase(String name, Function<Random, Relation> edges, int nodes) {
    }

    static final List<GraphCase> GRAPHS = List.of(
            new GraphCase("tiny dense", r -> RandomGraphs.uniform(r, 8, 24), 8),
            new GraphCase("uniform 40/150", r -> RandomGraphs.uniform(r, 40, 150), 40),
            new GraphCase("uniform symmetric 100/300", r -> RandomGraphs.symmetric(RandomGraphs.uniform(r, 100, 300)), 100),
            new GraphCase("rmat scale 6/250", r -> RandomGraphs.rmat(r, 6, 250), 64),
            new GraphCase("rmat symmetric scale 8/600", r -> RandomGraphs.symmetric(RandomGraphs.rmat(r, 8, 600)), 256),
            new GraphCase("sparse 400/700", r -> RandomGraphs.uniform(r, 400, 700), 400));

    /** Collects the head columns of each result. */
    static final class HeadSink implements TupleSink {
        final int[] levels;
        final List<List<Integer>> rows = new ArrayList<>();

        HeadSink(int[] levels) {
            this.levels = levels;
        }

        @Override
        public void accept(int[] binding) {
            List<Integer> t = new ArrayList<>(levels.length);
            for (int l : levels) {
                t.add(binding[l]);
            }
            rows.add(t);
        }
    }

    private DifferentialSuite() {
    }

    /**
     * Runs the suite against {@code joins}; {@code duck} may be null (then only the nested loops are
     * the reference).
     */
    static Summary run(List<JoinUnderTest> joins, DuckDb duck) throws Exception {
        int compared = 0;
        int skipped = 0;
        int cyclic = 0;
        int nonEmpty = 0;
        long naiveNs = 0;
        long duckNs = 0;
        for (int g = 0; g < GRAPHS.size(); g++) {
            GraphCase gc = GRAPHS.get(g);
            Random rnd = new Random(SEED + g);
            Map<String, Relation> rels = new LinkedHashMap<>();
            rels.put("e", gc.edges().apply(rnd));
            rels.put("f", RandomGraphs.uniform(rnd, gc.nodes(), Math.max(10, gc.nodes() * 2)));
            rels.put("u", RandomGraphs.random(rnd, 1, Math.max(2, gc.nodes() / 3), gc.nodes()));
            rels.put("t", RandomGraphs.random(rnd, 3, gc.nodes() * 2, gc.nodes()));
            if (duck != null) {
                duck.load(rels);
            }
            NestedLoopEvaluator naive = new NestedLoopEvaluator(rels);
            Map<String, Integer> schema = new LinkedHashMap<>();
            rels.forEach((k, v) -> schema.put(k, v.arity()));
            RandomQueryGenerator gen = new RandomQueryGenerator(rnd, schema, gc.nodes());
            for (int i = 0; i < QUERIES_PER_GRAPH; i++) {
                int atoms = 2 + i % 5;
                boolean wantCycle = (i / 5) % 2 == 1;
                RandomQuery q = gen.next(atoms, wantCycle);
                String where = "graph '" + gc.name() + "' (seed " + (SEED + g) + "), query " + i + ": "
                        + q.toDatalog("q") + "\n  SQL: " + q.toSql();
                long t0 = System.nanoTime();
                Set<List<Integer>> expected = naive.evaluate(q, NAIVE_BUDGET);
                naiveNs += System.nanoTime() - t0;
                if (expected == null) {
                    skipped++;
                    continue;
                }
                if (duck != null) {
                    long t1 = System.nanoTime();
                    Set<List<Integer>> duckRows = duck.query(q.toSql(), q.head().length);
                    duckNs += System.nanoTime() - t1;
                    assertEquals(expected, duckRows, "DuckDB disagrees with the nested loops on " + where);
                }
                JoinQueryCompiler.Compiled c = JoinQueryCompiler.compile(q, rels, rnd);
                for (JoinUnderTest j : joins) {
                    List<HeadSink> sinks = j.run(c.query(), () -> new HeadSink(c.headLevels()));
                    List<List<Integer>> got = new ArrayList<>();
                    sinks.forEach(s -> got.addAll(s.rows));
                    assertEquals(expected, new HashSet<>(got), j.name() + " run on " + where);
                    long count = j.count(c.query());
                    assertEquals(got.size(), count, j.name() + " count vs run on " + where);
                    if (!c.projects()) {
                        assertEquals(expected.size(), got.size(), j.name() + " emitted duplicates on " + where);
                    }
                }
                compared++;
                cyclic += q.isCyclic() ? 1 : 0;
                nonEmpty += expected.isEmpty() ? 0 : 1;
            }
        }
        int total = GRAPHS.size() * QUERIES_PER_GRAPH;
        assertTrue(compared >= total * 8 / 10, "too many queries skipped for size: " + skipped + " of " + total);
        assertTrue(cyclic >= compared / 5, "too few cyclic queries: " + cyclic + " of " + compared);
        assertTrue(nonEmpty >= compared / 3, "too few queries with results: " + nonEmpty + " of " + compared);
        return new Summary(compared, cyclic, nonEmpty, skipped, naiveNs / 1_000_000, duckNs / 1_000_000);
    }
}
