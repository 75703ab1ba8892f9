package io.leapfrog.tests.graphs;

import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuJoinReport;
import io.leapfrog.exec.gpu.join.GpuOptions;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.storage.Trie;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The README counts of {@code ../shared/data} (triangles, 4-cliques) on each GPU strategy, with the
 * ordered queries of {@link CliqueCountTest}. Skips without a GPU or without the shared data.
 */
@Tag("gpu")
class GpuCliqueCountTest {

    static Stream<Arguments> cases() throws IOException {
        List<Arguments> out = new ArrayList<>();
        for (Arguments g : CliqueCountTest.graphs().toList()) {
            for (GpuJoinExecutor.Strategy s : new GpuJoinExecutor.Strategy[]{GpuJoinExecutor.Strategy.LFTJ,
                    GpuJoinExecutor.Strategy.LEVELWISE}) {
                Object[] a = g.get();
                out.add(Arguments.of(a[0], a[1], a[2], s));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {3}")
    @MethodSource("cases")
    void countsMatchTheReadme(String graph, long triangles, long fourCliques, GpuJoinExecutor.Strategy strategy) {
        GpuRuntime rt = GpuRuntime.probe();
        Assumptions.assumeTrue(rt.available(), "no GPU: " + rt.unavailableReason());
        Path file = CliqueCountTest.dataDir().resolve(graph + ".txt.gz");
        Assumptions.assumeTrue(triangles >= 0 && Files.isRegularFile(file), "shared data absent: " + file);
        Trie e = CliqueCountTest.symmetricEdges(file);
        JoinQuery tri = CliqueCountTest.triangles(e);
        JoinQuery clique = CliqueCountTest.fourCliques(e);
        GpuJoinReport report = new GpuJoinReport();
        try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, GpuOptions.defaults().withStrategy(strategy), report)) {
            assertEquals(triangles, ex.count(tri, 1, "triangles"), graph + " triangles on " + strategy.label);
            assertEquals(fourCliques, ex.count(clique, 1, "4-cliques"), graph + " 4-cliques on " + strategy.label);
        }
        assertEquals(2, report.entries().stream().filter(x -> x.where().equals(strategy.label)).count(),
                "both joins ran on " + strategy.label + ": " + report.lines());
    }
}
