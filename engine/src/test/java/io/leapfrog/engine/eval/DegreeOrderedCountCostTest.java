package io.leapfrog.engine.eval;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whether renumbering a clique count's graph pays, where the join runs: the cases are measured SNAP and
 * R-MAT cells, whose right answer is known from running both.
 */
class DegreeOrderedCountCostTest {

    private static final double GPU = 500;

    @Test
    void wikiVoteTrianglesRenumberOnTwoThreadsButNotOnSixteenOrTheGpu() {
        long edges = 100_762;
        long asNumbered = 10_738_158;
        long byDegree = 6_660_000;
        // 2 threads: the engine measured 20.1 ms renumbered against 25.5 ms as numbered.
        assertTrue(DegreeOrderedCount.mayPay(asNumbered, 2, edges));
        assertTrue(DegreeOrderedCount.prefer(byDegree, asNumbered, 2, edges));
        // 16 threads: 8.6 ms renumbered against 5.1 ms as numbered (the renumbering then took ~2.5 ms).
        assertFalse(DegreeOrderedCount.prefer(byDegree, asNumbered, 16, edges));
        // The GPU: 6.0 ms against 1.4 ms; not worth building the renumbered graph to measure it.
        assertFalse(DegreeOrderedCount.mayPay(asNumbered, GPU, edges));
    }

    @Test
    void egoFacebookFourCliquesRenumberOnSixteenThreads() {
        long edges = 88_234;
        long asNumbered = 138_945_652;
        // 16 threads: 36.8 ms renumbered against 45.2 ms as numbered.
        assertTrue(DegreeOrderedCount.prefer(asNumbered * 2 / 3, asNumbered, 16, edges));
        // The GPU: 8.1 ms against 3.9 ms.
        assertFalse(DegreeOrderedCount.mayPay(asNumbered, GPU, edges));
    }

    @Test
    void rmat20TrianglesStayAsNumberedOnTheGpuAndRenumberOnSixteenThreads() {
        // The engine's measured work (explain): ~8.43e9 units as numbered, ~3.84e9 renumbered.
        long edges = 15_698_928L;
        long asNumbered = 8_427_712_654L;
        long byDegree = 3_837_816_022L;
        // The GPU: 0.024 s as numbered against 0.014 s renumbered plus about 1 s of renumbering.
        assertFalse(DegreeOrderedCount.mayPay(asNumbered, GPU, edges));
        // 16 threads: by the model it saves about 1.1 s of join for 0.3 s of renumbering (measured on 2
        // threads, rmat-18 through the engine: 1.70 s renumbered against 3.46 s as numbered).
        assertTrue(DegreeOrderedCount.mayPay(asNumbered, 16, edges));
        assertTrue(DegreeOrderedCount.prefer(byDegree, asNumbered, 16, edges));
    }

    @Test
    void aHugeJoinRenumbersEvenOnTheGpu() {
        // rmat-22 4-cliques: about 27 s on the GPU; the renumbering of 64 million edges takes seconds.
        long edges = 64_155_732L;
        long asNumbered = 3_000_000_000_000L;
        assertTrue(DegreeOrderedCount.mayPay(asNumbered, GPU, edges));
        assertTrue(DegreeOrderedCount.prefer(asNumbered / 3, asNumbered, GPU, edges));
    }

    @Test
    void theMarginHoldsWhenRenumberingIsCheapAndUnmeasuredWorkRenumbers() {
        assertFalse(DegreeOrderedCount.prefer(90, 100, 1e-9, 1));   // cheap to renumber, but saves under 15%
        assertTrue(DegreeOrderedCount.prefer(-1, -1, 16, 1_000_000));
        assertTrue(DegreeOrderedCount.mayPay(-1, GPU, 1_000_000));
        assertFalse(DegreeOrderedCount.prefer(-1, 1000, 16, 10));     // the renumbered order was not measured
    }
}
