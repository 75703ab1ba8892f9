package io.leapfrog.tests.conformance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One program of Souffle's test-suite, laid out as Souffle lays it out: {@code <dir>/<name>.dl}, input
 * facts in {@code <dir>/facts} (or, for tests with variants such as {@code lucas}, in {@code <dir>/<name>}
 * with the expected outputs next to them; or in {@code <dir>} itself when neither exists), expected
 * {@code <relation>.csv} files, and expected standard output/error in {@code <name>.out}/{@code <name>.err}.
 */
record ConformanceCase(String id, Path dir, String name, Path program, Path factsDir, Path expectedDir) {

    static ConformanceCase of(Path suiteRoot, String id) {
        Path dir = suiteRoot.resolve(id);
        String name = dir.getFileName().toString();
        Path variant = dir.resolve(name);
        Path facts;
        Path expected = dir;
        if (Files.isDirectory(dir.resolve("facts"))) {
            facts = dir.resolve("facts");
        } else if (Files.isDirectory(variant)) {
            facts = variant;
            expected = variant;
        } else {
            facts = dir;
        }
        return new ConformanceCase(id, dir, name, dir.resolve(name + ".dl"), facts, expected);
    }

    /** The expected output relations: every {@code .csv} in the expected directory. */
    List<Path> expectedCsvs() throws IOException {
        List<Path> out = new ArrayList<>();
        try (var s = Files.list(expectedDir)) {
            s.filter(p -> p.getFileName().toString().endsWith(".csv")).sorted().forEach(out::add);
        }
        return out;
    }

    Path expectedStdout() {
        return pick(name + ".out");
    }

    Path expectedStderr() {
        return pick(name + ".err");
    }

    private Path pick(String file) {
        Path inExpected = expectedDir.resolve(file);
        return Files.exists(inExpected) ? inExpected : dir.resolve(file);
    }
}
