package io.leapfrog.exec.gpu.join;

import io.leapfrog.common.LeapfrogException;

/** Lets a caller's interrupt (a deadline, Ctrl-C) stop a GPU join between launches or windows. */
final class Interrupts {
    private Interrupts() {
    }

    static void check() {
        if (Thread.currentThread().isInterrupted()) {
            throw new LeapfrogException("error: evaluation interrupted during a GPU join");
        }
    }
}
