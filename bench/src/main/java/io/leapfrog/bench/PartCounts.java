package io.leapfrog.bench;

import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuJoinReport;
import io.leapfrog.exec.gpu.join.GpuOptions;
import io.leapfrog.exec.join.JoinCompiler;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.LeapfrogJoin;
import io.leapfrog.exec.storage.Trie;

import java.util.Locale;

/**
 * A clique count too long for one sitting, measured in parts: the first variable's values are cut into
 * {@code parts} ranges of about equal work (estimated by each value's two-hop out-paths in the oriented
 * graph), and parts {@code from..to-1} are counted, each by the CPU join and (where a GPU is present)
 * by the GPU's level-wise join, timed separately. The parts' counts and times add up to the whole
 * query's; running every part, over several invocations, measures the CPU join on a graph where one
 * run would outlast the device tool's 10 minutes, and checks the GPU's count part by part.
 * Run: {@code java ... io.leapfrog.bench.PartCounts <rmat-N> <triangles|4cliques> <parts> <from> <to> [threads]}.
 */
public final class PartCounts {
    private PartCounts() {
    }

    public static void main(String[] args) {
        String dataset = args[0];
        BenchQuery query = BenchQuery.valueOf(args[1].equals("4cliques") ? "FOUR_CLIQUES" : args[1].toUpperCase(Locale.ROOT));
        int parts = Integer.parseInt(args[2]);
        int from = Integer.parseInt(args[3]);
        int to = Integer.parseInt(args[4]);
        int threads = args.length > 5 ? Integer.parseInt(args[5]) : Runtime.getRuntime().availableProcessors();
        EdgeList g = RmatGraphs.generate(RmatGraphs.scaleOf(dataset), 16, 42);
        Trie e = LeapfrogJoinPeer.trieOf(g);
        int[] cuts = cuts(g, parts);
        GpuRuntime rt = GpuRuntime.probe();
        GpuJoinReport report = new GpuJoinReport();
        try (GpuJoinExecutor gpu = rt.available()
                ? new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU,
                        GpuOptions.defaults().withStrategy(GpuJoinExecutor.Strategy.LEVELWISE), report) : null) {
            System.out.printf(Locale.ROOT, "%s %s: %,d edges, %d parts, CPU %d threads%n", dataset, args[1], g.size(), parts, threads);
            for (int k = from; k < to; k++) {
                JoinQuery q = part(query, e, cuts[k], cuts[k + 1]);
                long t0 = System.nanoTime();
                long cpu = LeapfrogJoin.count(q, threads);
                double cpuSeconds = (System.nanoTime() - t0) / 1e9;
                String gpuText = "no GPU";
                if (gpu != null) {
                    long t1 = System.nanoTime();
                    long n = gpu.count(q, 1, "part " + k);
                    double s = (System.nanoTime() - t1) / 1e9;
                    gpuText = String.format(Locale.ROOT, "gpu-levelwise %d in %.3f s%s", n, s, n == cpu ? "" : "  MISMATCH");
                }
                System.out.printf(Locale.ROOT, "part %d [%d, %d): cpu %d in %.3f s; %s%n", k, cuts[k], cuts[k + 1], cpu,
                        cpuSeconds, gpuText);
            }
        }
    }

    /** The bench's clique query with its first variable restricted to [lo, hi). */
    static JoinQuery part(BenchQuery query, Trie e, int lo, int hi) {
        JoinCompiler join = switch (query) {
            case TRIANGLES -> JoinCompiler.inVariableOrder(3).atom(e, 0, 1).atom(e, 1, 2).atom(e, 0, 2);
            case FOUR_CLIQUES -> JoinCompiler.inVariableOrder(4).atom(e, 0, 1).atom(e, 0, 2).atom(e, 0, 3)
                    .atom(e, 1, 2).atom(e, 1, 3).atom(e, 2, 3);
            default -> throw new BenchException("no part counts for " + query.id());
        };
        return join.constantBound(0, lo, false, false).constantBound(0, hi, true, true).build();
    }

    /** Cut points 0 = c0 < c1 < ... < c_parts = n over node ids, balancing the two-hop out-paths. */
    static int[] cuts(EdgeList g, int parts) {
        int n = g.nodeCount();
        long[] out = new long[n + 1];
        for (int i = 0; i < g.size(); i++) {
            out[g.src()[i]]++;
        }
        double[] work = new double[n];
        double total = 0;
        for (int i = 0; i < g.size(); i++) {
            double w = 1 + out[g.dst()[i]];
            work[g.src()[i]] += w;
            total += w;
        }
        int[] cuts = new int[parts + 1];
        cuts[parts] = n;
        double acc = 0;
        int k = 1;
        for (int v = 0; v < n && k < parts; v++) {
            acc += work[v];
            while (k < parts && acc >= total * k / parts) {
                cuts[k++] = v + 1;
            }
        }
        for (; k < parts; k++) {
            cuts[k] = n;
        }
        return cuts;
    }
}
