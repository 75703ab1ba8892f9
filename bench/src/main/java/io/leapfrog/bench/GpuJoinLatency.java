package io.leapfrog.bench;

import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.join.FusedTrace;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuJoinReport;
import io.leapfrog.exec.gpu.join.GpuJoinStats;
import io.leapfrog.exec.gpu.join.GpuOptions;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.storage.Trie;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Where a small GPU join's time goes on the calling thread: building the query, and the executor's count
 * (planning, the device work, the report), over one SNAP graph renumbered by degree, each the median of
 * many repetitions after a warm-up; then the count of one query object run again (its plan prepared).
 * Variants, each a set of GPU options, are measured alternately, twice each; by default the depth-first
 * count launched, the same taken by a resident kernel, and the fused count.
 * Run: {@code java ... io.leapfrog.bench.GpuJoinLatency SHARED_DIR GRAPH [triangles|4cliques] [reps] [VARIANT...]},
 * a variant being comma-separated settings ({@link #options}), e.g. {@code resident,phases} or
 * {@code fused,staged=0,trace}.
 */
public final class GpuJoinLatency {
    private GpuJoinLatency() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0], "data", args[1] + ".txt.gz");
        BenchQuery query = args.length > 2 && args[2].equals("triangles") ? BenchQuery.TRIANGLES : BenchQuery.FOUR_CLIQUES;
        int reps = args.length > 3 ? Integer.parseInt(args[3]) : 2000;
        String[] variants = args.length > 4 ? Arrays.copyOfRange(args, 4, args.length)
                : new String[] {"launched", "resident", "fused"};
        GpuOptions[] options = new GpuOptions[variants.length];
        for (int i = 0; i < variants.length; i++) {
            options[i] = options(variants[i]);   // a mistyped variant stops the run before any measuring
        }
        if (!GpuRuntime.probe().available()) {
            System.err.println("no GPU: " + GpuRuntime.probe().unavailableReason());
            System.exit(1);
        }
        System.out.println("launches: " + io.leapfrog.exec.gpu.GpuDevice.launchPath());
        Trie edges = LeapfrogJoinPeer.trieOf(EdgeList.read(file), true);
        // The variants alternate, twice each, so that none gets a warmer JIT or device.
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < variants.length; i++) {
                measure(edges, query, reps, options[i], args[1] + " " + query.id() + " renumbered, " + variants[i]
                        + ", round " + (round + 1));
            }
        }
    }

    /**
     * The level-wise executor's options for one variant: comma-separated settings, each one of
     * {@code launched} (resident counts off, the default), {@code resident} (on), {@code depth-first},
     * {@code fused} or {@code levelwise} (the only count operator the selector may use: the depth-first
     * count, the fused count, or none, so level by level), {@code staged=BYTES} (the most bytes of tries a
     * block stages), {@code await-shaped} (the kernel compiled for the query's shape, waited for),
     * {@code no-shaped}, {@code trace} (block 0's steps, printed), {@code phases} (the host's time per phase,
     * printed) and {@code profile} (each kernel's and transfer's time, printed).
     */
    static GpuOptions options(String variant) {
        GpuOptions o = GpuOptions.defaults().withStrategy(GpuJoinExecutor.Strategy.LEVELWISE);
        for (String setting : variant.split(",")) {
            String[] kv = setting.strip().split("=", 2);
            o = switch (kv[0]) {
                case "launched" -> o.withResidentCounts(false);
                case "resident" -> o.withResidentCounts(true);
                case "depth-first" -> o.withCountOperators(EnumSet.of(GpuOptions.CountOperator.DEPTH_FIRST));
                case "fused" -> o.withCountOperators(EnumSet.of(GpuOptions.CountOperator.FUSED));
                case "levelwise" -> o.withCountOperators(Set.of());
                case "staged" -> o.withStagedTrieBytes(Integer.parseInt(value(kv, setting)));
                case "await-shaped" -> o.withAwaitShapedKernels(true);
                case "no-shaped" -> o.withShapedKernels(false);
                case "trace" -> o.withTraceCounts(true);
                case "phases" -> o.withPhaseTiming(true);
                case "profile" -> o.withProfile(true);
                default -> throw new BenchException("unknown setting '" + setting + "' in variant '" + variant
                        + "': use launched, resident, depth-first, fused, levelwise, staged=BYTES, await-shaped, no-shaped,"
                        + " trace, phases or profile");
            };
        }
        return o;
    }

    private static String value(String[] kv, String setting) {
        if (kv.length < 2) {
            throw new BenchException("setting '" + setting + "' needs a value, e.g. staged=2048");
        }
        return kv[1];
    }

    private static void measure(Trie edges, BenchQuery query, int reps, GpuOptions options, String title) {
        GpuJoinReport report = new GpuJoinReport();
        try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, options, report)) {
            JoinQuery q = LeapfrogJoinPeer.query(query, edges);
            long count = 0;
            for (int i = 0; i < reps; i++) {   // as many as are timed: the JIT compiles the host path fully
                count = ex.count(q, 1, "warm-up");
            }
            ex.phases();
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
            ex.phases();   // the phases printed are those of these runs
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
            Map<String, long[]> phases = ex.phases();
            phases.forEach((phase, s) -> System.out.printf("  phase %-24s mean %7.2f us (count again)%n", phase, s[0] / 1e3 / reps));
            System.out.printf("  query build     median %8.1f us%n", median(build) / 1e3);
            System.out.printf("  executor count  median %8.1f us   (min %.1f us)%n", median(run) / 1e3,
                    Arrays.stream(run).min().orElse(0) / 1e3);
            System.out.printf("  count again     median %8.1f us   (min %.1f us; the same query object, its plan prepared)%n",
                    median(again) / 1e3, Arrays.stream(again).min().orElse(0) / 1e3);
            ex.profileLines().forEach(l -> System.out.println("  " + l));
            report.warnings().forEach(w -> System.out.println("  warning: " + w));
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
