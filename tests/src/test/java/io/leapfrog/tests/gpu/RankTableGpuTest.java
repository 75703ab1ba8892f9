package io.leapfrog.tests.gpu;

import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuJoinReport;
import io.leapfrog.exec.gpu.join.GpuOptions;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.LeapfrogJoin;
import io.leapfrog.exec.join.TupleSink;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.Trie;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Joins over a graph whose first trie level is large and dense (8,000 node ids, all used), so the GPU
 * seeks in it through a rank table (executor's RankTables: at least 4,096 values, span at most 4 per
 * value): counts and rows of both strategies must equal the CPU's, with variable bounds, constant
 * bounds that start and end inside the id range, and bounds past both of its ends.
 */
@Tag("gpu")
class RankTableGpuTest {
    private static final int NODES = 8000;

    private static Trie denseSkewedGraph() {
        Random rnd = new Random(11);
        List<int[]> rows = new ArrayList<>();
        for (int v = 0; v < NODES; v++) {          // a ring: every id has edges
            int w = (v + 1) % NODES;
            rows.add(new int[]{v, w});
            rows.add(new int[]{w, v});
        }
        for (int i = 0; i < 60_000; i++) {          // skewed extra edges: low ids are hubs
            int u = (int) (NODES * Math.pow(rnd.nextDouble(), 3));
            int v = rnd.nextInt(NODES);
            if (u != v) {
                rows.add(new int[]{u, v});
                rows.add(new int[]{v, u});
            }
        }
        return Relation.of(2, rows.toArray(new int[0][])).trie(new int[]{0, 1});
    }

    private static List<JoinQuery> queries(Trie e) {
        return List.of(
                JoinQuery.builder(3).atom(e, 0, 1).atom(e, 1, 2).atom(e, 0, 2)
                        .lowerBound(1, 0, true).lowerBound(2, 1, true).build(),
                JoinQuery.builder(4).atom(e, 0, 1).atom(e, 0, 2).atom(e, 0, 3).atom(e, 1, 2).atom(e, 1, 3).atom(e, 2, 3)
                        .lowerBound(1, 0, true).lowerBound(2, 1, true).lowerBound(3, 2, true).build(),
                // constant bounds inside the id range, a variable upper bound, and a projection
                JoinQuery.builder(3).atom(e, 0, 1).atom(e, 1, 2)
                        .lowerBoundConst(0, 1000, false).upperBoundConst(0, 5000, true).upperBound(2, 0, true)
                        .lowerBoundConst(1, 7990, false).outputVars(2).build(),
                // membership in a second dense first level (y in s), bounds past both ends of the ids
                JoinQuery.builder(2).atom(e, 0, 1).atom(threeInFour(), 1)
                        .lowerBoundConst(0, -5, false).upperBoundConst(1, NODES + 100, false).build());
    }

    /** The ids v with v % 4 != 3: 6,000 values over a span of 8,000 (dense enough for a rank table). */
    private static Trie threeInFour() {
        List<int[]> rows = new ArrayList<>();
        for (int v = 0; v < NODES; v++) {
            if (v % 4 != 3) {
                rows.add(new int[]{v});
            }
        }
        return Relation.of(1, rows.toArray(new int[0][])).trie(new int[]{0});
    }

    /** Rows as sorted strings, for comparison. */
    private static final class Rows implements TupleSink {
        final List<String> rows = new ArrayList<>();
        private final int k;

        Rows(int k) {
            this.k = k;
        }

        @Override
        public void accept(int[] binding) {
            rows.add(Arrays.toString(Arrays.copyOf(binding, k)));
        }
    }

    private static List<String> sorted(List<Rows> parts) {
        List<String> all = new ArrayList<>();
        parts.forEach(p -> all.addAll(p.rows));
        all.sort(null);
        return all;
    }

    @ParameterizedTest
    @EnumSource(value = GpuJoinExecutor.Strategy.class, names = {"LFTJ", "LEVELWISE"})
    void rankTableSeeksGiveTheCpuAnswers(GpuJoinExecutor.Strategy strategy) {
        GpuRuntime rt = GpuRuntime.probe();
        Assumptions.assumeTrue(rt.available(), "no GPU: " + rt.unavailableReason());
        Trie e = denseSkewedGraph();
        GpuJoinReport report = new GpuJoinReport();
        try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, GpuOptions.defaults().withStrategy(strategy), report)) {
            int i = 0;
            for (JoinQuery q : queries(e)) {
                String name = "query " + i++ + " on " + strategy.label;
                long cpu = LeapfrogJoin.count(q, 2);
                assertEquals(cpu, ex.count(q, 1, name), name + " count");
                Supplier<Rows> sink = () -> new Rows(q.outputVars());
                assertEquals(sorted(LeapfrogJoin.run(q, 2, sink)), sorted(ex.run(q, 1, sink, name)), name + " rows");
            }
        }
        assertEquals(0, report.entries().stream().filter(x -> !x.where().equals(strategy.label)).count(),
                "every join ran on " + strategy.label + ": " + report.lines());
    }
}
