package io.leapfrog.exec.io;

import io.leapfrog.common.LeapfrogException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OutputSetTest {

    private static OutputSet.Content text(String s) {
        return out -> out.write(s.getBytes(StandardCharsets.UTF_8));
    }

    private static List<String> namesIn(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void nothingAppearsUntilCommitAndThenEverything(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("a.csv"), "old a\n");
        try (OutputSet set = OutputSet.open()) {
            set.write(dir.resolve("a.csv"), text("new a\n"));
            set.write(dir.resolve("sub/b.csv"), text("new b\n"));
            assertEquals("old a\n", Files.readString(dir.resolve("a.csv")));
            assertTrue(Files.notExists(dir.resolve("sub/b.csv")));
            set.commit();
        }
        assertEquals("new a\n", Files.readString(dir.resolve("a.csv")));
        assertEquals("new b\n", Files.readString(dir.resolve("sub/b.csv")));
        assertEquals(List.of("a.csv", "sub"), namesIn(dir));
        assertEquals(List.of("b.csv"), namesIn(dir.resolve("sub")));
    }

    @Test
    void closingWithoutCommitRemovesEveryTemporaryAndChangesNoTarget(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("a.csv"), "old a\n");
        try (OutputSet set = OutputSet.open()) {
            set.write(dir.resolve("a.csv"), text("new a\n"));
            set.write(dir.resolve("b.csv"), text("new b\n"));
            assertEquals(3, namesIn(dir).size(), "a.csv and the two temporaries: " + namesIn(dir));
        }
        assertEquals(List.of("a.csv"), namesIn(dir));
        assertEquals("old a\n", Files.readString(dir.resolve("a.csv")));
    }

    @Test
    void aContentThatFailsLeavesNoTemporary(@TempDir Path dir) throws IOException {
        try (OutputSet set = OutputSet.open()) {
            assertThrows(LeapfrogException.class, () -> set.write(dir.resolve("a.csv"), out -> {
                out.write(1);
                throw new IOException("No space left on device");
            }));
        }
        assertEquals(List.of(), namesIn(dir));
    }

    @Test
    void onlyRegularFilesOrMissingOnesAreReplaceable(@TempDir Path dir) throws IOException {
        Path regular = Files.writeString(dir.resolve("r"), "x");
        Path link = Files.createSymbolicLink(dir.resolve("l"), regular);
        Path danglingLink = Files.createSymbolicLink(dir.resolve("d"), dir.resolve("nowhere"));
        Path directory = Files.createDirectory(dir.resolve("dir"));
        assertNull(OutputSet.whyNotReplaceable(regular));
        assertNull(OutputSet.whyNotReplaceable(dir.resolve("missing")));
        assertEquals("it is a symbolic link", OutputSet.whyNotReplaceable(link));
        assertEquals("it is a symbolic link", OutputSet.whyNotReplaceable(danglingLink));
        assertEquals("it is a directory", OutputSet.whyNotReplaceable(directory));
    }

    @Test
    void aTargetReplacedByALinkDuringTheRunRefusesTheWholeCommit(@TempDir Path dir) throws IOException {
        Path victim = Files.writeString(dir.resolve("victim"), "keep\n");
        try (OutputSet set = OutputSet.open()) {
            set.write(dir.resolve("a.csv"), text("a\n"));
            set.write(dir.resolve("b.csv"), text("b\n"));
            Files.createSymbolicLink(dir.resolve("b.csv"), victim);
            LeapfrogException e = assertThrows(LeapfrogException.class, set::commit);
            assertTrue(e.getMessage().contains("b.csv") && e.getMessage().contains("symbolic link"), e.getMessage());
        }
        assertEquals(List.of("b.csv", "victim"), namesIn(dir), "a.csv is not written either");
        assertTrue(Files.isSymbolicLink(dir.resolve("b.csv")));
        assertEquals("keep\n", Files.readString(victim));
    }
}
