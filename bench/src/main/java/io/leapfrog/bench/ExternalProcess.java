package io.leapfrog.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a peer's program and returns what it printed; a time limit cancels it. */
final class ExternalProcess {
    private ExternalProcess() {
    }

    static String run(List<String> command, double timeoutSeconds) throws QueryTimeoutException {
        return run(command, Map.of(), timeoutSeconds);
    }

    /** The same with {@code environment} added to this process's environment. */
    static String run(List<String> command, Map<String, String> environment, double timeoutSeconds)
            throws QueryTimeoutException {
        return run(command, environment, null, timeoutSeconds);
    }

    /** The same run in the working directory {@code directory} (null: this process's). */
    static String run(List<String> command, Map<String, String> environment, java.nio.file.Path directory,
                      double timeoutSeconds) throws QueryTimeoutException {
        Exited r = runToExit(command, environment, directory, timeoutSeconds);
        if (r.status() != 0) {
            throw new BenchException(command.get(0) + " failed (exit " + r.status() + "): "
                    + r.output().lines().reduce((a, b) -> b).orElse(""));
        }
        return r.output();
    }

    /** A program's exit status and its output (stdout and stderr together). */
    record Exited(int status, String output) {
    }

    /**
     * Runs a program to its exit whatever its status, for programs whose status is not a failure flag
     * (FastQC's filter exits with its count of sets, modulo 256).
     */
    static Exited runToExit(List<String> command, Map<String, String> environment, java.nio.file.Path directory,
                            double timeoutSeconds) throws QueryTimeoutException {
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            if (directory != null) {
                builder.directory(directory.toFile());
            }
            builder.environment().putAll(environment);
            Process p = builder.start();
            byte[][] out = new byte[1][];
            Thread reader = new Thread(() -> {
                try {
                    out[0] = p.getInputStream().readAllBytes();
                } catch (IOException e) {
                    out[0] = new byte[0];
                }
            });
            reader.start();
            if (!p.waitFor((long) (timeoutSeconds * 1000), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new QueryTimeoutException(timeoutSeconds);
            }
            reader.join();
            return new Exited(p.exitValue(), new String(out[0], StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchException("interrupted while running " + command.get(0));
        }
    }

    /** The value of the first line "key value", or null. */
    static String value(String output, String key) {
        for (String line : output.split("\\R")) {
            String t = line.strip();
            if (t.startsWith(key + " ")) {
                return t.substring(key.length() + 1).strip();
            }
        }
        return null;
    }
}
