package io.leapfrog.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EdgeListTest {

    @Test
    void readsGzipWithCommentsAndBlankLines(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("g.txt.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write("# header\n0\t1\n\n2 3\n  # indented comment\n1\t5\n".getBytes(StandardCharsets.US_ASCII));
        }
        EdgeList g = EdgeList.read(file);
        assertArrayEquals(new int[] {0, 2, 1}, g.src());
        assertArrayEquals(new int[] {1, 3, 5}, g.dst());
        assertEquals(6, g.nodeCount());
    }

    @Test
    void malformedLineNamesFileAndLine(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad.txt");
        Files.writeString(file, "0 1\n1 x\n");
        BenchException e = assertThrows(BenchException.class, () -> EdgeList.read(file));
        assertTrue(e.getMessage().contains("bad.txt:2:"), e.getMessage());
    }

    @Test
    void degreeOrientationPutsTheHubLastAndKeepsEdges() {
        // star around 0 with leaves 1..4, plus edge 1-2
        EdgeList g = new EdgeList(new int[] {0, 0, 0, 0, 1}, new int[] {1, 2, 3, 4, 2});
        EdgeList o = g.orientedByDegree();
        assertEquals(5, o.size());
        for (int i = 0; i < o.size(); i++) {
            assertTrue(o.src()[i] < o.dst()[i]);
        }
        // node 0 has the highest degree, so it becomes 4 and every star edge points to it
        int intoHub = 0;
        for (int i = 0; i < o.size(); i++) {
            intoHub += o.dst()[i] == 4 ? 1 : 0;
        }
        assertEquals(4, intoHub);
    }
}
