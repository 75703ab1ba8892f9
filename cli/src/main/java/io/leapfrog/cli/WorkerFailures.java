package io.leapfrog.cli;

import io.leapfrog.cli.console.ResourceErrors;
import io.leapfrog.cli.console.UserErrors;

import java.io.PrintStream;

/**
 * What the command does with an error that ends a thread of its own accord (a worker thread outside any
 * task whose failure is passed on). Running out of heap or stack there ends the command as it would on the
 * main thread: one sentence and exit 4, so the command neither hangs waiting for the worker nor prints the
 * JVM's trace; the shutdown hooks still run (temporary output files are removed). Anything else is one
 * line naming the thread, with the trace under {@code --debug}.
 */
final class WorkerFailures {
    private WorkerFailures() {
    }

    static void install(PrintStream err, boolean debug) {
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            VirtualMachineError exhausted = ResourceErrors.find(e);
            if (exhausted != null) {
                err.println(ResourceErrors.message(exhausted));
                if (debug) {
                    e.printStackTrace(err);
                }
                err.flush();
                System.exit(Main.EXIT_RESOURCES);
            }
            err.println("internal error in thread " + thread.getName() + ": " + UserErrors.oneLine(e)
                    + (debug ? "" : " (run the same command with --debug to see the stack trace)"));
            if (debug) {
                e.printStackTrace(err);
            }
            err.flush();
        });
    }
}
