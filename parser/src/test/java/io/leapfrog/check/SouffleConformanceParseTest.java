package io.leapfrog.check;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.NotSupportedException;
import io.leapfrog.parser.DatalogParser;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Parses and checks every program of Souffle's test suite listed in
 * {@code ${leapfrog.shared}/conformance/souffle/TESTS.txt}: none may fail with a syntax or semantic
 * error (the suite's expected error output is empty for all of them). Unsupported features are
 * allowed only for the tests listed here, so that a regression is noticed.
 */
class SouffleConformanceParseTest {
    /** Tests that use features Leapfrog rejects as "not supported" (ADTs; float functors). */
    private static final Set<String> EXPECTED_UNSUPPORTED = Set.of("evaluation/math");

    @Test
    void everyConformanceProgramParsesAndChecks() throws IOException {
        Path suite = Path.of(System.getProperty("leapfrog.shared", "../shared"), "conformance", "souffle");
        Assumptions.assumeTrue(Files.isRegularFile(suite.resolve("TESTS.txt")), "no Souffle suite at " + suite);
        List<String> failures = new ArrayList<>();
        Set<String> unsupported = new TreeSet<>();
        int checked = 0;
        for (String test : Files.readAllLines(suite.resolve("TESTS.txt"))) {
            test = test.strip();
            if (test.isEmpty()) {
                continue;
            }
            String name = test.substring(test.lastIndexOf('/') + 1);
            Path program = suite.resolve(test).resolve(name + ".dl");
            Path errors = suite.resolve(test).resolve(name + ".err");
            if (Files.exists(errors) && Files.size(errors) > 0) {
                continue; // a test that expects Souffle to report errors
            }
            checked++;
            try {
                SemanticChecker.check(DatalogParser.parse(Files.readString(program), program.toString()));
            } catch (NotSupportedException e) {
                unsupported.add(test);
            } catch (LeapfrogException e) {
                failures.add(test + ":\n" + e.getMessage());
            }
        }
        assertTrue(checked >= 100, "only " + checked + " tests found");
        assertTrue(failures.isEmpty(), String.join("\n\n", failures));
        assertEquals(EXPECTED_UNSUPPORTED, unsupported);
    }
}
