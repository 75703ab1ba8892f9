package io.leapfrog.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/** A workload's relations written as Souffle-style fact files (tab-separated pairs, one per line) in a temporary directory. */
final class FactFiles {
    private FactFiles() {
    }

    /** A new temporary directory holding {@code <fileName(relation)>} for each relation. */
    static Path write(Map<String, EdgeList> relations, UnaryOperator<String> fileName) throws IOException {
        Path dir = Files.createTempDirectory("leapfrog-bench-facts");
        relations.forEach((relation, tuples) -> tuples.writeTsv(dir.resolve(fileName.apply(relation))));
        return dir;
    }

    /** Deletes a directory and what it holds; null is nothing to delete. */
    static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir + ": " + e.getMessage(), e);
        }
    }
}
