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
}
