package io.leapfrog.engine;

import io.leapfrog.exec.storage.StorageThreads;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.function.Supplier;

/**
 * The threads an engine's storage passes (tries and statistics of large relations, sorts, degree
 * renumbering) may use: the common pool when the engine may use every core, else a pool of its own
 * with the engine's thread count, so that {@code --threads N} bounds them as it bounds the joins. Its
 * workers are named {@code leapfrog-storage-K}, start when first needed and end when idle.
 */
final class StoragePool implements AutoCloseable {
    private final ForkJoinPool pool;

    StoragePool(int threads) {
        this.pool = threads < Runtime.getRuntime().availableProcessors()
                ? new ForkJoinPool(threads, StoragePool::worker, null, false) : null;
    }

    private static ForkJoinWorkerThread worker(ForkJoinPool pool) {
        ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
        t.setName("leapfrog-storage-" + t.getPoolIndex());
        return t;
    }

    /** Runs {@code body} on the calling thread with its storage passes on this pool (the common pool once closed). */
    <T> T run(Supplier<T> body) {
        return StorageThreads.within(pool != null && !pool.isShutdown() ? pool : null, body);
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdown();
        }
    }
}
