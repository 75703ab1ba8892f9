package io.leapfrog.exec.storage;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * The threads that the storage passes over large relations run on (chunked tries and statistics, sorts
 * of columns, degree renumbering). By default that is the common fork-join pool, which has a thread per
 * core. An engine limited to N threads runs its evaluation {@link #within} a pool of N, so that
 * {@code --threads N} bounds these passes as it bounds the joins. The scope belongs to the calling
 * thread; a pass started on any other thread uses the common pool.
 */
public final class StorageThreads {
    private static final ThreadLocal<ForkJoinPool> SCOPED = new ThreadLocal<>();

    private StorageThreads() {
    }

    /** Runs {@code body} with this thread's storage passes on {@code pool} (null: the common pool). */
    public static <T> T within(ForkJoinPool pool, Supplier<T> body) {
        ForkJoinPool before = SCOPED.get();
        SCOPED.set(pool);
        try {
            return body.get();
        } finally {
            SCOPED.set(before);
        }
    }

    /** The threads a pass started here would use. */
    static int parallelism() {
        if (ForkJoinTask.inForkJoinPool()) {
            return ForkJoinTask.getPool().getParallelism();
        }
        ForkJoinPool pool = SCOPED.get();
        return pool != null ? pool.getParallelism() : ForkJoinPool.getCommonPoolParallelism();
    }

    /** {@code body(i)} for i in [0, count), in parallel on this thread's storage pool. */
    static void forEach(int count, IntConsumer body) {
        inPool(() -> IntStream.range(0, count).parallel().forEach(body));
    }

    /** Sorts {@code a} in parallel on this thread's storage pool. */
    static void sort(int[] a) {
        inPool(() -> Arrays.parallelSort(a));
    }

    /** Sorts {@code a} in parallel on this thread's storage pool. */
    static void sort(long[] a) {
        inPool(() -> Arrays.parallelSort(a));
    }

    /**
     * Runs parallel work so that its fork-join tasks go to the scoped pool: a parallel stream or sort
     * forks into the pool of the worker that starts it, and into the common pool from any other thread.
     */
    private static void inPool(Runnable parallelWork) {
        ForkJoinPool pool = SCOPED.get();
        if (pool == null || ForkJoinTask.inForkJoinPool()) {
            parallelWork.run();
        } else {
            pool.invoke(ForkJoinTask.adapt(parallelWork));
        }
    }
}
