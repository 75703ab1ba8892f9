package io.leapfrog.tests.gpu;

import io.leapfrog.cli.Main;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.engine.Engine;
import io.leapfrog.engine.EngineOptions;
import io.leapfrog.engine.RunResult;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The GPU options as the engine and the command line take them, on any machine (no GPU needed): the GPU
 * turned off by the options behaves as if there were none, the engine's options carry the GPU's, and the
 * GPU flags of the command line are accepted.
 */
class GpuOptionsTest {
    private static final String PROGRAM = String.join("\n", ".decl e(x:number, y:number)", "e(1, 2). e(2, 3). e(1, 3).",
            ".decl t(n:number)", ".output t", "t(n) :- n = count : { e(x, y), e(y, z), e(x, z) }.", "");

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }

    @Test
    void aGpuTurnedOffByTheOptionsIsNoGpu(@TempDir Path dir) throws IOException {
        GpuOptions off = GpuOptions.defaults().withDisabled(true);
        try (Engine auto = new Engine(new EngineOptions(1, EngineOptions.Device.AUTO, off, quiet()))) {
            RunResult r = auto.run(auto.parse(PROGRAM, "t.dl"), dir, Files.createDirectories(dir.resolve("auto")));
            assertEquals(List.of("1"), Files.readAllLines(dir.resolve("auto").resolve("t.csv")));
            assertEquals(List.of("every join on the CPU (auto: no GPU: GPU use is disabled by the engine's options"
                    + " (GpuOptions.disabled))"), r.deviceLines());
        }
        try (Engine gpu = new Engine(new EngineOptions(1, EngineOptions.Device.GPU, off, quiet()))) {
            LeapfrogException e = assertThrows(LeapfrogException.class,
                    () -> gpu.run(gpu.parse(PROGRAM, "t.dl"), dir, dir.resolve("gpu")));
            assertEquals("error: --device gpu: GPU use is disabled by the engine's options (GpuOptions.disabled);"
                    + " use --device auto or --device cpu", e.getMessage());
        }
    }

    @Test
    void theEngineOptionsCarryTheGpuOptions() {
        EngineOptions o = EngineOptions.defaults().withGpuStrategy(GpuJoinExecutor.Strategy.LFTJ).withGpuMemory(1 << 20)
                .withDevice(EngineOptions.Device.GPU);
        assertEquals(GpuJoinExecutor.Strategy.LFTJ, o.gpuStrategy());
        assertEquals(GpuJoinExecutor.Strategy.LFTJ, o.gpu().strategy());
        assertEquals(1 << 20, o.gpuMemory());
        assertEquals(EngineOptions.Device.GPU, o.device());
        assertFalse(o.gpu().residentCounts(), "resident counts are off unless asked for");
        assertTrue(o.withGpu(o.gpu().withResidentCounts(true)).gpu().residentCounts());
        assertEquals("gpu", EngineOptions.Device.GPU.label());
        assertThrows(IllegalArgumentException.class, () -> EngineOptions.defaults().withGpuMemory(-1));
    }

    @Test
    void theCommandLineTakesTheGpuFlags(@TempDir Path dir) throws IOException {
        Path program = Files.writeString(dir.resolve("t.dl"), PROGRAM);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Main.execute(new String[] {"run", program.toString(), "-F", dir.toString(), "-D",
                    Files.createDirectories(dir.resolve("out")).toString(), "--device", "cpu", "--gpu-resident-counts",
                    "--no-gpu-shaped-kernels", "--gpu-nvcc", dir.resolve("nvcc").toString(), "--gpu-kernel-cache",
                    dir.resolve("cache").toString(), "--gpu-profile", "--gpu-strategy", "lftj", "--gpu-memory", "64M"}, o, e);
        }
        String err8 = err.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, err8);
        assertEquals(List.of("1"), Files.readAllLines(dir.resolve("out").resolve("t.csv")));
        assertTrue(err8.contains("device: every join on the CPU (--device cpu)"), err8);
    }
}
