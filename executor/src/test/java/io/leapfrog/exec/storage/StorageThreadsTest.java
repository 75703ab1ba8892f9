package io.leapfrog.exec.storage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Storage passes run on the pool their caller scoped them to, and on the common pool otherwise. */
class StorageThreadsTest {

    private final ForkJoinPool pool = new ForkJoinPool(2, p -> {
        ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
        t.setName("test-storage-" + t.getPoolIndex());
        return t;
    }, null, false);

    @AfterEach
    void shutDown() {
        pool.shutdown();
    }

    /** The names of the threads that ran a chunked pass over many rows. */
    private static Set<String> threadsOfAChunkedPass() {
        Set<String> names = ConcurrentHashMap.newKeySet();
        new RowChunks(1 << 20, 64).forEach(chunk -> names.add(Thread.currentThread().getName()));
        return names;
    }

    @Test
    void aScopedPassRunsOnlyOnTheScopedPool() {
        Set<String> names = StorageThreads.within(pool, StorageThreadsTest::threadsOfAChunkedPass);
        assertTrue(!names.isEmpty() && names.stream().allMatch(n -> n.startsWith("test-storage-")), names.toString());
        assertTrue(names.size() <= 2, names.toString());
        assertEquals(2, (int) StorageThreads.within(pool, StorageThreads::parallelism));
    }

    @Test
    void anUnscopedPassUsesTheCommonPool() {
        Set<String> names = threadsOfAChunkedPass();
        assertTrue(names.stream().noneMatch(n -> n.startsWith("test-storage-")), names.toString());
        assertEquals(ForkJoinPool.getCommonPoolParallelism(), StorageThreads.parallelism());
    }

    @Test
    void theScopeEndsWithItsBodyEvenWhenItThrows() {
        assertThrows(IllegalStateException.class, () -> StorageThreads.within(pool, () -> {
            throw new IllegalStateException("inside");
        }));
        assertNull(StorageThreads.within(null, () -> null));
        assertTrue(threadsOfAChunkedPass().stream().noneMatch(n -> n.startsWith("test-storage-")));
    }

    @Test
    void scopedSortsSort() {
        int[] a = new SplittableRandom(7).ints(1 << 20).toArray();
        long[] b = new SplittableRandom(8).longs(1 << 20).toArray();
        int[] ea = a.clone();
        long[] eb = b.clone();
        Arrays.sort(ea);
        Arrays.sort(eb);
        StorageThreads.within(pool, () -> {
            StorageThreads.sort(a);
            StorageThreads.sort(b);
            return null;
        });
        assertArrayEquals(ea, a);
        assertArrayEquals(eb, b);
    }
}
