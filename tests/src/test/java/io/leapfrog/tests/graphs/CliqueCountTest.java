package io.leapfrog.tests.graphs;

import io.leapfrog.exec.io.FactReader;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.LeapfrogJoin;
import io.leapfrog.exec.storage.ColumnType;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;
import io.leapfrog.exec.storage.Trie;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Triangle and 4-clique counts of the real SNAP graphs in {@code ../shared/data} must equal the counts
 * in its README. The graphs are read with FactReader's SNAP mode, made symmetric, and counted with
 * the ordered queries {@code E(x,y),E(y,z),E(x,z), x<y<z} and the 4-clique analogue, using the join's
 * bounds. Skips when the shared data is absent.
 */
class CliqueCountTest {
    /** One README table row: | graph | nodes | edges | triangles | 4-cliques | ... */
    private static final Pattern ROW = Pattern.compile("^\\|\\s*([\\w.-]+)\\s*\\|\\s*([\\d,]+)\\s*\\|\\s*([\\d,]+)\\s*\\|\\s*([\\d,]+)\\s*\\|\\s*([\\d,]+)\\s*\\|");

    static Path dataDir() {
        return Path.of(System.getProperty("leapfrog.shared", "../../shared")).resolve("data");
    }

    static Stream<Arguments> graphs() throws IOException {
        Path readme = dataDir().resolve("README.md");
        if (!Files.isRegularFile(readme)) {
            return Stream.of(Arguments.of("(shared data absent)", -1L, -1L));
        }
        List<Arguments> out = new ArrayList<>();
        for (String line : Files.readAllLines(readme)) {
            Matcher m = ROW.matcher(line);
            if (m.find()) {
                out.add(Arguments.of(m.group(1), number(m.group(4)), number(m.group(5))));
            }
        }
        return out.stream();
    }

    private static long number(String s) {
        return Long.parseLong(s.replace(",", ""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void trianglesAndFourCliquesMatchTheReadme(String graph, long triangles, long fourCliques) {
        Path file = dataDir().resolve(graph + ".txt.gz");
        Assumptions.assumeTrue(triangles >= 0 && Files.isRegularFile(file), "shared data absent: " + file);
        Trie e = symmetricEdges(file);
        assertEquals(triangles, LeapfrogJoin.count(triangles(e), 2), graph + " triangles");
        assertEquals(fourCliques, LeapfrogJoin.count(fourCliques(e), 2), graph + " 4-cliques");
    }

    /** The graph's edges in both directions, as the trie (x, y). */
    static Trie symmetricEdges(Path file) {
        Relation edges = FactReader.snap(ColumnType.repeat(ColumnType.NUMBER, 2), new SymbolTable()).read(file);
        return edges.union(edges.project(1, 0)).trie(new int[]{0, 1});
    }

    /** E(x,y), E(y,z), E(x,z), x < y < z. */
    static JoinQuery triangles(Trie e) {
        return JoinQuery.builder(3)
                .atom(e, 0, 1).atom(e, 1, 2).atom(e, 0, 2)
                .lowerBound(1, 0, true).lowerBound(2, 1, true)
                .build();
    }

    /** The six edges of w < x < y < z. */
    static JoinQuery fourCliques(Trie e) {
        return JoinQuery.builder(4)
                .atom(e, 0, 1).atom(e, 0, 2).atom(e, 0, 3).atom(e, 1, 2).atom(e, 1, 3).atom(e, 2, 3)
                .lowerBound(1, 0, true).lowerBound(2, 1, true).lowerBound(3, 2, true)
                .build();
    }
}
