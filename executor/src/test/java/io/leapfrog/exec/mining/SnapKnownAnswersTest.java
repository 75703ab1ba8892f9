package io.leapfrog.exec.mining;

import io.leapfrog.exec.storage.Relation;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The real SNAP graphs in {@code ../shared/data} against the counts in its README, computed there
 * independently: triangles, 4-cliques, the clique number, and the numbers of maximum and maximal cliques
 * where the README gives them. Runs with two threads. Skips when the shared data is absent.
 */
class SnapKnownAnswersTest {
    /** | graph | nodes | edges | triangles | 4-cliques | max clique size | maximum cliques | maximal cliques | */
    private static final Pattern ROW = Pattern.compile(
            "^\\|\\s*([\\w.-]+)\\s*\\|([^|]*)\\|([^|]*)\\|([^|]*)\\|([^|]*)\\|([^|]*)\\|([^|]*)\\|([^|]*)\\|");
    private static final Pattern NUMBER = Pattern.compile("^\\s*([\\d,]+)\\s*(\\(published\\))?\\s*$");

    static Path dataDir() {
        return Path.of(System.getProperty("leapfrog.shared", "../../shared")).resolve("data");
    }

    static Stream<Arguments> graphs() throws IOException {
        Path readme = dataDir().resolve("README.md");
        if (!Files.isRegularFile(readme)) {
            return Stream.of(Arguments.of("(shared data absent)", new long[0]));
        }
        List<Arguments> out = new ArrayList<>();
        for (String line : Files.readAllLines(readme)) {
            Matcher m = ROW.matcher(line);
            if (m.find() && !m.group(1).equals("graph") && !m.group(1).startsWith("-")) {
                long[] answers = new long[5];
                for (int c = 0; c < 5; c++) {
                    Matcher n = NUMBER.matcher(m.group(4 + c));
                    answers[c] = n.matches() ? Long.parseLong(n.group(1).replace(",", "")) : -1;
                }
                out.add(Arguments.of(m.group(1), answers));
            }
        }
        return out.stream();
    }

    /** {@code answers}: triangles, 4-cliques, ω, maximum cliques, maximal cliques; -1 where not given. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void countsMatchTheReadme(String name, long[] answers) throws IOException {
        Path file = dataDir().resolve(name + ".txt.gz");
        Assumptions.assumeTrue(Files.isRegularFile(file), "no " + file);
        Graph g = Graph.undirected(read(file));
        int threads = 2;
        check(answers[0], () -> KCliques.count(g, 3, threads), name + " triangles");
        check(answers[1], () -> KCliques.count(g, 4, threads), name + " 4-cliques");
        check(answers[2], () -> MaximumCliques.size(g, threads), name + " clique number");
        check(answers[3], () -> MaximumCliques.all(g, threads).count(), name + " maximum cliques");
        check(answers[4], () -> MaximalCliques.all(g, 1, threads).count(), name + " maximal cliques");
    }

    private static void check(long want, LongSupplier got, String what) {
        if (want >= 0) {
            assertEquals(want, got.getAsLong(), what);
        }
    }

    /** A normalised SNAP file: {@code #} comments, then one {@code u<TAB>v} line an edge. */
    private static Relation read(Path file) throws IOException {
        List<int[]> rows = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                int tab = line.indexOf('\t');
                rows.add(new int[]{Integer.parseInt(line.substring(0, tab).trim()),
                        Integer.parseInt(line.substring(tab + 1).trim())});
            }
        }
        return Relation.of(2, rows.toArray(new int[0][]));
    }
}
