package io.leapfrog.engine;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Golden plans: each program in {@code src/test/resources/plans} has its expected {@code explain} output
 * (on the CPU, without data) beside it as {@code NAME.plan}. Together they hold every kind of plan node:
 * scans with constants, repeated variables and wildcards, bounds, constant bounds, filters, constraints,
 * negations, filter relations' tests, assignments, ranges, aggregates with outer values and witnesses, semi-naive variants, eqrel,
 * choice-domain, count push-down, clique counts and a join that never answers.
 *
 * <p>After a change that alters plans on purpose, rewrite the expected files with
 * {@code scripts/update-golden-plans.sh} and review the diff.
 */
class GoldenPlanTest {
    private static final Path DIR = Path.of("src/test/resources/plans");
    /** Set (to anything) by scripts/update-golden-plans.sh: the test writes the plans instead of comparing. */
    private static final boolean UPDATE = System.getenv("LEAPFROG_UPDATE_PLANS") != null;

    @TestFactory
    Stream<DynamicTest> everyProgramHasItsExpectedPlan() throws IOException {
        List<Path> programs;
        try (Stream<Path> files = Files.list(DIR)) {
            programs = files.filter(p -> p.toString().endsWith(".dl")).sorted().toList();
        }
        assertTrue(programs.size() >= 7, "golden programs in " + DIR.toAbsolutePath() + ": " + programs);
        return programs.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> check(p)));
    }

    private static void check(Path program) throws IOException {
        String name = program.getFileName().toString();
        String plan;
        try (Engine e = new Engine(EngineOptions.defaults().withThreads(1).withDevice(EngineOptions.Device.CPU))) {
            plan = e.explain(e.parse(Files.readString(program, StandardCharsets.UTF_8), name));
        }
        Path expected = program.resolveSibling(name.replaceAll("\\.dl$", ".plan"));
        if (UPDATE) {
            Files.writeString(expected, plan, StandardCharsets.UTF_8);
            return;
        }
        assertTrue(Files.exists(expected), "no expected plan " + expected + ": run scripts/update-golden-plans.sh");
        assertEquals(read(expected), plan, "the plan of " + name + " (scripts/update-golden-plans.sh rewrites the"
                + " expected plans after an intended change)");
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
