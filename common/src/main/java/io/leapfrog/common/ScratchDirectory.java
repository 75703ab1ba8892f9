package io.leapfrog.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A temporary directory deleted with everything in it on close: outputs nobody asked to keep (the CLI), a
 * kernel compile's work files (the GPU executor).
 */
public final class ScratchDirectory implements AutoCloseable {
    private final Path path;

    private ScratchDirectory(Path path) {
        this.path = path;
    }

    /** A new directory in the system's temporary directory. */
    public static ScratchDirectory create(String prefix) throws IOException {
        return new ScratchDirectory(Files.createTempDirectory(prefix));
    }

    /** A new directory inside {@code parent} (on its file system, so that a move out of it can be atomic). */
    public static ScratchDirectory createIn(Path parent, String prefix) throws IOException {
        return new ScratchDirectory(Files.createTempDirectory(parent, prefix));
    }

    public Path path() {
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
