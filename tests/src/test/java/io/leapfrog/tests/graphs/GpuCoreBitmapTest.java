package io.leapfrog.tests.graphs;

import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuJoinReport;
import io.leapfrog.exec.gpu.join.GpuOptions;
import io.leapfrog.exec.storage.Trie;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The README triangle and 4-clique counts of {@code ../shared/data} on level-wise with core bitmaps
 * forced onto these small graphs (io.leapfrog.exec.gpu.join.CoreBitmaps): a budget that covers a few
 * rows (most tests still search) and one that covers many. Skips without a GPU or the shared data.
 */
@Tag("gpu")
class GpuCoreBitmapTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.leapfrog.tests.graphs.CliqueCountTest#graphs")
    void countsMatchTheReadme(String graph, long triangles, long fourCliques) {
        GpuRuntime rt = GpuRuntime.probe();
        Assumptions.assumeTrue(rt.available(), "no GPU: " + rt.unavailableReason());
        Path file = CliqueCountTest.dataDir().resolve(graph + ".txt.gz");
        Assumptions.assumeTrue(triangles >= 0 && Files.isRegularFile(file), "shared data absent: " + file);
        for (long bytes : new long[]{256 << 10, 64 << 20}) {
            // a fresh trie per budget: bitmaps are built when a trie is uploaded
            Trie e = CliqueCountTest.symmetricEdges(file);
            GpuOptions options = GpuOptions.defaults().withStrategy(GpuJoinExecutor.Strategy.LEVELWISE)
                    .withCoreBitmaps(GpuOptions.CoreBitmapPolicy.everyLevel(bytes));
            try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, options, new GpuJoinReport())) {
                assertEquals(triangles, ex.count(CliqueCountTest.triangles(e), 1, "triangles"),
                        graph + " triangles, core bitmaps of " + bytes + " bytes");
                assertEquals(fourCliques, ex.count(CliqueCountTest.fourCliques(e), 1, "4-cliques"),
                        graph + " 4-cliques, core bitmaps of " + bytes + " bytes");
            }
        }
    }
}
