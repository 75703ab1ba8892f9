package io.leapfrog.tests.recursion;

import io.leapfrog.engine.EngineOptions;
import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.tests.differential.RandomRecursivePrograms;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The GPU fixpoint: random recursive programs with {@code --device gpu} give the naive evaluator's
 * answers, as outputs (the relations brought back) and as {@code .printsize} counts (counted on the
 * device); most of them run their recursive strata on the GPU (non-linear ones included), the rest say why not.
 */
@Tag("gpu")
class GpuRecursionTest {

    @Test
    void randomRecursiveProgramsMatchNaiveEvaluationOnTheGpu() {
        GpuRuntime rt = GpuRuntime.probe();
        Assumptions.assumeTrue(rt.available(), "no GPU: " + rt.unavailableReason());
        Random rnd = new Random(7);
        int onGpu = 0;
        int nonLinear = 0;
        int stayed = 0;
        int runs = 200;
        for (int i = 0; i < runs; i++) {
            RandomRecursivePrograms.Program p = RandomRecursivePrograms.random(rnd, 6 + rnd.nextInt(30));
            List<String> lines = RecursiveRuns.check(p, EngineOptions.Device.GPU, 2, i % 3 == 2);
            onGpu += lines.stream().anyMatch(l -> l.contains(": gpu-fixpoint")) ? 1 : 0;
            nonLinear += lines.stream().anyMatch(l -> l.contains(": gpu-fixpoint") && l.contains("non-linear")) ? 1 : 0;
            stayed += lines.stream().anyMatch(l -> l.contains("cpu-semi-naive (not GPU-eligible")) ? 1 : 0;
        }
        System.out.println("gpu recursion: " + runs + " random programs, " + onGpu + " with a stratum on the GPU ("
                + nonLinear + " non-linear), " + stayed + " with one not GPU-eligible");
        assertTrue(onGpu > runs / 3, onGpu + " of " + runs + " programs ran a stratum on the GPU");
        assertTrue(nonLinear > runs / 10, nonLinear + " of " + runs + " programs ran a non-linear stratum on the GPU");
    }

    /**
     * An Andersen-style points-to analysis (non-linear: loads and stores join pointsTo with itself, through
     * chains of lookups) on random constraints counts and brings back the CPU's answer from the GPU.
     */
    @Test
    void aPointsToAnalysisMatchesTheCpu() {
        GpuRuntime rt = GpuRuntime.probe();
        Assumptions.assumeTrue(rt.available(), "no GPU: " + rt.unavailableReason());
        StringBuilder program = new StringBuilder();
        for (String r : List.of("addressOf", "assign", "load", "store", "pointsTo")) {
            program.append(".decl ").append(r).append("(p:number, q:number)\n");
        }
        Random rnd = new Random(5);
        int vars = 3000;
        String[] kinds = {"addressOf", "assign", "assign", "load", "store"};
        // 1.7 constraints per variable between nearby variables: about 135,000 points-to pairs (denser
        // constraints soon make every variable point to every object)
        for (int i = 0; i < 17 * vars / 10; i++) {
            int p = rnd.nextInt(vars);
            int q = Math.floorMod(p + rnd.nextInt(32) - 16, vars);
            program.append(kinds[rnd.nextInt(kinds.length)]).append('(').append(p).append(", ").append(q).append(").\n");
        }
        program.append("pointsTo(p, o) :- addressOf(p, o).\n"
                + "pointsTo(p, o) :- assign(p, q), pointsTo(q, o).\n"
                + "pointsTo(p, o) :- load(p, q), pointsTo(q, r), pointsTo(r, o).\n"
                + "pointsTo(r, o) :- store(p, q), pointsTo(p, r), pointsTo(q, o).\n");
        for (String directive : List.of(".printsize pointsTo", ".output pointsTo(IO=stdout)")) {
            String text = program + directive + "\n";
            java.util.Set<List<Integer>> cpu = null;
            String cpuSize = null;
            for (EngineOptions.Device d : List.of(EngineOptions.Device.CPU, EngineOptions.Device.GPU)) {
                EngineOptions o = new EngineOptions(2, d, io.leapfrog.exec.gpu.join.GpuOptions.defaults(),
                        new java.io.PrintStream(new java.io.ByteArrayOutputStream()));
                try (io.leapfrog.engine.Engine engine = new io.leapfrog.engine.Engine(o)) {
                    io.leapfrog.engine.RunResult r = engine.run(engine.parse(text, "pointsto.dl"), null, null);
                    java.util.Set<List<Integer>> tuples = directive.startsWith(".output")
                            ? RecursiveRuns.tuples(r.database().relation("pointsTo")) : null;
                    if (d == EngineOptions.Device.CPU) {
                        cpuSize = r.printSizeLines().toString();
                        cpu = tuples;
                        continue;
                    }
                    System.out.println("gpu points-to: " + r.printSizeLines() + " " + r.deviceLines());
                    assertTrue(r.deviceLines().stream().anyMatch(l -> l.contains("gpu-fixpoint") && l.contains("non-linear")),
                            r.deviceLines().toString());
                    org.junit.jupiter.api.Assertions.assertEquals(cpuSize, r.printSizeLines().toString());
                    org.junit.jupiter.api.Assertions.assertEquals(cpu, tuples);
                }
            }
        }
    }

