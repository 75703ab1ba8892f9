package io.leapfrog.bench;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class ExpectedCountsTest {

    private static final String TABLE = """
            # Graphs

            Some text.

            | graph | nodes | triangles | 4-cliques | other |
            | --- | ---: | ---: | ---: | --- |
            | tiny | 4 | 1,234 | 56 | x |
            | big | 10 | 7 | not computed | y |

            | graph | triangles |
            | --- | --- |
            | ignored | 99 |
            """;

    @Test
    void readsTrianglesAndFourCliquesByColumnName() {
        ExpectedCounts counts = ExpectedCounts.parse(TABLE);
        assertEquals(1234L, counts.get(BenchQuery.TRIANGLES, "tiny").orElseThrow());
        assertEquals(56L, counts.get(BenchQuery.FOUR_CLIQUES, "tiny").orElseThrow());
        assertEquals(7L, counts.get(BenchQuery.TRIANGLES, "big").orElseThrow());
        assertTrue(counts.get(BenchQuery.FOUR_CLIQUES, "big").isEmpty(), "text is not a count");
        assertTrue(counts.get(BenchQuery.TRIANGLES, "ignored").isEmpty(), "only the first matching table");
        assertEquals(3, counts.size());
    }

    @Test
    void bundledCopyHoldsTheSharedCounts() {
        ExpectedCounts counts = ExpectedCounts.load(Path.of("no/such/dir"));
        assertEquals(1_612_010L, counts.get(BenchQuery.TRIANGLES, "ego-Facebook").orElseThrow());
        assertEquals(30_004_668L, counts.get(BenchQuery.FOUR_CLIQUES, "ego-Facebook").orElseThrow());
        assertEquals(8, counts.size());
    }

    @Test
    void sharedReadmeAgreesWithTheBundledCopy() {
        Path data = Path.of(System.getProperty("leapfrog.shared", "../../shared")).resolve("data");
        assumeTrue(Files.isRegularFile(data.resolve("README.md")), "no shared data");
        ExpectedCounts shared = ExpectedCounts.load(data);
        ExpectedCounts bundled = ExpectedCounts.load(Path.of("no/such/dir"));
        for (String g : new String[] {"ca-GrQc", "oregon1_010331", "wiki-Vote", "ego-Facebook"}) {
            for (BenchQuery q : new BenchQuery[] {BenchQuery.TRIANGLES, BenchQuery.FOUR_CLIQUES}) {
                assertEquals(bundled.get(q, g), shared.get(q, g), q + " on " + g);
            }
        }
    }
}
