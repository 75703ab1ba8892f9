package io.leapfrog.exec.join;

import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpinningPoolTest {

    @Test
    void sequentialTasksReuseOneHelper() throws Exception {
        SpinningPool pool = new SpinningPool();
        Set<String> threads = ConcurrentHashMap.newKeySet();
        for (int i = 0; i < 50; i++) {
            pool.submit(() -> threads.add(Thread.currentThread().getName())).get(5, TimeUnit.SECONDS);
            if (i == 25) {
                Thread.sleep(SpinningPool.SPIN_NANOS / 1_000_000 + 20); // the helper parks, and wakes again
            }
        }
        assertEquals(1, threads.size(), "a finished helper takes the next task: " + threads);
    }

    @Test
    void concurrentTasksRunOnSeparateHelpers() throws Exception {
        SpinningPool pool = new SpinningPool();
        CountDownLatch both = new CountDownLatch(2);
        Runnable meet = () -> {
            both.countDown();
            try {
                assertTrue(both.await(5, TimeUnit.SECONDS), "the other task never ran beside this one");
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        };
        Future<?> a = pool.submit(meet);
        Future<?> b = pool.submit(meet);
        a.get(10, TimeUnit.SECONDS);
        b.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aFailingTaskReportsThroughItsFutureAndTheHelperGoesOn() throws Exception {
        SpinningPool pool = new SpinningPool();
        Future<?> bad = pool.submit(() -> {
            throw new IllegalArgumentException("boom");
        });
        ExecutionException e = assertThrows(ExecutionException.class, () -> bad.get(5, TimeUnit.SECONDS));
        assertEquals("boom", e.getCause().getMessage());
        int[] ran = {0};
        pool.submit(() -> ran[0]++).get(5, TimeUnit.SECONDS);
        assertEquals(1, ran[0]);
    }
}
