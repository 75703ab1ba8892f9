package io.leapfrog.tests.graphs;

import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuJoinReport;
import io.leapfrog.exec.io.FactReader;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.storage.ColumnType;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;
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
        Relation edges = FactReader.snap(ColumnType.repeat(ColumnType.NUMBER, 2), new SymbolTable()).read(file);
        Relation sym = edges.union(edges.project(1, 0));
        Trie e = sym.trie(new int[]{0, 1});
        JoinQuery tri = JoinQuery.builder(3)
                .atom(e, 0, 1).atom(e, 1, 2).atom(e, 0, 2)
                .lowerBound(1, 0, true).lowerBound(2, 1, true)
                .build();
        JoinQuery clique = JoinQuery.builder(4)
                .atom(e, 0, 1).atom(e, 0, 2).atom(e, 0, 3).atom(e, 1, 2).atom(e, 1, 3).atom(e, 2, 3)
                .lowerBound(1, 0, true).lowerBound(2, 1, true).lowerBound(3, 2, true)
                .build();
        GpuJoinReport report = new GpuJoinReport();
        try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, strategy, 0, 0, report)) {
            assertEquals(triangles, ex.count(tri, 1, "triangles"), graph + " triangles on " + strategy.label);
            assertEquals(fourCliques, ex.count(clique, 1, "4-cliques"), graph + " 4-cliques on " + strategy.label);
        }
        assertEquals(2, report.entries().stream().filter(x -> x.where().equals(strategy.label)).count(),
                "both joins ran on " + strategy.label + ": " + report.lines());
    }
}
