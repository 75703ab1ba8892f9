package io.leapfrog.bench;

import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.join.FusedTrace;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuJoinReport;
import io.leapfrog.exec.gpu.join.GpuJoinStats;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.storage.Trie;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * Where a small GPU join's time goes on the calling thread: building the query, and the executor's count
 * (planning, the device work, the report), over one SNAP graph renumbered by degree, each the median of
 * many repetitions after a warm-up; then the count of one query object run again (its plan prepared).
 * With {@code -Dleapfrog.gpu.profile=true} the runtime also prints each kernel's and transfer's time, so the rest of the count is the host's. Variants (by default the
 * depth-first warp count with level 2 split as fits the launch and not split, and the cooperative fused
 * count) are measured alternately, twice each; with {@code -Dleapfrog.gpu.fused.trace=true} each also
 * prints the kernel's steps, and with {@code -Dleapfrog.gpu.phases=true} the host's time per phase of
 * the count ({@link io.leapfrog.exec.gpu.PhaseClock}).
 * Run: {@code java ... io.leapfrog.bench.GpuJoinLatency SHARED_DIR GRAPH [triangles|4cliques] [reps] [VARIANT...]},
 * a variant being the {@code leapfrog.gpu.*} properties it sets, e.g. {@code warpCount=true,fused.shared=false}.
 */
public final class GpuJoinLatency {
    private GpuJoinLatency() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0], "data", args[1] + ".txt.gz");
        BenchQuery query = args.length > 2 && args[2].equals("triangles") ? BenchQuery.TRIANGLES : BenchQuery.FOUR_CLIQUES;
        int reps = args.length > 3 ? Integer.parseInt(args[3]) : 2000;
        if (!GpuRuntime.probe().available()) {
            System.err.println("no GPU: " + GpuRuntime.probe().unavailableReason());
            System.exit(1);
        }
        System.out.println("launches: " + io.leapfrog.exec.gpu.GpuDevice.launchPath());
        Trie edges = LeapfrogJoinPeer.trieOf(EdgeList.read(file), true);
        // The variants alternate, twice each, so that none gets a warmer JIT or device.
        // Each variant: leapfrog.gpu.* properties set for it, "key=value,key=value" (keys without the prefix).
        String[] variants = args.length > 4 ? Arrays.copyOfRange(args, 4, args.length)
                : new String[] {"warpCount=true", "warpCount=true,warpCount.split=1", "warpCount=false"};
        for (int round = 0; round < 2; round++) {
            for (String v : variants) {
                java.util.List<String> keys = new java.util.ArrayList<>();
                for (String kv : v.split(",")) {
                    String[] p = kv.split("=", 2);
                    System.setProperty("leapfrog.gpu." + p[0], p[1]);
                    keys.add("leapfrog.gpu." + p[0]);
                }
                measure(edges, query, reps, args[1] + " " + query.id() + " renumbered, " + v + ", round " + (round + 1));
                keys.forEach(System::clearProperty);
            }
        }
    }

    private static void measure(Trie edges, BenchQuery query, int reps, String title) {
        GpuJoinReport report = new GpuJoinReport();
        try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, GpuJoinExecutor.Strategy.LEVELWISE, 0, 0, report)) {
            JoinQuery q = LeapfrogJoinPeer.query(query, edges);
            long count = 0;
            for (int i = 0; i < reps; i++) {   // as many as are timed: the JIT compiles the host path fully
                count = ex.count(q, 1, "warm-up");
            }
            io.leapfrog.exec.gpu.PhaseClock.drain();
            long[] build = new long[reps];
            long[] run = new long[reps];
            for (int i = 0; i < reps; i++) {
                long t0 = System.nanoTime();
                JoinQuery qi = LeapfrogJoinPeer.query(query, edges);
                long t1 = System.nanoTime();
                count = ex.count(qi, 1, "timed");
                long t2 = System.nanoTime();
                build[i] = t1 - t0;
                run[i] = t2 - t1;
            }
            long[] again = new long[reps];   // one query object run again: its plan prepared (as the bench's join peers run it)
            io.leapfrog.exec.gpu.PhaseClock.drain();   // the phases printed are those of these runs
            for (int i = 0; i < reps; i++) {
                long t0 = System.nanoTime();
                count = ex.count(q, 1, "timed again");
                again[i] = System.nanoTime() - t0;
            }
            GpuJoinReport.Entry last = report.last();
            GpuJoinStats st = last.stats();
            System.out.printf("%s: count %d on %s (depth-first counts %d, of a kernel compiled for the shape %d,"
                    + " by a resident kernel %d, fused counts %d%s)%n",
                    title, count, last.where(), st == null ? 0 : st.depthFirstCounts(), st == null ? 0 : st.shapedCounts(),
                    st == null ? 0 : st.residentCounts(),
                    st == null ? 0 : st.fusedCounts(), st == null || st.depthFirstDeclined() == null ? ""
                            : "; not depth first: " + st.depthFirstDeclined());
            FusedTrace trace = last.stats() == null ? null : last.stats().fusedTrace();
            if (trace != null) {
                System.out.printf("  steps (cycles of block 0): %s; rows per level: %s; items per level: %s%s%n",
                        join(trace.stepCycles()), join(trace.rows()), join(trace.items()),
                        trace.spanNanos() > 0 ? String.format("; kernel span %.1f us", trace.spanNanos() / 1e3) : "");
            }
            if (io.leapfrog.exec.gpu.PhaseClock.on()) {
                io.leapfrog.exec.gpu.PhaseClock.drain().forEach((phase, s) -> System.out.printf(
                        "  phase %-24s mean %7.2f us (count again)%n", phase, s[0] / 1e3 / reps));
            }
            System.out.printf("  query build     median %8.1f us%n", median(build) / 1e3);
            System.out.printf("  executor count  median %8.1f us   (min %.1f us)%n", median(run) / 1e3,
                    Arrays.stream(run).min().orElse(0) / 1e3);
            System.out.printf("  count again     median %8.1f us   (min %.1f us; the same query object, its plan prepared)%n",
                    median(again) / 1e3, Arrays.stream(again).min().orElse(0) / 1e3);
        }
    }

    private static String join(long[] v) {
        return Arrays.stream(v).mapToObj(Long::toString).collect(java.util.stream.Collectors.joining(" "));
    }

    private static double median(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
