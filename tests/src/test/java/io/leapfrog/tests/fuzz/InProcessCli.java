package io.leapfrog.tests.fuzz;

import io.leapfrog.cli.Main;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one leapfrog command line in-process ({@link Main#execute}) on a thread of its own, so that a
 * run past its time bound is noticed (and interrupted) instead of stalling the suite, and a
 * {@link Throwable} escaping the command line (a StackOverflowError, say) is a result, not a crash of
 * the test.
 */
final class InProcessCli {
    private InProcessCli() {
    }

    /**
     * What a run did. {@code exitCode} is -1 when the run did not finish in time or threw;
     * {@code escaped} is what escaped {@link Main#execute}, if anything.
     */
    record Outcome(String[] args, int exitCode, String out, String err, boolean timedOut, Throwable escaped) {
        boolean finished() {
            return !timedOut && escaped == null;
        }

        @Override
        public String toString() {
            return "leapfrog " + String.join(" ", args) + "\nexit " + exitCode
                    + (timedOut ? " (timed out)" : "") + (escaped != null ? " (threw " + escaped + ")" : "")
                    + "\n--- stdout ---\n" + clip(out) + "--- stderr ---\n" + clip(err);
        }

        private static String clip(String s) {
            return s.length() > 4000 ? s.substring(0, 4000) + "... (" + s.length() + " chars)\n" : s;
        }
    }

    static Outcome run(Duration bound, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        FutureTask<Integer> task = new FutureTask<>(() -> Main.execute(args, o, e));
        Thread worker = new Thread(task, "fuzzed-leapfrog");
        worker.setDaemon(true);   // a run that ignores its interrupt must not keep the JVM alive
        worker.start();
        int code = -1;
        boolean timedOut = false;
        Throwable escaped = null;
        try {
            code = task.get(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException t) {
            timedOut = true;
            task.cancel(true);
            joinQuietly(worker);
        } catch (ExecutionException x) {
            escaped = x.getCause();
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for leapfrog", x);
        }
        o.flush();
        e.flush();
        return new Outcome(args, code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                timedOut, escaped);
    }

    /** Gives an interrupted run a moment to stop, so that the next run does not compete with it. */
    private static void joinQuietly(Thread worker) {
        try {
            worker.join(5_000);
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
        }
    }
}
