package io.leapfrog.tests.conformance;

import io.leapfrog.engine.EngineOptions;
import io.leapfrog.exec.gpu.GpuRuntime;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Souffle's test programs with {@code --device gpu}: every join the GPU can run and every recursive
 * stratum the GPU fixpoint can run goes there, and each program passes exactly when it passes on the CPU.
 */
@Tag("gpu")
class GpuConformanceTest {

    @Test
    void everyProgramPassesOnTheGpuAsOnTheCpu() throws Exception {
        GpuRuntime rt = GpuRuntime.probe();
        Assumptions.assumeTrue(rt.available(), "no GPU: " + rt.unavailableReason());
        Path suite = Path.of(System.getProperty("leapfrog.shared", "../shared")).resolve("conformance/souffle");
        Assumptions.assumeTrue(Files.exists(suite.resolve("TESTS.txt")), "no conformance suite at " + suite);
        ConformanceRunner cpu = new ConformanceRunner(2, EngineOptions.Device.CPU);
        ConformanceRunner gpu = new ConformanceRunner(2, EngineOptions.Device.GPU);
        List<String> differ = new ArrayList<>();
        int passed = 0;
        int programs = 0;
        for (String line : Files.readAllLines(suite.resolve("TESTS.txt"))) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            ConformanceCase c = ConformanceCase.of(suite, line.strip());
            ConformanceRunner.Outcome onCpu = cpu.run(c, java.time.Duration.ofSeconds(60));
            ConformanceRunner.Outcome onGpu = gpu.run(c, java.time.Duration.ofSeconds(60));
            programs++;
            passed += onGpu.status() == ConformanceRunner.Status.PASSED ? 1 : 0;
            if (onCpu.status() != onGpu.status()) {
                differ.add(line.strip() + ": cpu " + onCpu.status() + ", gpu " + onGpu.status() + " " + onGpu.detail());
            }
        }
        System.out.println("gpu conformance: " + programs + " programs, " + passed + " passed on the GPU");
        assertEquals(List.of(), differ);
    }
}
