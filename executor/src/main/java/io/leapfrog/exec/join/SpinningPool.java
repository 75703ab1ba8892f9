package io.leapfrog.exec.join;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The join's helper threads. A helper that finishes a task keeps polling for the next one for a few
 * milliseconds ({@link #SPIN_NANOS}) before it parks. Why: a join of a few milliseconds is over before
 * a parked thread is really running beside the caller. Waking it makes the kernel run it on the
 * caller's core, and the caller then waits for a load-balancing tick (so one thread would do a short
 * join alone). A polling helper is already on its own core.
 * Spinning costs one core for at most SPIN_NANOS after each join, and nothing while no join runs.
 */
final class SpinningPool {
    static final long SPIN_NANOS = 5_000_000L;

    private final List<Helper> helpers = new ArrayList<>();

    /** Runs the task on an idle helper (a new one when all are busy). */
    synchronized Future<?> submit(Runnable task) {
        for (Helper h : helpers) {
            if (h.idle()) {
                return h.start(task);
            }
        }
        Helper h = new Helper("leapfrog-join-" + helpers.size());
        helpers.add(h);
        Future<?> f = h.start(task);
        h.thread.start();
        return f;
    }

    private static final class Helper implements Runnable {
        final Thread thread;
        /** The task given and not finished yet; only submit (holding the pool's lock) sets it. */
        private final AtomicReference<FutureTask<Void>> mailbox = new AtomicReference<>();
        private volatile boolean parked;

        Helper(String name) {
            thread = new Thread(this, name);
            thread.setDaemon(true);
        }

        boolean idle() {
            return mailbox.get() == null;
        }

        /**
         * Gives this idle helper the task. The mailbox is emptied inside the task, before its future
         * completes, so a caller that waited for the future finds the helper idle again.
         */
        Future<?> start(Runnable task) {
            FutureTask<Void> f = new FutureTask<>(() -> {
                try {
                    task.run();
                } finally {
                    mailbox.set(null);
                }
            }, null);
            mailbox.set(f);
            if (parked) {
                LockSupport.unpark(thread);
            }
            return f;
        }

        @Override
        public void run() {
            long spinUntil = System.nanoTime() + SPIN_NANOS;
            while (true) {
                FutureTask<Void> f = mailbox.get();
                if (f != null) {
                    f.run(); // a no-op when f has run already
                    spinUntil = System.nanoTime() + SPIN_NANOS;
                } else if (System.nanoTime() < spinUntil) {
                    Thread.onSpinWait();
                } else {
                    parked = true; // then look again: start() sets the mailbox, then reads parked
                    if (mailbox.get() == null) {
                        LockSupport.park(this);
                    }
                    parked = false;
                    spinUntil = System.nanoTime() + SPIN_NANOS;
                }
            }
        }
    }
}
