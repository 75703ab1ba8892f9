package io.leapfrog.cli;

import io.leapfrog.cli.console.ResourceErrors;
import io.leapfrog.cli.console.UserErrors;
import io.leapfrog.common.LeapfrogException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

import java.io.PrintWriter;

/**
 * Turns an exception escaping a command into a message and an exit code. A user error (a
 * {@link LeapfrogException} anywhere in the cause chain, or a failed file operation) prints its message
 * only, exit 1: the message is complete and a stack trace would only hide it. Anything else is our bug:
 * one line "internal error: ..." and a hint, exit 3; {@code --debug} adds the stack trace. Running out of
 * heap or stack, wherever it happened, is one sentence with the advice that helps, exit 4.
 */
final class ErrorHandler implements IExecutionExceptionHandler {

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parsed) {
        PrintWriter err = cmd.getErr();
        boolean debug = debugRequested(parsed);
        VirtualMachineError exhausted = ResourceErrors.find(ex);
        if (exhausted != null) {
            return reportResources(exhausted, ex, err, debug);
        }
        String userMessage = UserErrors.messageOf(ex);
        int code;
        if (userMessage != null) {
            err.println(userMessage);
            code = Main.EXIT_USER_ERROR;
        } else {
            err.println("internal error: " + UserErrors.oneLine(ex));
            if (!debug) {
                err.println("This is a bug in Leapfrog. Run the same command with --debug to see the stack trace.");
            }
            code = Main.EXIT_INTERNAL;
        }
        if (debug) {
            ex.printStackTrace(err);
        }
        err.flush();
        return code;
    }

    /** Prints the sentence for running out of heap or stack ({@code whole}'s trace under --debug); returns exit 4. */
    static int reportResources(VirtualMachineError exhausted, Throwable whole, PrintWriter err, boolean debug) {
        err.println(ResourceErrors.message(exhausted));
        if (debug) {
            whole.printStackTrace(err);
        }
        err.flush();
        return Main.EXIT_RESOURCES;
    }

    /** --debug is inherited by subcommands, so it may have been given at any level. */
    private static boolean debugRequested(ParseResult parsed) {
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--debug")) {
                return true;
            }
        }
        return false;
    }
}
