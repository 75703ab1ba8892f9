package io.leapfrog.exec.mining;

import io.leapfrog.common.LeapfrogException;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One search thread's look at whether to stop: every {@link #INTERVAL} search nodes it reads its thread's
 * interrupt flag and a flag shared by the threads of one search, so an interrupt of the caller (a
 * deadline) stops the helpers too, and a failed helper stops the rest.
 */
final class InterruptCheck {
    static final String MESSAGE = "error: the clique search was interrupted";
    /** Search nodes between looks: reading the flags is cheap, but not free in a loop of a few ns a node. */
    static final int INTERVAL = 4096;

    private final AtomicBoolean stop;
    private int left = INTERVAL;

    InterruptCheck(AtomicBoolean stop) {
        this.stop = stop;
    }

    /** A check of its own, for a search that runs on the caller's thread alone. */
    static InterruptCheck single() {
        return new InterruptCheck(new AtomicBoolean());
    }

    /** Throws the search's interruption if the calling thread is interrupted: a search's first step. */
    static void atEntry() {
        if (Thread.currentThread().isInterrupted()) {
            throw new LeapfrogException(MESSAGE);
        }
    }

    /** Counts a search node; every INTERVAL of them, {@link #now()}. */
    void tick() {
        if (--left <= 0) {
            left = INTERVAL;
            now();
        }
    }

    /** Throws the search's interruption if this thread is interrupted or another thread of the search stopped. */
    void now() {
        if (stop.get() || Thread.currentThread().isInterrupted()) {
            stop.set(true);
            throw new LeapfrogException(MESSAGE);
        }
    }
}
