package io.leapfrog.bench;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the repository root (the directory holding bench/native/build.sh) from the working directory. */
public final class RepoLayout {

    private RepoLayout() {
    }

    /** The nearest ancestor of the working directory (itself included) that holds bench/native/build.sh. */
    public static Path repoRoot() {
        Path dir = Path.of("").toAbsolutePath();
        for (Path p = dir; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("bench/native/build.sh"))) {
                return p;
            }
        }
        throw new BenchException("cannot find the repository root (a directory holding bench/native/build.sh) above "
                + dir + "; run the bench from inside the checkout");
    }

    /** The shared directory: the system property leapfrog.shared, else ../shared next to the repository. */
    public static Path defaultShared(Path repoRoot) {
        String prop = System.getProperty("leapfrog.shared");
        if (prop != null && !prop.isBlank()) {
            return Path.of(prop);
        }
        return repoRoot.resolve("../shared").normalize();
    }
}
