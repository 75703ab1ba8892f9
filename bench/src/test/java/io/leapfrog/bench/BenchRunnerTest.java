package io.leapfrog.bench;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchRunnerTest {

    /** Counts its runs; each takes about a millisecond. */
    private static final class CountingPeer implements Peer {
        private final boolean fixedInAdvance;
        int runs;

        CountingPeer(boolean fixedInAdvance) {
            this.fixedInAdvance = fixedInAdvance;
        }

        @Override
        public String name() {
            return fixedInAdvance ? "cuda" : "leapfrog";
        }

        @Override
        public boolean supports(BenchQuery query) {
            return true;
        }

        @Override
        public double load(Workload workload) {
            return 0;
        }

        @Override
        public Measurement run(Workload workload) throws InterruptedException {
            runs++;
            Thread.sleep(1);
            return Measurement.of(7, 0.001);
        }

        @Override
        public boolean runsAreFixedInAdvance() {
            return fixedInAdvance;
        }

        @Override
        public void unload() {
        }
    }

    private static final Workload WORKLOAD = new Workload(BenchQuery.TRIANGLES, "g",
            new EdgeList(new int[]{0, 1, 2}, new int[]{1, 2, 0}), null, OptionalLong.of(7));

    @Test
    void warmUpGoesOnForItsSecondsExceptWhereRunsAreFixedInAdvance() {
        CountingPeer inProcess = new CountingPeer(false);
        CountingPeer fixed = new CountingPeer(true);
        BenchRunner runner = new BenchRunner(new BenchRunner.Settings(3, 2, 0.2, 60, 60, null), System.err);
        List<CellResult> cells = runner.run(List.of(WORKLOAD), List.of(inProcess, fixed));
        // 0.2 s of 1 ms runs: far more than the 2 warm-up runs asked for, then the 3 timed ones
        assertTrue(inProcess.runs > 20, "in-process runs: " + inProcess.runs);
        assertEquals(2 + 3, fixed.runs);
        assertEquals(2, cells.size());
        cells.forEach(c -> assertEquals("ok", c.status()));
    }

    @Test
    void withoutWarmUpSecondsTheWarmUpIsTheRunCount() {
        CountingPeer inProcess = new CountingPeer(false);
        new BenchRunner(new BenchRunner.Settings(3, 2, 60, 60), System.err).run(List.of(WORKLOAD), List.of(inProcess));
        assertEquals(2 + 3, inProcess.runs);
    }
}
