package io.leapfrog.tests.conformance;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.NotSupportedException;
import io.leapfrog.engine.Engine;
import io.leapfrog.engine.EngineOptions;
import io.leapfrog.engine.LoadedProgram;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs one conformance program the way Souffle's test-suite does ({@code -F <facts> -D <out>}) and
 * compares each expected {@code .csv} with ours as a sorted multiset of lines, standard output with
 * {@code <name>.out}, and expects an error when {@code <name>.err} is not empty.
 */
final class ConformanceRunner {

    enum Status { PASSED, FAILED, UNSUPPORTED }

    record Outcome(ConformanceCase test, Status status, String detail, long millis) { }

    private final int threads;
    private final EngineOptions.Device device;

    ConformanceRunner(int threads) {
        this(threads, EngineOptions.Device.AUTO);
    }

    /** @param device where the programs' joins and fixpoints run */
    ConformanceRunner(int threads, EngineOptions.Device device) {
        this.device = device;
        this.threads = threads;
    }

    /**
     * Runs the program on its own thread with a deadline: a program that runs too long is interrupted
     * (the engine checks for interruption between fixpoint rounds) and reported as failed.
     */
    Outcome run(ConformanceCase test, java.time.Duration deadline) {
        long t0 = System.nanoTime();
        java.util.concurrent.FutureTask<Outcome> task = new java.util.concurrent.FutureTask<>(() -> run(test));
        Thread worker = new Thread(task, "conformance-" + test.name());
        worker.setDaemon(true);
        worker.start();
        try {
            return task.get(deadline.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            worker.interrupt();
            return outcome(test, Status.FAILED, "timed out after " + deadline.toSeconds() + " s", t0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            worker.interrupt();
            return outcome(test, Status.FAILED, "interrupted", t0);
        } catch (java.util.concurrent.ExecutionException e) {
            return outcome(test, Status.FAILED, "crash: " + e.getCause(), t0);
        }
    }

    Outcome run(ConformanceCase test) {
        long t0 = System.nanoTime();
        Path out = null;
        try {
            out = Files.createTempDirectory("leapfrog-conformance-");
            String expectedErr = Files.exists(test.expectedStderr()) ? Files.readString(test.expectedStderr()).strip() : "";
            ByteArrayOutputStream stdout = new ByteArrayOutputStream();
            String error = null;
            try (Engine engine = new Engine(EngineOptions.defaults().withThreads(threads).withDevice(device)
                    .withOut(new PrintStream(stdout, true, StandardCharsets.UTF_8)))) {
                LoadedProgram p = engine.parse(test.program());
                engine.run(p, test.factsDir(), out);
            } catch (NotSupportedException e) {
                return outcome(test, Status.UNSUPPORTED, firstLine(e.getMessage()), t0);
            } catch (LeapfrogException e) {
                error = e.getMessage();
            }
            if (!expectedErr.isEmpty()) {
                return error != null ? outcome(test, Status.PASSED, "failed as expected", t0)
                        : outcome(test, Status.FAILED, "expected an error like: " + firstLine(expectedErr), t0);
            }
            if (error != null) {
                return outcome(test, Status.FAILED, "unexpected error: " + firstLine(error), t0);
            }
            List<String> problems = new ArrayList<>();
            for (Path csv : test.expectedCsvs()) {
                compare(csv, out.resolve(csv.getFileName().toString()), problems);
            }
            if (Files.exists(test.expectedStdout())) {
                List<String> want = sortedLines(Files.readString(test.expectedStdout()));
                List<String> got = sortedLines(stdout.toString(StandardCharsets.UTF_8));
                if (!want.equals(got)) {
                    problems.add("standard output differs: expected " + want + ", got " + got);
                }
            }
            return problems.isEmpty() ? outcome(test, Status.PASSED, "", t0)
                    : outcome(test, Status.FAILED, String.join("; ", problems), t0);
        } catch (IOException e) {
            return outcome(test, Status.FAILED, "I/O error: " + e, t0);
        } catch (RuntimeException | StackOverflowError e) {
            return outcome(test, Status.FAILED, "crash: " + e, t0);
        } finally {
            deleteTree(out);
        }
    }

    private static void compare(Path expected, Path actual, List<String> problems) throws IOException {
        String rel = expected.getFileName().toString();
        if (!Files.exists(actual)) {
            problems.add(rel + ": not written");
            return;
        }
        List<String> want = sortedLines(Files.readString(expected));
        List<String> got = sortedLines(Files.readString(actual));
        if (want.equals(got)) {
            return;
        }
        List<String> missing = new ArrayList<>(want);
        for (String g : got) {
            missing.remove(g);
        }
        List<String> extra = new ArrayList<>(got);
        for (String w : want) {
            extra.remove(w);
        }
        problems.add(rel + ": expected " + want.size() + " rows, got " + got.size()
                + (missing.isEmpty() ? "" : "; missing e.g. " + head(missing))
                + (extra.isEmpty() ? "" : "; unexpected e.g. " + head(extra)));
    }

    private static String head(List<String> xs) {
        return xs.subList(0, Math.min(3, xs.size())).toString();
    }

    static List<String> sortedLines(String text) {
        List<String> lines = new ArrayList<>();
        if (text.isEmpty()) {
            return lines;
        }
        String body = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        for (String l : body.split("\n", -1)) {
            lines.add(l.endsWith("\r") ? l.substring(0, l.length() - 1) : l); // an empty line is an empty symbol
        }
        Collections.sort(lines);
        return lines;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private static Outcome outcome(ConformanceCase t, Status s, String detail, long t0) {
        return new Outcome(t, s, detail, (System.nanoTime() - t0) / 1_000_000);
    }

    private static void deleteTree(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a leftover temp directory is harmless
        }
    }
}
