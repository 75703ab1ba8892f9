package io.leapfrog.common;

/**
 * An error caused by the user's input (program, facts, query, flags). Its message is complete and
 * user-facing (for source errors: {@code file:line:col: error: what. how to fix}, then the source line
 * and a caret), so front ends print {@link #getMessage()} and never a stack trace.
 */
public class LeapfrogException extends RuntimeException {
    public LeapfrogException(String message) {
        super(message);
    }

    public LeapfrogException(String message, Throwable cause) {
        super(message, cause);
    }
}
