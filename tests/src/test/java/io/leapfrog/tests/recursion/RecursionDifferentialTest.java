package io.leapfrog.tests.recursion;

import io.leapfrog.engine.EngineOptions;
import io.leapfrog.tests.differential.RandomRecursivePrograms;
import org.junit.jupiter.api.Test;

import java.util.Random;

/**
 * Random recursive programs (every recursive shape of the core dialect) on the CPU, with one and two
 * threads, give the naive evaluator's answers, both as outputs and as {@code .printsize} counts.
 */
class RecursionDifferentialTest {

    @Test
    void randomRecursiveProgramsMatchNaiveEvaluation() {
        Random rnd = new Random(20261127);
        for (int i = 0; i < 150; i++) {
            RandomRecursivePrograms.Program p = RandomRecursivePrograms.random(rnd, 6 + rnd.nextInt(10));
            RecursiveRuns.check(p, EngineOptions.Device.CPU, 1 + i % 2, i % 5 == 4);
        }
    }
}
