package io.leapfrog.exec.mining;

import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the GPU k-clique count decides on the host: group widths, the binomial table, what it refuses. */
class GpuKCliquesHostTest {
    @Test
    void groupHoldsTheWidestRowInAsFewLanesAsAPowerOfTwoAllows() {
        int[][] cases = {{0, 1}, {1, 1}, {32, 1}, {33, 2}, {64, 2}, {65, 4}, {115, 4}, {128, 4}, {129, 8}, {513, 32},
                {1024, 32}};
        for (int[] c : cases) {
            assertEquals(c[1], GpuKCliques.groupFor(c[0]), c[0] + " later neighbours");
        }
    }

    /** The table both pivoting counts read: exact up to 2^63 - 1, -1 past it (every n to 1024, r to 32, as the GPU's). */
    @Test
    void binomialsAreExactUntilTheyPassTheLargestLong() {
        int maxR = 32;
        Binomials b = new Binomials(GpuKCliques.MAX_LATER_NEIGHBOURS, maxR);
        long[] t = b.table();
        assertEquals((GpuKCliques.MAX_LATER_NEIGHBOURS + 1) * 33, t.length, "the kernels' layout: 33 columns");
        BigInteger max = BigInteger.valueOf(Long.MAX_VALUE);
        for (int n = 0; n <= GpuKCliques.MAX_LATER_NEIGHBOURS; n++) {
            for (int r = 0; r <= maxR; r++) {
                BigInteger want = binomial(n, r);
                long got = t[n * 33 + r];
                if (want.compareTo(max) > 0) {
                    assertEquals(-1L, got, "binom(" + n + ", " + r + ") is past 2^63 - 1");
                    int nn = n;
                    int rr = r;
                    assertTrue(assertThrows(io.leapfrog.common.LeapfrogException.class, () -> b.of(nn, rr)).getMessage()
                            .contains("passes 2^63 - 1"));
                } else {
                    assertEquals(want.longValueExact(), got, "binom(" + n + ", " + r + ")");
                    assertEquals(want.longValueExact(), b.of(n, r), "binom(" + n + ", " + r + ")");
                }
            }
        }
    }

    @Test
    void refusesWhatTheKernelsCannotHold() {
        Graph k10 = Graph.undirected(RandomGraphs.complete(10));
        assertNull(GpuKCliques.ineligible(k10, 3));
        assertNull(GpuKCliques.ineligible(k10, GpuKCliques.MAX_K));
        assertTrue(GpuKCliques.ineligible(k10, 2).contains("read off the graph"));
        assertTrue(GpuKCliques.ineligible(k10, GpuKCliques.MAX_K + 1).contains("past the GPU's 32"));
        Graph wide = Graph.undirected(RandomGraphs.complete(GpuKCliques.MAX_LATER_NEIGHBOURS + 2));
        assertTrue(GpuKCliques.ineligible(wide, 3).contains("1,025 later neighbours"), GpuKCliques.ineligible(wide, 3));
        assertNull(GpuKCliques.ineligible(Graph.undirected(RandomGraphs.complete(GpuKCliques.MAX_LATER_NEIGHBOURS + 1)), 3));
    }

    @Test
    void cpuPolicyCountsOnTheCpu() {
        Graph k9 = Graph.undirected(RandomGraphs.complete(9));
        assertEquals(126, SearchDevice.CPU.countKCliques(k9, 5, 2, "k_clique"));
        assertEquals("on the CPU by pivoting", SearchDevice.CPU.explainKCliques(5));
        assertEquals("on the CPU by listing", SearchDevice.CPU.explainKCliques(4));
    }

    @Test
    void policiesSayWhereACountRunsAndWhy() {
        List<String> lines = new ArrayList<>();
        SearchDevice.Report report = (label, where, why, nanos) -> lines.add(label + ": " + where + " (" + why + ")");
        java.util.function.Supplier<io.leapfrog.exec.gpu.GpuDevice> noDevice = () -> {
            throw new AssertionError("the device was asked for");
        };
        SearchDevice gpu = new SearchDevice(noDevice, true, () -> false, report);
        SearchDevice auto = new SearchDevice(noDevice, false, () -> false, report);
        Graph k9 = Graph.undirected(RandomGraphs.complete(9));
        assertEquals(36, gpu.countKCliques(k9, 2, 2, "edges"));
        assertEquals(126, auto.countKCliques(k9, 5, 2, "fives"));
        Graph wide = Graph.undirected(RandomGraphs.complete(GpuKCliques.MAX_LATER_NEIGHBOURS + 2));
        assertEquals(wide.edges(), gpu.countKCliques(wide, 2, 2, "wide"));
        assertEquals(List.of("edges: cpu-kclist (read off the graph)",
                "fives: cpu-pivoter (auto: the device has not started and the graph has 36 edges, fewer than 1,000,000)",
                "wide: cpu-kclist (read off the graph)"), lines);
        assertEquals("on the GPU by listing when no vertex has more than 1024 later neighbours, else on the CPU by pivoting",
                gpu.explainKCliques(5));
        assertEquals("on the GPU by pivoting when no vertex has more than 1024 later neighbours and the device has started"
                + " or the graph has at least 1,000,000 edges, else on the CPU by pivoting",
                auto.explainKCliques(GpuKCliques.PIVOTING_FROM_K));
        assertEquals("on the CPU by pivoting (k past the GPU's 32)", gpu.explainKCliques(33));
    }

    private static BigInteger binomial(int n, int r) {
        if (r > n) {
            return BigInteger.ZERO;
        }
        BigInteger b = BigInteger.ONE;
        for (int i = 0; i < r; i++) {
            b = b.multiply(BigInteger.valueOf(n - i)).divide(BigInteger.valueOf(i + 1));
        }
        return b;
    }
}
