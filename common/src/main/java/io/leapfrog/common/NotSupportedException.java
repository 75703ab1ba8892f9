package io.leapfrog.common;

/** A valid Souffle feature that Leapfrog does not implement; the message starts with "not supported: ". */
public class NotSupportedException extends LeapfrogException {
    public NotSupportedException(String message) {
        super(message);
    }
}
