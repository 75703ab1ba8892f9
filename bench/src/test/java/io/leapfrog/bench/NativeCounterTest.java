package io.leapfrog.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class NativeCounterTest {

    /** K5 (10 triangles, 5 4-cliques) plus a pendant triangle 4-5-6 and a duplicate, reversed edge. */
    private static final String GRAPH = """
            # a comment
            0\t1
            0\t2
            0\t3
            0\t4
            1\t2
            1\t3
            1\t4
            2\t3
            2\t4
            3\t4
            4\t5
            4\t6
            5\t6
            6\t5
            """;

    @Test
    void countsTrianglesAndFourCliquesOfASmallGzipGraph(@TempDir Path dir) throws IOException {
        assumeTrue(onPath("g++"), "no g++");
        NativeCounter counter = new NativeCounter(RepoLayout.repoRoot().resolve("bench/native"));
        counter.buildIfStale();
        Path file = dir.resolve("g.txt.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(GRAPH.getBytes(StandardCharsets.US_ASCII));
        }
        assertEquals(11, counter.run("triangles", file, 2).count());
        assertEquals(5, counter.run("4cliques", file, 1).count());
    }

    @Test
    void parsesTheBinaryOutput() {
        NativeCounter.Result r = NativeCounter.parse("count 42\nload_seconds 0.5\nkernel_seconds 0.25\n");
        assertEquals(new NativeCounter.Result(42, 0.5, 0.25), r);
        assertThrows(BenchException.class, () -> NativeCounter.parse("segfault"));
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
