package io.leapfrog.tests.gpu;

import io.leapfrog.engine.Engine;
import io.leapfrog.engine.EngineOptions;
import io.leapfrog.engine.FileTables;
import io.leapfrog.engine.RunResult;
import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.planner.sql.SqlResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** SQL's leapfrog joins go through the engine's device policy: with --device gpu, the GPU executor runs them. */
@Tag("gpu")
class SqlGpuTest {
    @TempDir
    Path out;

    @Test
    void sqlTriangleCountRunsOnTheGpu() {
        GpuRuntime rt = GpuRuntime.probe();
        assumeTrue(rt.available(), "no GPU: " + rt.unavailableReason());
        // the repository's example data: from the tests module (Maven) or the repository root (the device kit)
        Path here = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        Path data = Files.isDirectory(here.resolve("queries/data")) ? here.resolve("queries/data")
                : here.getParent().resolve("queries/data");
        String triangles = "SELECT COUNT(*) FROM edge a, edge b, edge c WHERE a.c2 = b.c1 AND b.c2 = c.c2 AND a.c1 = c.c1";
        String pairs = "SELECT a.c1, c.c2 FROM edge a, edge b, edge c WHERE a.c2 = b.c1 AND b.c2 = c.c2 AND a.c1 = c.c1";
        for (String device : new String[]{"cpu", "gpu"}) {
            try (Engine engine = new Engine(EngineOptions.defaults().withThreads(2).withDevice(EngineOptions.Device.parse(device)))) {
                RunResult run = engine.run(engine.parse(FileTables.program(data), "<tables>"), data, out.resolve(device));
                SqlResult count = engine.sql(run.database(), triangles);
                assertEquals(List.of(List.of("428")), count.rows(), device);
                SqlResult rows = engine.sql(run.database(), pairs);
                assertEquals(428, rows.rows().size(), device);
                String lines = String.join("\n", count.deviceLines()) + "\n" + String.join("\n", rows.deviceLines());
                if (device.equals("gpu")) {
                    assertTrue(lines.contains("SQL join of edge#") && lines.contains(": gpu-"), lines);
                } else {
                    assertTrue(lines.contains("--device cpu"), lines);
                }
            }
        }
    }
}
