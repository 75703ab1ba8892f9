package io.leapfrog.tests.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the leapfrog command in a JVM of its own (io.leapfrog.cli.Main on the tests' class path), for what
 * in-process runs cannot show: the process's real standard output (a full disk, a closed pipe), JVM
 * options such as -Xmx and -Xss, and the exit status the process ends with.
 */
final class CliProcess {
    private CliProcess() {
    }

    record Result(int exitCode, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stderr ---\n" + err;
        }
    }

    /** Starts the command; stderr goes to {@code errFile}, stdout as {@code stdout} says. */
    static Process start(List<String> jvmOptions, ProcessBuilder.Redirect stdout, Path errFile, String... args)
            throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("io.leapfrog.cli.Main");
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(stdout).redirectError(errFile.toFile()).start();
    }

    /** Runs the command to its end (at most {@code seconds}, then it is killed and the test fails). */
    static Result run(List<String> jvmOptions, ProcessBuilder.Redirect stdout, Path errFile, long seconds,
                      String... args) throws IOException, InterruptedException {
        Process p = start(jvmOptions, stdout, errFile, args);
        return finish(p, errFile, seconds);
    }

    static Result finish(Process p, Path errFile, long seconds) throws IOException, InterruptedException {
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("the command ran past " + seconds + " s; stderr:\n"
                    + Files.readString(errFile, StandardCharsets.UTF_8));
        }
        return new Result(p.exitValue(), Files.readString(errFile, StandardCharsets.UTF_8));
    }
}
