package io.leapfrog.bench;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The join peers' time limit ({@link LeapfrogJoinPeer#withTimeout}): runs share one kept thread, a run
 * past the limit is interrupted and reported as a timeout, and the next run gets a fresh thread.
 */
class JoinTimeoutTest {

    @Test
    void runsShareAThreadAndATimedOutRunGivesItUp() throws Exception {
        AtomicReference<Thread> first = new AtomicReference<>();
        AtomicReference<Thread> second = new AtomicReference<>();
        Measurement m = LeapfrogJoinPeer.withTimeout(() -> {
            first.set(Thread.currentThread());
            return 7L;
        }, 5);
        assertEquals(7L, m.count());
        LeapfrogJoinPeer.withTimeout(() -> {
            second.set(Thread.currentThread());
            return 8L;
        }, 5);
        assertSame(first.get(), second.get(), "runs share the bench's join thread");

        AtomicReference<Boolean> interrupted = new AtomicReference<>(false);
        assertThrows(QueryTimeoutException.class, () -> LeapfrogJoinPeer.withTimeout(() -> {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
            return 0L;
        }, 0.2));
        assertTrue(interrupted.get(), "the timed-out run was interrupted and had stopped when withTimeout returned");

        AtomicReference<Thread> after = new AtomicReference<>();
        assertEquals(9L, LeapfrogJoinPeer.withTimeout(() -> {
            after.set(Thread.currentThread());
            return 9L;
        }, 5).count());
        assertNotSame(first.get(), after.get(), "a run after a timeout gets a fresh thread");
    }
}
