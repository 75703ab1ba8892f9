package io.leapfrog.tests.gpu;

import io.leapfrog.exec.storage.ColumnType;
import io.leapfrog.exec.storage.SymbolTable;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.io.FactReader;
import io.leapfrog.exec.mining.GpuKCliques;
import io.leapfrog.exec.mining.Graph;
import io.leapfrog.exec.mining.KCliqueSearch;
import io.leapfrog.exec.mining.KCliques;
import io.leapfrog.exec.storage.Relation;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * k-cliques counted on the GPU, by both searches, against the CPU's kClist count: random graphs with planted
 * cliques (every group width, windows of one root and of many), complete graphs against the binomial, and the
 * shared SNAP graphs.
 */
@Tag("gpu")
class KCliquesGpuTest {
    private static GpuDevice device() {
        GpuRuntime rt = GpuRuntime.probe();
        Assumptions.assumeTrue(rt.available(), "no GPU: " + rt.unavailableReason());
        return rt.device();
    }

    @Test
    void randomGraphsCountAsTheCpu() {
        GpuDevice device = device();
        SplittableRandom rnd = new SplittableRandom(20261128);
        int graphs = 0;
        for (int n : new int[] {8, 30, 70, 150, 400, 1100}) {
            for (double density : new double[] {0.05, 0.3, 0.8}) {
                Relation r = graph(rnd, n, density, n >= 400 ? 0.01 : density, rnd.nextInt(3));
                Graph g = Graph.undirected(r);
                graphs++;
                for (int k = 3; k <= 12; k++) {
                    long want = KCliques.count(g, k, 8);
                    String what = "n " + n + ", density " + density + ", k " + k;
                    for (KCliqueSearch s : KCliqueSearch.values()) {
                        if (s == KCliqueSearch.LISTING && want > 2_000_000_000L) {
                            continue;
                        }
                        assertEquals(want, GpuKCliques.count(device, g, k, s), what + ", " + s);
                    }
                    assertEquals(want, GpuKCliques.count(device, g, k, KCliqueSearch.PIVOTING, 4096), what + ", small windows");
                    if (want > 20_000_000L) {
                        break;   // the CPU's count of the next k would take minutes
                    }
                }
            }
        }
        assertEquals(18, graphs);
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 31, 32, 33, 100, 513, 1025})
    void completeGraphsHaveBinomiallyManyCliques(int n) {
        GpuDevice device = device();
        Graph g = Graph.undirected(complete(n));
        for (int k = 3; k <= Math.min(n + 1, GpuKCliques.MAX_K); k++) {
            BigInteger want = binomial(n, k);
            if (want.bitLength() > 63) {
                continue;
            }
            assertEquals(want.longValueExact(), GpuKCliques.count(device, g, k, KCliqueSearch.PIVOTING), "K" + n + ", k " + k);
            // Listing walks each clique, and a complete graph has few tasks (one per edge) to spread them over.
            if (want.compareTo(BigInteger.valueOf(2_000_000L)) < 0) {
                assertEquals(want.longValueExact(), GpuKCliques.count(device, g, k, KCliqueSearch.LISTING), "K" + n + ", k " + k);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ca-GrQc", "oregon1_010331", "wiki-Vote", "ego-Facebook"})
    void snapGraphsCountAsTheCpu(String name) {
        GpuDevice device = device();
        Path file = Path.of(System.getProperty("leapfrog.shared", "../../shared")).resolve("data").resolve(name + ".txt.gz");
        Assumptions.assumeTrue(Files.isRegularFile(file), "shared data absent: " + file);
        Graph g = Graph.undirected(FactReader.snap(ColumnType.repeat(ColumnType.NUMBER, 2), new SymbolTable()).read(file));
        for (int k = 3; k <= 9; k++) {
            if (name.equals("ego-Facebook") && k > 6) {
                break;
            }
            long want = KCliques.count(g, k, Runtime.getRuntime().availableProcessors());
            for (KCliqueSearch s : KCliqueSearch.values()) {
                assertEquals(want, GpuKCliques.count(device, g, k, s), name + ", k " + k + ", " + s);
            }
        }
    }

    /**
     * n vertices, pairs joined with probability {@code density} (the first half) or {@code sparse} (the rest),
     * and {@code planted} cliques of 8 to 24 vertices.
     */
    private static Relation graph(SplittableRandom rnd, int n, double density, double sparse, int planted) {
        List<int[]> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (rnd.nextDouble() < (i < n / 2 ? density : sparse)) {
                    rows.add(rnd.nextBoolean() ? new int[] {i * 5 - 40, j * 5 - 40} : new int[] {j * 5 - 40, i * 5 - 40});
                }
            }
        }
        for (int p = 0; p < planted; p++) {
            int size = Math.min(n, 8 + rnd.nextInt(17));
            int[] members = rnd.ints(0, n).distinct().limit(size).toArray();
            for (int a = 0; a < members.length; a++) {
                for (int b = a + 1; b < members.length; b++) {
                    rows.add(new int[] {members[a] * 5 - 40, members[b] * 5 - 40});
                }
            }
        }
        return Relation.of(2, rows.toArray(new int[0][]));
    }

    private static Relation complete(int n) {
        List<int[]> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                rows.add(new int[] {i, j});
            }
        }
        return Relation.of(2, rows.toArray(new int[0][]));
    }

    private static BigInteger binomial(int n, int r) {
        BigInteger b = BigInteger.ONE;
        for (int i = 0; i < r; i++) {
            b = b.multiply(BigInteger.valueOf(n - i)).divide(BigInteger.valueOf(i + 1));
        }
        return b;
    }
}
