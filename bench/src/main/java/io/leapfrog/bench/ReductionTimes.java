package io.leapfrog.bench;

import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuJoinReport;
import io.leapfrog.exec.gpu.join.GpuOptions;
import io.leapfrog.exec.join.JoinExecutor;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.Reduction;
import io.leapfrog.exec.join.ValueProgram;
import io.leapfrog.exec.join.WitnessedReduction;
import io.leapfrog.exec.storage.Trie;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Aggregates over the triangles of one graph (the bench's oriented triangle query, x=0, y=1, z=2), on
 * the GPU (level-wise) and on the CPU join, same process: the count; {@code sum x * y * z} reduced in
 * the join; the float sum of {@code to_float(x) * to_float(y) / 4} (double precision); {@code min (x * y + z) % 97} with witnesses x, y (the GPU in three reducing passes, the CPU
 * in one fold); and, for graphs with at most {@code --enumerate-limit} triangles, the same sum reduced
 * on the host: the GPU enumerates every triangle and the host adds them up. Each line: median, min and max of the timed runs after one warm-up, and the value
 * (the CPU's and the GPU's must be equal, or the tool stops).
 * Run: {@code java ... io.leapfrog.bench.ReductionTimes <rmat-N | SNAP graph file> [threads] [runs] [enumerate-limit]}.
 */
public final class ReductionTimes {
    private ReductionTimes() {
    }

    public static void main(String[] args) {
        String dataset = args[0];
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : Runtime.getRuntime().availableProcessors();
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        long enumerateLimit = args.length > 3 ? Long.parseLong(args[3]) : 100_000_000L;
        EdgeList g = dataset.startsWith("rmat-") ? RmatGraphs.generate(RmatGraphs.scaleOf(dataset), 16, 42)
                : EdgeList.read(Path.of(dataset));
        Trie e = LeapfrogJoinPeer.trieOf(g);
        JoinQuery q = LeapfrogJoinPeer.query(BenchQuery.TRIANGLES, e);
        ValueProgram product = new ValueProgram.Builder().variable(0).variable(1).apply(ValueProgram.Op.MUL)
                .variable(2).apply(ValueProgram.Op.MUL).build();
        ValueProgram mod97 = new ValueProgram.Builder().variable(0).variable(1).apply(ValueProgram.Op.MUL)
                .variable(2).apply(ValueProgram.Op.ADD).constant(97).apply(ValueProgram.Op.MOD).build();
        Reduction sum = new Reduction(product, Reduction.Op.SUM);
        // a float sum: to_float(x) * to_float(y) / 4.0, added in double precision
        ValueProgram floats = new ValueProgram.Builder().variable(0).apply(ValueProgram.Op.ITOF).variable(1)
                .apply(ValueProgram.Op.ITOF).apply(ValueProgram.Op.FMUL).constant(io.leapfrog.common.FloatCodec.encode(4f))
                .apply(ValueProgram.Op.FDIV).build();
        Reduction floatSum = new Reduction(floats, Reduction.Op.FSUM);
        WitnessedReduction argmin = new WitnessedReduction(new Reduction(mod97, Reduction.Op.MIN), new int[]{0, 1});
        System.out.printf(Locale.ROOT, "%s: %,d edges, %d CPU threads, %d runs after 1 warm-up%n", dataset, g.size(), threads, runs);

        JoinExecutor cpu = JoinExecutor.cpu();
        String cpuCount = time("cpu count", runs, () -> Long.toString(cpu.count(q, threads, "count")));
        String cpuSum = time("cpu sum x*y*z", runs, () -> text(cpu.reduce(q, threads, sum, "sum")));
        String cpuMin = time("cpu min (x*y+z)%97, x, y", runs, () -> text(cpu.reduceWitnessed(q, threads, argmin, "argmin")));
        String cpuFloat = time("cpu float sum x*y/4", runs, () -> floatText(cpu.reduce(q, threads, floatSum, "float sum")));

        GpuRuntime rt = GpuRuntime.probe();
        if (!rt.available()) {
            System.out.println("no GPU: " + rt.unavailableReason());
            return;
        }
        GpuJoinReport report = new GpuJoinReport();
        try (GpuJoinExecutor gpu = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU,
                GpuOptions.defaults().withStrategy(GpuJoinExecutor.Strategy.LEVELWISE), report)) {
            same("count", cpuCount, time("gpu count", runs, () -> Long.toString(gpu.count(q, 1, "count"))));
            same("sum", cpuSum, time("gpu sum x*y*z (on the device)", runs, () -> text(gpu.reduce(q, 1, sum, "sum"))));
            same("argmin", cpuMin, time("gpu min (x*y+z)%97, x, y (3 passes)", runs,
                    () -> text(gpu.reduceWitnessed(q, 1, argmin, "argmin"))));
            same("float sum", cpuFloat, time("gpu float sum x*y/4 (on the device)", runs,
                    () -> floatText(gpu.reduce(q, 1, floatSum, "float sum"))));
            if (Long.parseLong(cpuCount) <= enumerateLimit) {
                same("sum", cpuSum, time("gpu enumerate + host sum", runs, () -> {
                    List<Reduction.Sink> parts = gpu.run(q, threads, sum::sink, "enumerate");
                    Reduction.Result r = sum.none();
                    for (Reduction.Sink s : parts) {
                        r = r.merge(s.result(), sum.op());
                    }
                    return text(r);
                }));
            } else {
                System.out.printf(Locale.ROOT, "gpu enumerate + host sum: not run (%s triangles > %,d)%n", cpuCount, enumerateLimit);
            }
            long off = report.entries().stream().filter(x -> !x.where().equals("gpu-levelwise")).count();
            if (off > 0) {
                throw new BenchException(off + " GPU joins did not run on the GPU: " + report.lines());
            }
        }
    }

    private static String text(Reduction.Result r) {
        return r.bindings() + " bindings, " + (int) r.value();
    }

    /** A float sum as the engine writes it: the double rounded to a float (threads add in any order). */
    private static String floatText(Reduction.Result r) {
        return r.bindings() + " bindings, " + io.leapfrog.common.FloatCodec.format((float) Double.longBitsToDouble(r.value()));
    }

    private static String text(WitnessedReduction.Result r) {
        return r.bindings() + " bindings, " + r.value() + " at " + Arrays.toString(r.witness());
    }

    private static void same(String what, String cpu, String gpu) {
        if (!cpu.equals(gpu)) {
            throw new BenchException(what + ": the GPU gave " + gpu + ", the CPU " + cpu);
        }
    }

    private static String time(String what, int runs, Supplier<String> body) {
        String value = body.get();   // warm-up
        double[] s = new double[runs];
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            String v = body.get();
            s[i] = (System.nanoTime() - t0) / 1e9;
            if (!v.equals(value)) {
                throw new BenchException(what + " changed between runs: " + value + " then " + v);
            }
        }
        Arrays.sort(s);
        System.out.printf(Locale.ROOT, "%-40s median %9.4f s  min %9.4f  max %9.4f   %s%n", what, s[runs / 2], s[0],
                s[runs - 1], value);
        return value;
    }
}
