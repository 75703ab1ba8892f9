package io.leapfrog.engine;

import io.leapfrog.planner.PlannerOptions;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Runs Datalog text through the public API and reads back the sorted lines of an output relation. */
final class EngineTestSupport {
    final Path dir;
    final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    RunResult last;
    /** How the engines this support makes order their joins. */
    PlannerOptions planner = PlannerOptions.defaults();

    EngineTestSupport(Path dir) {
        this.dir = dir;
    }

    Engine engine(int threads) {
        return new Engine(EngineOptions.defaults().withThreads(threads).withPlanner(planner)
                .withOut(new PrintStream(stdout, true, StandardCharsets.UTF_8)));
    }

    RunResult run(String source) {
        return run(source, 2);
    }

    RunResult run(String source, int threads) {
        try (Engine e = engine(threads)) {
            last = e.run(e.parse(source, "test.dl"), dir.resolve("facts"), dir.resolve("out"));
            return last;
        }
    }

    List<String> output(String relation) throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(dir.resolve("out").resolve(relation + ".csv")));
        Collections.sort(lines);
        return lines;
    }

    void facts(String relation, String... lines) throws IOException {
        Files.createDirectories(dir.resolve("facts"));
        Files.write(dir.resolve("facts").resolve(relation + ".facts"), List.of(lines));
    }
}
