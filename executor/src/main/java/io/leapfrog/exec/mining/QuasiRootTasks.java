package io.leapfrog.exec.mining;

import io.leapfrog.common.LeapfrogException;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the root tasks of a quasi-clique search on several threads: the calling thread and threads − 1
 * more take roots one at a time from a shared counter, each into its own {@link VertexSets}. What a root
 * task emits depends on the root alone, so the merged sets are the same for any thread count.
 */
final class QuasiRootTasks {
    private QuasiRootTasks() {
    }

    /** The sets the root tasks of all vertices of {@code order} emit, merged. */
    static VertexSets search(Graph g, int[] order, int[] position, QuasiThresholds thresholds, int minSize,
                             int threads) {
        int workers = Math.max(1, Math.min(threads, order.length));
        StopSignal stop = new StopSignal();
        AtomicInteger next = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        VertexSets[] found = new VertexSets[workers];
        Thread[] helpers = new Thread[workers - 1];
        for (int i = 0; i < workers; i++) {
            found[i] = new VertexSets();
        }
        for (int i = 1; i < workers; i++) {
            VertexSets out = found[i];
            Thread t = new Thread(() -> {
                try {
                    work(g, order, position, thresholds, minSize, next, stop, out);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                    stop.raise();
                }
            }, "leapfrog-quasi-cliques");
            t.setDaemon(true);
            helpers[i - 1] = t;
            t.start();
        }
        try {
            work(g, order, position, thresholds, minSize, next, stop, found[0]);
        } catch (Throwable e) {
            failure.compareAndSet(null, e);
            stop.raise();
        }
        boolean interrupted = false;
        for (Thread t : helpers) {
            while (true) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                    failure.compareAndSet(null, new LeapfrogException(StopSignal.INTERRUPTED));
                    stop.raise();
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Throwable f = failure.get();
        if (f instanceof RuntimeException r) {
            throw r;
        }
        if (f instanceof Error err) {
            throw err;
        }
        if (f != null) {
            throw new IllegalStateException("the quasi-clique search failed", f);
        }
        VertexSets all = new VertexSets();
        for (VertexSets s : found) {
            all.addAll(s);
        }
        return all;
    }

    private static void work(Graph g, int[] order, int[] position, QuasiThresholds thresholds, int minSize,
                             AtomicInteger next, StopSignal stop, VertexSets out) {
        QuasiNeighbourhood neighbourhood = new QuasiNeighbourhood(g, order, position, thresholds, minSize);
        BitGraph local = new BitGraph();
        QuasiSearch search = new QuasiSearch(thresholds, minSize, out, stop);
        for (int i = next.getAndIncrement(); i < order.length; i = next.getAndIncrement()) {
            stop.check();
            if (neighbourhood.load(order[i], local)) {
                search.run(local);
            }
        }
    }
}
