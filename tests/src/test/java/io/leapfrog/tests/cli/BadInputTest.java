package io.leapfrog.tests.cli;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bad-input corpus, end to end through `leapfrog run`:
 * <ul>
 *   <li>{@code bad/programs/NAME.dl} with {@code NAME.expected}: a broken program;</li>
 *   <li>{@code bad/facts/CASE/} (program.dl and its fact files, used as -F) with {@code CASE.expected}:
 *       broken fact files and IO failures.</li>
 * </ul>
 * Each line of a {@code .expected} file is a substring the error message must contain (the position:
 * file:line:col for programs, file:line for facts). Every case must exit with 1, print no stack trace
 * and leave nothing in the output directory (outputs are written atomically, and only after success).
 * Every kind of program error is covered at unit level by the parser's corpus
 * (parser/src/test/resources/bad); the programs here are one per path a program error takes to the
 * user (syntax error, semantic check, engine) and check what the user sees: message, exit code, files.
 */
class BadInputTest {

    @TempDir
    Path tmp;

    @TestFactory
    Stream<DynamicTest> brokenPrograms() throws IOException {
        Path dir = corpus("bad/programs");
        List<DynamicTest> tests = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path program : files.filter(p -> p.toString().endsWith(".dl")).sorted().toList()) {
                String name = program.getFileName().toString().replaceFirst("\\.dl$", "");
                Path expected = dir.resolve(name + ".expected");
                tests.add(DynamicTest.dynamicTest(name, () -> check(program, dir, expected, name)));
            }
        }
        assertFalse(tests.isEmpty(), "no programs under " + dir);
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> brokenFacts() throws IOException {
        Path dir = corpus("bad/facts");
        List<DynamicTest> tests = new ArrayList<>();
        try (Stream<Path> cases = Files.list(dir)) {
            for (Path caseDir : cases.filter(Files::isDirectory).sorted().toList()) {
                String name = caseDir.getFileName().toString();
                Path expected = dir.resolve(name + ".expected");
                tests.add(DynamicTest.dynamicTest(name,
                        () -> check(caseDir.resolve("program.dl"), caseDir, expected, name)));
            }
        }
        assertFalse(tests.isEmpty(), "no cases under " + dir);
        return tests.stream();
    }

    private void check(Path program, Path factDir, Path expectedFile, String name) throws IOException {
        assertTrue(Files.isRegularFile(expectedFile), "missing " + expectedFile);
        List<String> expected = Files.readAllLines(expectedFile).stream().filter(l -> !l.isBlank()).toList();
        assertFalse(expected.isEmpty(), expectedFile + " is empty");
        Path out = tmp.resolve("out-" + name);
        Files.createDirectories(out);

        Cli.Result r = Cli.run("run", program.toString(), "-F", factDir.toString(), "-D", out.toString());

        assertEquals(1, r.exitCode(), r::toString);
        for (String part : expected) {
            assertTrue(r.err().contains(part), () -> "message lacks '" + part + "'\n" + r);
        }
        RunCommandTest.assertNoStackTrace(r);
        try (Stream<Path> left = Files.list(out)) {
            assertEquals(List.of(), left.toList(), "files left in -D");
        }
    }

    /** The corpus directory; test resources are copied to target/test-classes as plain files. */
    private static Path corpus(String resource) {
        URL url = BadInputTest.class.getClassLoader().getResource(resource);
        assertTrue(url != null, resource + " is not on the test classpath");
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
