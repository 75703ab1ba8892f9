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
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Level-wise joins whose level tables and candidate lists span hundreds of scan tiles (2,048 values
 * each), so every prefix sum crosses tiles through the single-pass scan's look-back: the rows of
 * e(x,y), x < y over 2.5 million skewed edges (about 300 tiles of flags per level) and the count of
 * x < y < z paths must equal the CPU's. A wrong tile prefix moves rows or drops them.
 */
@Tag("gpu")
class LargeLevelGpuTest {

    private static Trie skewedGraph() {
        Random rnd = new Random(5);
        int nodes = 500_000;
        int[][] rows = new int[2_500_000][];
        for (int i = 0; i < rows.length; i++) {
            int u = (int) (nodes * Math.pow(rnd.nextDouble(), 2));
            rows[i] = new int[]{u, rnd.nextInt(nodes)};
        }
        return Relation.of(2, rows).trie(new int[]{0, 1});
    }

    /** Two-column rows packed as x << 32 | y, in the order they arrive. */
    private static final class Packed implements TupleSink {
        long[] rows = new long[1 << 16];
        int n;

        @Override
        public void accept(int[] b) {
            if (n == rows.length) {
                rows = Arrays.copyOf(rows, 2 * n);
            }
            rows[n++] = ((long) b[0] << 32) | (b[1] & 0xffffffffL);
        }
    }

    private static long[] sorted(List<Packed> parts) {
        long[] all = new long[parts.stream().mapToInt(p -> p.n).sum()];
        int at = 0;
        for (Packed p : parts) {
            System.arraycopy(p.rows, 0, all, at, p.n);
            at += p.n;
        }
        Arrays.sort(all);
        return all;
    }

    @Test
    void rowsAndCountsAcrossManyScanTilesEqualTheCpus() {
        GpuRuntime rt = GpuRuntime.probe();
        Assumptions.assumeTrue(rt.available(), "no GPU: " + rt.unavailableReason());
        Trie e = skewedGraph();
        JoinQuery edgesUp = JoinQuery.builder(2).atom(e, 0, 1).lowerBound(1, 0, true).build();
        JoinQuery pathsUp = JoinQuery.builder(3).atom(e, 0, 1).atom(e, 1, 2)
                .lowerBound(1, 0, true).lowerBound(2, 1, true).build();
        GpuJoinReport report = new GpuJoinReport();
        try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU,
                GpuOptions.defaults().withStrategy(GpuJoinExecutor.Strategy.LEVELWISE), report)) {
            long[] cpu = sorted(LeapfrogJoin.run(edgesUp, 2, Packed::new));
            long[] gpu = sorted(ex.run(edgesUp, 1, Packed::new, "edges x < y"));
            assertEquals(cpu.length, gpu.length, "rows of e(x,y), x < y");
            assertArrayEquals(cpu, gpu, "rows of e(x,y), x < y");
            assertEquals(LeapfrogJoin.count(pathsUp, 2), ex.count(pathsUp, 1, "paths x < y < z"), "paths x < y < z");
            assertEquals(cpu.length, ex.count(edgesUp, 1, "count of edges x < y"), "count of e(x,y), x < y");
        }
        assertEquals(0, report.entries().stream().filter(x -> !x.where().equals("gpu-levelwise")).count(),
                "every join ran on the GPU: " + report.lines());
        System.out.println("large level-wise joins: " + report.lines());
    }
}
