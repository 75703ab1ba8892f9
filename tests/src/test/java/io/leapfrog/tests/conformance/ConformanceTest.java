package io.leapfrog.tests.conformance;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Souffle's own test programs ({@code ../shared/conformance/souffle/TESTS.txt}), one dynamic test per
 * program, then a summary that fails the build when fewer than 90% pass. A failing program listed in
 * {@code conformance/known-failures.txt} (with its reason, also in docs/conformance.md) is reported
 * as aborted instead of failed; an unlisted failure fails its test. Unsupported features (the engine
 * said "not supported: ...") are reported as aborted with that message. The summary is printed and
 * written to {@code target/conformance-summary.txt}.
 */
class ConformanceTest {

    private static final double REQUIRED_PASS_RATE = 0.90;
    private static final java.time.Duration DEADLINE = java.time.Duration.ofSeconds(30);

    @TestFactory
    Stream<DynamicTest> souffleSuite() throws IOException {
        Path shared = Path.of(System.getProperty("leapfrog.shared", "../shared"));
        Path suite = shared.resolve("conformance/souffle");
        Assumptions.assumeTrue(Files.exists(suite.resolve("TESTS.txt")), "no conformance suite at " + suite);
        List<String> ids = new ArrayList<>();
        for (String line : Files.readAllLines(suite.resolve("TESTS.txt"))) {
            if (!line.isBlank() && !line.startsWith("#")) {
                ids.add(line.strip());
            }
        }
        Map<String, String> known = knownFailures();
        ConformanceRunner runner = new ConformanceRunner(2);
        List<ConformanceRunner.Outcome> outcomes = new ArrayList<>();
        Stream<DynamicTest> programs = ids.stream().map(id -> DynamicTest.dynamicTest(id, () -> {
            ConformanceRunner.Outcome o = runner.run(ConformanceCase.of(suite, id), DEADLINE);
            outcomes.add(o);
            switch (o.status()) {
                case PASSED -> { }
                case UNSUPPORTED -> Assumptions.abort("unsupported: " + o.detail());
                case FAILED -> {
                    if (known.containsKey(id)) {
                        Assumptions.abort("known failure (" + known.get(id) + "): " + o.detail());
                    }
                    fail(id + ": " + o.detail());
                }
            }
        }));
        DynamicTest summary = DynamicTest.dynamicTest("summary: at least 90% pass", () -> {
            String text = summarize(outcomes);
            System.out.println(text);
            Path target = Path.of("target");
            Files.createDirectories(target);
            Files.writeString(target.resolve("conformance-summary.txt"), text);
            long passed = outcomes.stream().filter(o -> o.status() == ConformanceRunner.Status.PASSED).count();
            assertTrue(outcomes.size() == ids.size(), "not every program ran: " + outcomes.size() + " of " + ids.size());
            assertTrue(passed >= Math.ceil(REQUIRED_PASS_RATE * ids.size()),
                    "conformance dropped below 90%: " + passed + " of " + ids.size() + " passed\n" + text);
        });
        return Stream.concat(programs, Stream.of(summary));
    }

    static String summarize(List<ConformanceRunner.Outcome> outcomes) {
        long passed = outcomes.stream().filter(o -> o.status() == ConformanceRunner.Status.PASSED).count();
        long failed = outcomes.stream().filter(o -> o.status() == ConformanceRunner.Status.FAILED).count();
        long unsupported = outcomes.size() - passed - failed;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("conformance: %d programs, %d passed, %d failed, %d unsupported (%.1f%% pass)%n",
                outcomes.size(), passed, failed, unsupported, outcomes.isEmpty() ? 0.0 : 100.0 * passed / outcomes.size()));
        for (ConformanceRunner.Outcome o : outcomes) {
            sb.append(String.format("%-12s %-36s %6d ms  %s%n", o.status(), o.test().id(), o.millis(), o.detail()));
        }
        return sb.toString();
    }

    /** {@code <category>/<name>  <reason>} per line; '#' starts a comment. */
    private static Map<String, String> knownFailures() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        try (InputStream in = ConformanceTest.class.getResourceAsStream("/conformance/known-failures.txt")) {
            if (in == null) {
                return out;
            }
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String l = line.strip();
                if (l.isEmpty() || l.startsWith("#")) {
                    continue;
                }
                String[] parts = l.split("\\s+", 2);
                out.put(parts[0], parts.length > 1 ? parts[1] : "");
            }
        }
        return out;
    }
}
