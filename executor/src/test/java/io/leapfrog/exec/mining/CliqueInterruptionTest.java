package io.leapfrog.exec.mining;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.storage.Relation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An interrupt of the calling thread (a deadline) stops each search, helpers included, with the search's
 * error, whether it came before the call or in the middle of a search that would run for hours.
 */
class CliqueInterruptionTest {
    private static final String MESSAGE = "error: the clique search was interrupted";

    @Test
    void anInterruptBeforeTheCallStopsEverySearch() {
        Graph g = Graph.undirected(RandomGraphs.complete(12));
        List<Executable> searches = List.of(
                () -> KCliques.count(g, 4, 2),
                () -> KCliques.list(g, 4, 2),
                () -> KCliques.list(g, 2, 1),
                () -> MaximalCliques.all(g, 1, 2),
                () -> MaximumCliques.all(g, 2),
                () -> MaximumCliques.size(Graph.undirected(moonMoser(12)), 2));
        for (Executable search : searches) {
            Thread.currentThread().interrupt();
            try {
                LeapfrogException e = assertThrows(LeapfrogException.class, search);
                assertEquals(MESSAGE, e.getMessage());
                assertTrue(Thread.currentThread().isInterrupted(), "the interrupt stays set for the caller");
            } finally {
                Thread.interrupted();
            }
        }
    }

    @Test
    void anInterruptStopsALongSearch() throws InterruptedException {
        Graph complete = Graph.undirected(RandomGraphs.complete(60));
        // 3^18 maximal (and maximum) cliques of 18 vertices.
        Graph moonMoser = Graph.undirected(moonMoser(54));
        stopsWhenInterrupted(() -> KCliques.count(complete, 20, 2, KCliqueSearch.LISTING));
        stopsWhenInterrupted(() -> KCliques.count(moonMoser, 18, 2, KCliqueSearch.PIVOTING));
        stopsWhenInterrupted(() -> KCliques.list(complete, 25, 2));
        stopsWhenInterrupted(() -> MaximalCliques.all(moonMoser, 1, 2));
        stopsWhenInterrupted(() -> MaximumCliques.all(moonMoser, 2));
    }

    private static void stopsWhenInterrupted(Runnable search) throws InterruptedException {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread caller = new Thread(() -> {
            try {
                search.run();
            } catch (Throwable e) {
                thrown.set(e);
            }
        });
        caller.start();
        Thread.sleep(30);
        caller.interrupt();
        caller.join(20_000);
        assertFalse(caller.isAlive(), "the search stopped");
        assertInstanceOf(LeapfrogException.class, thrown.get());
        assertEquals(MESSAGE, thrown.get().getMessage());
    }

    /** The complement of n/3 disjoint triangles: 3^(n/3) maximal cliques, all of n/3 vertices. */
    private static Relation moonMoser(int n) {
        List<int[]> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (i / 3 != j / 3) {
                    rows.add(new int[]{i, j});
                }
            }
        }
        return Relation.of(2, rows.toArray(new int[0][]));
    }
}
