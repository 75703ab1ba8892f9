package io.leapfrog.tests.cli;

import io.leapfrog.cli.Main;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Runs the leapfrog command line in-process, capturing stdout, stderr and the exit code. */
final class Cli {
    private Cli() {
    }

    record Result(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout ---\n" + out + "--- stderr ---\n" + err;
        }
    }

    static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Main.execute(args, o, e);
        }
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * The repository root: surefire runs in the tests module, so walk up from the working directory to
     * the directory that holds queries/triangles.dl.
     */
    static Path repoRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("queries/triangles.dl"))) {
                return p;
            }
        }
        throw new IllegalStateException("cannot find the repository root (queries/triangles.dl) above "
                + Path.of("").toAbsolutePath());
    }
}
