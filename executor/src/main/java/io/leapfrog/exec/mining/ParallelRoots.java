package io.leapfrog.exec.mining;

import io.leapfrog.common.LeapfrogException;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Runs a search's independent roots 0..n-1 on several threads: the caller's and helpers started for the
 * call. Each thread has its own worker (its own buffers and results, merged by the caller afterwards) and
 * claims small runs of consecutive roots from a shared counter, so a thread that drew expensive roots does
 * not hold the others back. Interrupting the caller stops every thread of the search.
 */
final class ParallelRoots {
    /** A thread's share of a search: visits the roots it claims, keeping what it finds. */
    interface Worker {
        void visit(int root);
    }

    /** Roots claimed at once at most; fewer near the end, where a long run would leave threads idle. */
    private static final int MAX_CHUNK = 64;

    private ParallelRoots() {
    }

    /**
     * Visits every root in {@code [0, roots)} once, on at most {@code threads} threads, and returns the
     * workers (one a thread, the caller's first). A worker ticks its {@link InterruptCheck} as it searches.
     */
    static <W extends Worker> List<W> run(int roots, int threads, Function<InterruptCheck, W> newWorker) {
        int t = Math.max(1, Math.min(threads, roots));
        AtomicBoolean stop = new AtomicBoolean();
        List<W> workers = new ArrayList<>(t);
        InterruptCheck[] checks = new InterruptCheck[t];
        for (int i = 0; i < t; i++) {
            checks[i] = new InterruptCheck(stop);
            workers.add(newWorker.apply(checks[i]));
        }
        AtomicInteger next = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] helpers = new Thread[t - 1];
        for (int i = 1; i < t; i++) {
            W w = workers.get(i);
            InterruptCheck check = checks[i];
            Thread h = new Thread(() -> {
                try {
                    visitAll(w, check, next, roots, t);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);   // recorded before the others are stopped by it
                    stop.set(true);
                }
            }, "leapfrog-cliques-" + i);
            h.setDaemon(true);
            helpers[i - 1] = h;
            h.start();
        }
        try {
            visitAll(workers.get(0), checks[0], next, roots, t);
        } catch (RuntimeException | Error e) {
            // The helpers see the flag within a few thousand nodes; waiting for them would need the
            // interrupt flag cleared, which a deadline's caller must still see.
            // A helper that failed first stopped this thread: its failure is the search's, not the stop. Read
            // before this thread stops the helpers, so that no failure of theirs caused by it is taken.
            Throwable first = failure.get();
            stop.set(true);
            if (first instanceof RuntimeException r) {
                throw r;
            }
            if (first instanceof Error err) {
                throw err;
            }
            throw e;
        }
        for (Thread h : helpers) {
            try {
                h.join();
            } catch (InterruptedException e) {
                stop.set(true);
                Thread.currentThread().interrupt();
                throw new LeapfrogException(InterruptCheck.MESSAGE, e);
            }
        }
        Throwable f = failure.get();
        if (f instanceof RuntimeException r) {
            throw r;
        }
        if (f instanceof Error err) {
            throw err;
        }
        return workers;
    }

    private static void visitAll(Worker w, InterruptCheck check, AtomicInteger next, int roots, int threads) {
        check.now();
        while (true) {
            int from = next.get();
            if (from >= roots) {
                return;
            }
            int to = from + chunk(roots - from, threads);
            if (!next.compareAndSet(from, to)) {
                continue;
            }
            for (int r = from; r < to; r++) {
                check.tick();
                w.visit(r);
            }
        }
    }

    /** Roots to claim when {@code left} remain: about 1/64 of a thread's fair share, 1..MAX_CHUNK. */
    private static int chunk(int left, int threads) {
        return Math.max(1, Math.min(MAX_CHUNK, Math.min(left, left / (64 * threads))));
    }
}
