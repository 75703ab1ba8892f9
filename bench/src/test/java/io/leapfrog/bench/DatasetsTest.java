package io.leapfrog.bench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Dataset names: which queries each is for, and how the recursion graphs are read. */
class DatasetsTest {

    private static void gzip(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(text.getBytes(StandardCharsets.US_ASCII));
        }
    }

    @Test
    void eachNameIsForOneKindOfQuery() throws IOException {
        Path data = Files.createTempDirectory("bench-data");
        try {
            gzip(data.resolve("snap.txt.gz"), "# a SNAP graph\n0\t1\n");
            // As in data/more: CRLF line ends on some files, repeated lines on others.
            gzip(data.resolve("more/road.facts.gz"), "1\t2\r\n2\t3\r\n1\t2\r\n");
            Datasets d = new Datasets(data, 42, false, new PrintStream(OutputStream.nullOutputStream()));
            assertEquals(BenchQuery.Inputs.CLIQUE_GRAPH, d.kindOf("snap"));
            assertEquals(BenchQuery.Inputs.CLIQUE_GRAPH, d.kindOf("rmat-8"));
            assertEquals(BenchQuery.Inputs.RECURSION_GRAPH, d.kindOf("road"));
            assertEquals(BenchQuery.Inputs.RECURSION_GRAPH, d.kindOf("rmat-tc-8"));
            assertEquals(BenchQuery.Inputs.POINTS_TO, d.kindOf("pts-1000"));
            BenchException unknown = assertThrows(BenchException.class, () -> d.kindOf("nowhere"));
            assertTrue(unknown.getMessage().contains("more/nowhere.facts.gz"), unknown.getMessage());

            Workload road = d.workload(BenchQuery.SG, "road");
            assertEquals(2, road.graph().size(), "the repeated edge once");
            assertTrue(road.expected().isEmpty());
            Workload pts = d.workload(BenchQuery.ANDERSEN, "pts-1000");
            assertEquals(java.util.Set.of("addressOf", "assign", "load", "store"), pts.relations().keySet());
            assertEquals(400 + 1000 + 300 + 300, pts.inputTuples());
            assertTrue(d.workload(BenchQuery.TC, "rmat-tc-8").graph().size() > 300);
        } finally {
            FactFiles.delete(data);
        }
    }

    @Test
    void defaultsPerQuery() {
        assertEquals(Datasets.CLIQUE_DEFAULTS, Datasets.defaults(BenchQuery.TRIANGLES));
        assertEquals(9, Datasets.defaults(BenchQuery.TC).size());
        assertEquals(Datasets.RECURSION_GRAPHS, Datasets.defaults(BenchQuery.SG));
        assertEquals(Datasets.POINTS_TO_DEFAULTS, Datasets.defaults(BenchQuery.ANDERSEN));
        assertTrue(Datasets.defaults(BenchQuery.TC_CHAIN).isEmpty());
    }
}
