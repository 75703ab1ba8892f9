package io.leapfrog.bench;

/** A user-facing error of the bench harness (bad option, missing data); printed without a stack trace. */
public final class BenchException extends RuntimeException {
    public BenchException(String message) {
        super(message);
    }
}
