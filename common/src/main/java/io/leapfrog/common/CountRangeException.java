package io.leapfrog.common;

/**
 * A {@code count} aggregate whose value does not fit a number (32 bits, as in Souffle). Callers that can
 * count another way (a {@code .printsize} relation counts in 64 bits) catch this type; the message is
 * the user-facing error with its source position.
 */
public final class CountRangeException extends LeapfrogException {
    private final long count;

    public CountRangeException(String message, long count) {
        super(message);
        this.count = count;
    }

    /** The exact count that did not fit. */
    public long count() {
        return count;
    }
}
