package io.leapfrog.bench;

/** A run was cancelled after the bench's per-run time limit. */
public final class QueryTimeoutException extends Exception {
    public QueryTimeoutException(double seconds) {
        super("timed out after " + seconds + " s");
    }
}
