package io.leapfrog.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A temporary directory deleted with everything in it on close (for outputs nobody asked to keep). */
final class ScratchDirectory implements AutoCloseable {
    private final Path path;

    private ScratchDirectory(Path path) {
        this.path = path;
    }

    static ScratchDirectory create(String prefix) throws IOException {
        return new ScratchDirectory(Files.createTempDirectory(prefix));
    }

    Path path() {
        return path;
    }

    @Override
    public void close() throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> all = Files.walk(path)) {
            for (Path p : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}
