package io.leapfrog.exec.join;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Multi-threaded leapfrog triejoin with galloping seek, parallel over first-level values with work
 * stealing.
 *
 * <p>{@link #count} counts the results (the distinct bindings of the output variables) without
 * materialising them; {@link #run} hands them to sinks, one per worker (a sink is used by one thread
 * only), and returns every sink. {@link #sampleWork} estimates a join's work under its variable order on a
 * sample of the data, for the planner.
 *
 * <p>Work distribution: the first level's smallest value list is cut into many small index chunks that
 * workers claim from a shared counter, so a worker that drew cheap values simply claims more (dynamic
 * load balancing for skewed graphs). The calling thread works too; helpers come from a shared pool of
 * daemon threads. Small joins and threads=1 run inline on the caller.
 */
public final class LeapfrogJoin {
    /** Chunks per worker: enough that skew evens out, few enough that claiming stays cheap. */
    private static final int CHUNKS_PER_THREAD = 128;
    /** Below this many level-0 values the join runs on the calling thread only. */
    private static final int MIN_PARALLEL_VALUES = 64;

    private static final SpinningPool POOL = new SpinningPool();

    private LeapfrogJoin() {
    }

    /** Number of results (distinct bindings of the output variables), without materialising them. */
    public static long count(JoinQuery q, int threads) {
        if (!q.passesGate()) {
            return 0;
        }
        List<JoinWorker> workers = execute(q, threads, null);
        long total = 0;
        for (JoinWorker w : workers) {
            total += w.count;
        }
        return total;
    }

    /** Enumerates the results into per-worker sinks (each sink is used by one thread only); returns them all. */
    public static <S extends TupleSink> List<S> run(JoinQuery q, int threads, Supplier<S> sinks) {
        if (!q.passesGate()) {
            List<S> none = new ArrayList<>(1);
            none.add(sinks.get());
            return none;
        }
        int workers = workerCount(q, threads);
        List<S> out = new ArrayList<>(workers);
        for (int i = 0; i < workers; i++) {
            out.add(sinks.get());
        }
        execute(q, workers, out);
        return out;
    }

    /**
     * The join's estimated work under its variable order, measured on its data from a sample of about
     * 1/{@code stride} of its second level's candidates ({@link WorkEstimate}; deterministic). For
     * comparing variable orders. Runs on the calling thread.
     *
     * @param limit stop early and return {@link Long#MAX_VALUE} once the estimate exceeds this
     * @return the estimate, 0 when the query has no solution, or -1 when the query cannot be measured
     *         (no join variables, or a computed first level)
     */
    public static long sampleWork(JoinQuery q, int stride, long limit) {
        if (!q.passesGate()) {
            return 0;
        }
        if (q.varCount == 0 || q.outputVars == 0 || q.levels[0].derived()) {
            return -1;
        }
        WorkEstimate estimate = new WorkEstimate(stride, limit);
        JoinWorker w = new JoinWorker(q, null);
        w.measuring = estimate;
        w.runAll();
        return estimate.result();
    }

    /**
     * How many candidates the join's second level has in all (for each first-level binding, the length
     * of its shortest second-level range), found without going deeper; for sizing the sample of
     * {@link #sampleWork}. -1 when the query cannot be measured.
     */
    public static long secondLevelCandidates(JoinQuery q) {
        if (!q.passesGate()) {
            return 0;
        }
        if (q.varCount == 0 || q.outputVars == 0 || q.levels[0].derived()) {
            return -1;
        }
        WorkEstimate count = WorkEstimate.candidateCount();
        JoinWorker w = new JoinWorker(q, null);
        w.measuring = count;
        w.runAll();
        return count.candidates();
    }

    /** How many workers the query can use: 1 unless level 0 is a large enough leapfrog over atoms. */
    private static int workerCount(JoinQuery q, int threads) {
        if (threads <= 1 || q.varCount == 0 || q.outputVars == 0) {
            return 1;
        }
        JoinQuery.Level first = q.levels[0];
        if (first.derived() || first.vals[0].length < MIN_PARALLEL_VALUES) {
            return 1;
        }
        return threads;
    }

    private static List<JoinWorker> execute(JoinQuery q, int threads, List<? extends TupleSink> sinks) {
        int workers = sinks != null ? sinks.size() : workerCount(q, threads);
        List<JoinWorker> ws = new ArrayList<>(workers);
        for (int i = 0; i < workers; i++) {
            ws.add(new JoinWorker(q, sinks == null ? null : sinks.get(i)));
        }
        if (workers == 1 && (q.varCount == 0 || q.outputVars == 0 || q.levels[0].derived())) {
            // One pass over everything: a query without output variables stops at its first result.
            ws.get(0).runAll();
            addLevelRows(q, ws);
            return ws;
        }
        int total = q.levels[0].vals[0].length;
        int chunk = Math.max(1, total / (workers * CHUNKS_PER_THREAD));
        AtomicInteger next = new AtomicInteger();
        JoinQuery.Watch watch = q.watch();
        if (watch != null) {
            watch.watching(() -> Math.min(next.get(), total), total);
        }
        List<Future<?>> helpers = new ArrayList<>(workers - 1);
        Throwable failure = null;
        boolean interrupted = false;
        try {
            for (int i = 1; i < workers; i++) {
                JoinWorker w = ws.get(i);
                helpers.add(POOL.submit(() -> drain(w, next, chunk, total)));
            }
            interrupted = drainInterruptibly(ws.get(0), next, chunk, total);
            if (interrupted) {
                Thread.interrupted(); // wait for the helpers' last chunks undisturbed; set again below
            }
        } catch (RuntimeException | Error e) {
            failure = e;
            next.set(total); // let the helpers run out of work
        }
        for (Future<?> f : helpers) {
            while (true) {
                try {
                    f.get();
                    break;
                } catch (ExecutionException e) {
                    if (failure == null) {
                        failure = e.getCause();
                    }
                    next.set(total);
                    break;
                } catch (InterruptedException e) {
                    // interrupted while the helpers finish: stop handing out chunks and wait on (each ends within one)
                    interrupted = true;
                    next.set(total);
                }
            }
        }
        if (failure == null && interrupted) {
            Thread.currentThread().interrupt();
            throw new io.leapfrog.common.LeapfrogException("error: evaluation interrupted during a join");
        }
        if (failure instanceof RuntimeException re) {
            throw re;
        }
        if (failure instanceof Error err) {
            throw err;
        }
        if (failure != null) {
            throw new IllegalStateException("a join worker failed", failure);
        }
        addLevelRows(q, ws);
        return ws;
    }

    /** Adds the workers' per-level counts to the query's, when it counts them. */
    private static void addLevelRows(JoinQuery q, List<JoinWorker> ws) {
        java.util.concurrent.atomic.AtomicLongArray rows = q.levelRows();
        if (rows == null) {
            return;
        }
        for (JoinWorker w : ws) {
            for (int l = 0; l < w.levelRows.length && l < rows.length(); l++) {
                rows.addAndGet(l, w.levelRows[l]);
            }
        }
    }

    /**
     * The calling thread's share: claims chunks like the helpers, and when the thread is interrupted
     * (a deadline, Ctrl-C) stops handing out chunks, so every worker ends within one chunk. Returns
     * whether it was interrupted.
     */
    private static boolean drainInterruptibly(JoinWorker w, AtomicInteger next, int chunk, int total) {
        while (true) {
            if (Thread.currentThread().isInterrupted()) {
                next.set(total);
                return true;
            }
            int lo = next.getAndAdd(chunk);
            if (lo >= total) {
                return false;
            }
            w.chunkLo = lo;
            w.chunkHi = Math.min(total, lo + chunk);
            w.runAll();
        }
    }

    /** Claims level-0 chunks until none are left. */
    private static void drain(JoinWorker w, AtomicInteger next, int chunk, int total) {
        while (true) {
            int lo = next.getAndAdd(chunk);
            if (lo >= total) {
                return;
            }
            w.chunkLo = lo;
            w.chunkHi = Math.min(total, lo + chunk);
            w.runAll();
        }
    }
}
