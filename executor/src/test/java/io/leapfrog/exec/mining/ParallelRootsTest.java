package io.leapfrog.exec.mining;

import org.junit.jupiter.api.RepeatedTest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A search's failure on any of its threads is the search's error, whichever thread met it. */
class ParallelRootsTest {
    /**
     * Root 0 fails; root 1 runs until it is stopped. Whether the caller or the helper draws root 0, the
     * caller throws root 0's failure, never the stop it caused on the other thread.
     */
    @RepeatedTest(20)
    void theFirstFailureIsThrownNotTheStopItCaused() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ParallelRoots.run(2, 2, check -> root -> {
            if (root == 0) {
                sleep(20);
                throw new IllegalStateException("root 0 failed");
            }
            while (true) {
                check.now();
                sleep(1);
            }
        }));
        assertEquals("root 0 failed", e.getMessage());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
