package io.leapfrog.exec.mining;

import io.leapfrog.common.LeapfrogException;

/**
 * Stops the threads of one search together: when the calling thread is interrupted, or when any thread
 * fails or sees the interrupt and raises the signal, every thread's next check throws.
 */
final class StopSignal {
    static final String INTERRUPTED = "error: the quasi-clique search was interrupted";

    private volatile boolean raised;

    void raise() {
        raised = true;
    }

    /** Throws when the signal was raised or this thread was interrupted. */
    void check() {
        if (raised || Thread.currentThread().isInterrupted()) {
            raised = true;
            throw new LeapfrogException(INTERRUPTED);
        }
    }
}
