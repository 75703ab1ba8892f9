package io.leapfrog.bench;

/** An external engine's program for a query is not there (not built on this machine): its cell says "not built". */
public final class NotBuiltException extends Exception {
    public NotBuiltException(String message) {
        super(message);
    }
}
