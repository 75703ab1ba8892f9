package io.leapfrog.bench;

import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.io.FactReader;
import io.leapfrog.exec.mining.GpuKCliques;
import io.leapfrog.exec.mining.Graph;
import io.leapfrog.exec.mining.KCliqueSearch;
import io.leapfrog.exec.mining.KCliques;
import io.leapfrog.exec.storage.ColumnType;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * The k-clique count's two searches ({@link KCliqueSearch}) against each other on the same graphs, on the GPU
 * or the CPU: the measurement behind {@link GpuKCliques#PIVOTING_FROM_K} and {@link KCliques#PIVOTING_FROM_K}.
 * For each graph and k, the count by listing and by pivoting (equal, or the run fails), each the median of
 * {@code runs} after one warm-up, the graph already in memory (its degeneracy order computed by the warm-up).
 * A search past {@code limit} seconds in its warm-up is not run again for larger k on that graph.
 * Run: {@code java ... io.leapfrog.bench.KCliqueSearches SHARED_DATA_DIR GRAPH[,GRAPH...] K_FROM K_TO [runs] [limit]
 * [gpu | cpu THREADS]}, a graph a SNAP file's name in the directory ({@code ego-Facebook}) or {@code rmat-<scale>}
 * (the bench's R-MAT, seed 42); the GPU by default.
 */
public final class KCliqueSearches {
    private KCliqueSearches() {
    }

    public static void main(String[] args) {
        Path data = Path.of(args[0]);
        String[] graphs = args[1].split(",");
        int from = Integer.parseInt(args[2]);
        int to = Integer.parseInt(args[3]);
        int runs = args.length > 4 ? Integer.parseInt(args[4]) : 3;
        double limit = args.length > 5 ? Double.parseDouble(args[5]) : 20;
        boolean cpu = args.length > 6 && args[6].equals("cpu");
        int threads = cpu ? Integer.parseInt(args[7]) : 0;
        GpuDevice device = cpu ? null : GpuRuntime.probe().device();
        System.out.println("graph,k,search,count,runs,median_s,min_s");
        for (String name : graphs) {
            Graph g = Graph.undirected(read(data, name));
            boolean[] tooSlow = new boolean[KCliqueSearch.values().length];
            for (int k = from; k <= to; k++) {
                long[] counts = new long[tooSlow.length];
                for (KCliqueSearch s : KCliqueSearch.values()) {
                    if (tooSlow[s.ordinal()]) {
                        System.out.printf(Locale.ROOT, "%s,%d,%s,,0,,%n", name, k, s);
                        counts[s.ordinal()] = -1;
                        continue;
                    }
                    long t0 = System.nanoTime();
                    counts[s.ordinal()] = cpu ? KCliques.count(g, k, threads, s) : GpuKCliques.count(device, g, k, s);
                    double warm = (System.nanoTime() - t0) / 1e9;
                    int n = warm > limit ? 0 : runs;
                    double[] times = new double[n];
                    for (int i = 0; i < n; i++) {
                        long t = System.nanoTime();
                        if (cpu) {
                            KCliques.count(g, k, threads, s);
                        } else {
                            GpuKCliques.count(device, g, k, s);
                        }
                        times[i] = (System.nanoTime() - t) / 1e9;
                    }
                    Arrays.sort(times);
                    double median = n == 0 ? warm : times[n / 2];
                    double min = n == 0 ? warm : times[0];
                    tooSlow[s.ordinal()] = warm > limit;
                    System.out.printf(Locale.ROOT, "%s,%d,%s,%d,%d,%.5f,%.5f%n", name, k, s, counts[s.ordinal()], n, median, min);
                }
                if (counts[0] >= 0 && counts[1] >= 0 && counts[0] != counts[1]) {
                    throw new IllegalStateException(name + " k " + k + ": listing " + counts[0] + ", pivoting " + counts[1]);
                }
            }
        }
    }

    private static Relation read(Path data, String name) {
        int scale = RmatGraphs.scaleOf(name);
        if (scale > 0) {
            EdgeList e = RmatGraphs.generate(scale, 16, 42);
            int[][] rows = new int[e.size()][];
            for (int i = 0; i < e.size(); i++) {
                rows[i] = new int[] {e.src()[i], e.dst()[i]};
            }
            return Relation.of(2, rows);
        }
        return FactReader.snap(ColumnType.repeat(ColumnType.NUMBER, 2), new SymbolTable()).read(data.resolve(name + ".txt.gz"));
    }
}