    /**
     * A closure that does not fit a small device budget runs in parts (by its first column) and gives the
     * CPU's answer, both counted on the device and brought back.
     */
    @Test
    void aClosureLargerThanTheDeviceBudgetRunsInParts() {
        GpuRuntime rt = GpuRuntime.probe();
        Assumptions.assumeTrue(rt.available(), "no GPU: " + rt.unavailableReason());
        StringBuilder program = new StringBuilder(".decl e(x:number, y:number)\n.decl tc(x:number, y:number)\n");
        Random rnd = new Random(11);
        for (int i = 0; i < 3000; i++) {
            program.append("e(").append(rnd.nextInt(1500)).append(", ").append(rnd.nextInt(1500)).append(").\n");
        }
        program.append("tc(x, y) :- e(x, y).\ntc(x, z) :- tc(x, y), e(y, z).\n");
        for (String directive : List.of(".printsize tc", ".output tc(IO=stdout)")) {
            String text = program + directive + "\n";
            java.util.Set<List<Integer>> cpu = null;
            String cpuSize = null;
            for (EngineOptions.Device d : List.of(EngineOptions.Device.CPU, EngineOptions.Device.GPU)) {
                java.io.ByteArrayOutputStream sink = new java.io.ByteArrayOutputStream();
                EngineOptions o = new EngineOptions(2, d, io.leapfrog.exec.gpu.join.GpuOptions.defaults()
                        .withMemoryBudget(8L << 20), new java.io.PrintStream(sink));
                try (io.leapfrog.engine.Engine engine = new io.leapfrog.engine.Engine(o)) {
                    io.leapfrog.engine.RunResult r = engine.run(engine.parse(text, "closure.dl"), null, null);
                    if (d == EngineOptions.Device.CPU) {
                        cpuSize = r.printSizeLines().toString();
                        cpu = directive.startsWith(".output") ? RecursiveRuns.tuples(r.database().relation("tc")) : null;
                        continue;
                    }
                    System.out.println("gpu recursion in parts: " + r.deviceLines());
                    assertTrue(r.deviceLines().stream().anyMatch(l -> l.contains("gpu-fixpoint") && l.contains(" parts ")),
                            r.deviceLines().toString());
                    org.junit.jupiter.api.Assertions.assertEquals(cpuSize, r.printSizeLines().toString());
                    if (cpu != null) {
                        org.junit.jupiter.api.Assertions.assertEquals(cpu, RecursiveRuns.tuples(r.database().relation("tc")));
                    }
                }
            }
        }
    }
}
