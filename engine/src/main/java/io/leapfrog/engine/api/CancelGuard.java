package io.leapfrog.engine.api;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.engine.Engine;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Runs one evaluation of a session's engine so that {@link #cancel()} or a timeout stops it through the
 * engine's own mechanism ({@link Engine#cancel()}: the evaluating thread is interrupted, GPU kernels are
 * aborted), and never reaches an evaluation that started later. The interrupt it caused is cleared from
 * the caller's thread before the call returns or throws.
 */
final class CancelGuard {
    private final Engine engine;
    private final Object lock = new Object();
    private boolean running;
    /** Counts evaluations, so that a timer set for one never stops a later one. */
    private long generation;
    private boolean cancelled;
    private boolean timedOut;

    CancelGuard(Engine engine) {
        this.engine = engine;
    }

    /** Runs {@code evaluation}; with a non-null {@code timeout} it is cancelled once that much time has passed. */
    <T> T run(Supplier<T> evaluation, Duration timeout) {
        long mine;
        synchronized (lock) {
            running = true;
            cancelled = false;
            timedOut = false;
            mine = ++generation;
        }
        if (timeout != null) {
            CompletableFuture.delayedExecutor(Math.max(0, timeout.toNanos()), TimeUnit.NANOSECONDS)
                    .execute(() -> stop(mine, true));
        }
        boolean stopped;
        boolean late;
        try {
            return evaluation.get();
        } catch (LeapfrogException e) {
            synchronized (lock) {
                late = timedOut;
                stopped = cancelled;
            }
            if (stopped) {
                throw new LeapfrogException(late ? "error: evaluation stopped after its timeout of " + timeout
                        : "error: evaluation cancelled", e);
            }
            throw e;
        } finally {
            synchronized (lock) {
                running = false;
                if (cancelled) {
                    Thread.interrupted(); // the interrupt was ours: the caller's thread goes on uninterrupted
                }
            }
        }
    }

    /** Stops the evaluation in progress, if any. */
    void cancel() {
        synchronized (lock) {
            stop(generation, false);
        }
    }

    private void stop(long which, boolean timeout) {
        synchronized (lock) {
            if (running && !cancelled && which == generation) {
                cancelled = true;
                timedOut = timeout;
                engine.cancel();
            }
        }
    }
}
