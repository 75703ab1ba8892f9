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
 * device); most of them run their recursive strata on the GPU, the rest (non-linear rules) say why not.
 */
@Tag("gpu")
class GpuRecursionTest {

    @Test
    void randomRecursiveProgramsMatchNaiveEvaluationOnTheGpu() {
        GpuRuntime rt = GpuRuntime.probe();
        Assumptions.assumeTrue(rt.available(), "no GPU: " + rt.unavailableReason());
        Random rnd = new Random(7);
        int onGpu = 0;
        int stayed = 0;
        int runs = 200;
        for (int i = 0; i < runs; i++) {
            RandomRecursivePrograms.Program p = RandomRecursivePrograms.random(rnd, 6 + rnd.nextInt(30));
            List<String> lines = RecursiveRuns.check(p, EngineOptions.Device.GPU, 2, i % 3 == 2);
            onGpu += lines.stream().anyMatch(l -> l.contains(": gpu-fixpoint")) ? 1 : 0;
            stayed += lines.stream().anyMatch(l -> l.contains("cpu-semi-naive (not GPU-eligible")) ? 1 : 0;
        }
        System.out.println("gpu recursion: " + runs + " random programs, " + onGpu + " with a stratum on the GPU, "
                + stayed + " with one not GPU-eligible");
        assertTrue(onGpu > runs / 3, onGpu + " of " + runs + " programs ran a stratum on the GPU");
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
