package io.leapfrog.bench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Souffle's .printsize lines, and the external engines' cells when their programs are not built. */
class SoufflePeerTest {

    @Test
    void theSizeOfTheAnswerRelationFromItsPrintsizeLine() throws IOException {
        assertEquals(8_661_291, SoufflePeer.printedSize(GdlogOutputTest.recorded("souffle-sg-g.txt"), "sg"));
        assertEquals(42, SoufflePeer.printedSize("other\t7\npointsTo\t42\n", "pointsTo"));
        assertEquals(12, SoufflePeer.printedSize("tc\t12\r\n", "tc"));
    }

    @Test
    void noSizeLineIsAnErrorShowingTheOutput() {
        BenchException e = assertThrows(BenchException.class,
                () -> SoufflePeer.printedSize("Error loading edge data: Cannot open fact file\n", "tc"));
        assertTrue(e.getMessage().contains("tc<TAB><size>") && e.getMessage().contains("Cannot open fact file"),
                e.getMessage());
        assertThrows(BenchException.class, () -> SoufflePeer.printedSize("tcx\t5\n", "tc"));
    }

    @Test
    void missingProgramsMakeNotBuiltCellsThatFailNothing() throws IOException {
        Path empty = Files.createTempDirectory("peers-bin");
        try {
            Workload w = new Workload(BenchQuery.TC, "chain-5", ClosureGraphs.chain(5), null, OptionalLong.empty());
            List<Peer> peers = List.of(new SoufflePeer(empty, 1, 10), new GdlogPeer(empty, 10));
            List<CellResult> cells = new BenchRunner(new BenchRunner.Settings(1, 0, 10, 10), System.err)
                    .run(List.of(w), peers);
            assertEquals(2, cells.size());
            for (CellResult c : cells) {
                assertEquals(BenchRunner.NOT_BUILT, c.status(), c.engine());
                assertEquals("?", c.correct());
            }
        } finally {
            FactFiles.delete(empty);
        }
    }
}
