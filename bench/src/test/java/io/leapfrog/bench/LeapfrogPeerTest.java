package io.leapfrog.bench;

import org.junit.jupiter.api.Test;

import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The engine peer's counts: by the count aggregate, and by .printsize once a count passes 2^31 - 1. */
class LeapfrogPeerTest {

    /** The complete graph on n nodes, each edge once as (i, j) with i &lt; j. */
    private static EdgeList complete(int n) {
        int m = n * (n - 1) / 2;
        int[] src = new int[m];
        int[] dst = new int[m];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                src[k] = i;
                dst[k] = j;
                k++;
            }
        }
        return new EdgeList(src, dst);
    }

    private static Measurement count(BenchQuery q, EdgeList g, int runs) throws Exception {
        LeapfrogPeer peer = new LeapfrogPeer(2);
        Workload w = new Workload(q, "complete", g, null, OptionalLong.empty());
        try {
            peer.load(w);
            Measurement last = null;
            for (int i = 0; i < runs; i++) {
                last = peer.run(w);
            }
            return last;
        } finally {
            peer.close();
        }
    }

    @Test
    void smallCountsComeFromTheCountAggregate() throws Exception {
        assertEquals(20, count(BenchQuery.TRIANGLES, complete(6), 1).count());   // C(6, 3)
        assertEquals(15, count(BenchQuery.FOUR_CLIQUES, complete(6), 1).count()); // C(6, 4)
    }

    @Test
    void aClosureIsCountedAndTimedByItsPrintsizeStratum() throws Exception {
        Measurement m = count(BenchQuery.TC_CHAIN, ClosureGraphs.chain(200), 1);
        assertEquals(200 * 199 / 2, m.count());
        assertTrue(m.querySeconds() > 0, "the closure stratum's time: " + m.querySeconds());
    }

    /** K_2350 has C(2350, 3) = 2,160,218,700 triangles: past the count aggregate's 2,147,483,647. */
    @Test
    void aCountPastTheNumberRangeIsCountedByPrintsize() throws Exception {
        Measurement m = count(BenchQuery.TRIANGLES, complete(2350), 2);
        assertEquals(2_160_218_700L, m.count());
        assertTrue(m.querySeconds() > 0, "the .printsize stratum's time: " + m.querySeconds());
    }
}
