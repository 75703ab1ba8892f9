package io.leapfrog.tests.gpu;

import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuJoinReport;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.Reduction;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.Trie;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * sum / min / max of each variable over a join's bindings on the GPU (reduced on the device by both
 * strategies: lw_reduce, lftj_reduce_*) equal the CPU's, including negative values, a
 * join with no bindings, and a 1.5 MiB budget (the trie takes about 0.25 MiB; level tables split).
 */
@Tag("gpu")
class GpuReductionTest {

    /** A skewed graph over ids -300..2699 (negative ids exercise signed min/max and sums). */
    private static Trie graph() {
        Random rnd = new Random(23);
        List<int[]> rows = new ArrayList<>();
        for (int i = 0; i < 30_000; i++) {
            int u = (int) (3000 * Math.pow(rnd.nextDouble(), 2)) - 300;
            int v = rnd.nextInt(3000) - 300;
            if (u != v) {
                rows.add(new int[]{u, v});
                rows.add(new int[]{v, u});
            }
        }
        return Relation.of(2, rows.toArray(new int[0][])).trie(new int[]{0, 1});
    }

    @ParameterizedTest
    @EnumSource(value = GpuJoinExecutor.Strategy.class, names = {"LFTJ", "LEVELWISE"})
    void reductionsEqualTheCpus(GpuJoinExecutor.Strategy strategy) {
        GpuRuntime rt = GpuRuntime.probe();
        Assumptions.assumeTrue(rt.available(), "no GPU: " + rt.unavailableReason());
        Trie e = graph();
        List<JoinQuery> queries = List.of(
                JoinQuery.builder(3).atom(e, 0, 1).atom(e, 1, 2).atom(e, 0, 2)
                        .lowerBound(1, 0, true).lowerBound(2, 1, true).build(),
                JoinQuery.builder(4).atom(e, 0, 1).atom(e, 0, 2).atom(e, 0, 3).atom(e, 1, 2).atom(e, 1, 3).atom(e, 2, 3)
                        .lowerBound(1, 0, true).lowerBound(2, 1, true).lowerBound(3, 2, true).build(),
                JoinQuery.builder(2).atom(e, 0, 1).upperBoundConst(0, -100, false).build(),   // negative values only
                JoinQuery.builder(2).atom(e, 0, 1).lowerBoundConst(0, 5000, false).build());   // no bindings
        for (long budget : new long[]{0, 1536L << 10}) {
            GpuJoinReport report = new GpuJoinReport();
            try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, strategy, budget, 0, report)) {
                for (int i = 0; i < queries.size(); i++) {
                    JoinQuery q = queries.get(i);
                    for (int var = 0; var < q.varCount(); var++) {
                        for (Reduction.Op op : Reduction.Op.values()) {
                            Reduction r = new Reduction(var, op);
                            String name = "query " + i + " " + op + "(v" + var + ") on " + strategy.label + ", budget " + budget;
                            assertEquals(r.onCpu(q, 2), ex.reduce(q, 1, r, name), name);
                        }
                    }
                }
            }
            assertEquals(0, report.entries().stream().filter(x -> !x.where().equals(strategy.label)).count(),
                    "every reduction ran on " + strategy.label + ": " + report.lines());
        }
    }
}
