package io.leapfrog.exec.gpu.join;

import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which operator runs which request, from the options alone (no GPU needed). */
class GpuJoinSelectorTest {

    private static GpuJoinSelector of(GpuJoinExecutor.Strategy s) {
        return new GpuJoinSelector(GpuOptions.defaults().withStrategy(s));
    }

    @Test
    void autoIsLevelwiseAndCountsTryDepthFirstThenFusedThenLevelByLevel() {
        for (GpuJoinExecutor.Strategy s : new GpuJoinExecutor.Strategy[] {GpuJoinExecutor.Strategy.AUTO,
                GpuJoinExecutor.Strategy.LEVELWISE}) {
            GpuJoinSelector sel = of(s);
            assertEquals(GpuJoinExecutor.Strategy.LEVELWISE, sel.strategy());
            assertEquals(List.of(DepthFirstCount.INSTANCE, FusedLevelwiseCount.INSTANCE, LevelwiseGpuJoin.INSTANCE),
                    sel.countOperators(), s.label);
            assertSame(LevelwiseGpuJoin.INSTANCE, sel.rows(), "enumerations and reductions: level-wise");
        }
    }

    @Test
    void lftjIsForcedForEveryRequest() {
        GpuJoinSelector sel = of(GpuJoinExecutor.Strategy.LFTJ);
        assertEquals(GpuJoinExecutor.Strategy.LFTJ, sel.strategy());
        assertEquals(List.of(LftjGpuJoin.INSTANCE), sel.countOperators(), "no count-only operator runs under LFTJ-GPU");
        assertSame(LftjGpuJoin.INSTANCE, sel.rows());
    }

    @Test
    void theOptionsMayLeaveCountOnlyOperatorsOut() {
        GpuOptions o = GpuOptions.defaults();
        assertEquals(List.of(FusedLevelwiseCount.INSTANCE, LevelwiseGpuJoin.INSTANCE),
                new GpuJoinSelector(o.withCountOperators(EnumSet.of(GpuOptions.CountOperator.FUSED))).countOperators());
        assertEquals(List.of(DepthFirstCount.INSTANCE, LevelwiseGpuJoin.INSTANCE),
                new GpuJoinSelector(o.withCountOperators(EnumSet.of(GpuOptions.CountOperator.DEPTH_FIRST))).countOperators());
        assertEquals(List.of(LevelwiseGpuJoin.INSTANCE), new GpuJoinSelector(o.withCountOperators(Set.of())).countOperators());
    }

    @Test
    void countOnlyOperatorsSayTheyOnlyCount() {
        assertTrue(DepthFirstCount.INSTANCE.countOnly());
        assertTrue(FusedLevelwiseCount.INSTANCE.countOnly());
        assertFalse(LevelwiseGpuJoin.INSTANCE.countOnly());
        assertFalse(LftjGpuJoin.INSTANCE.countOnly());
        assertThrows(UnsupportedOperationException.class, () -> DepthFirstCount.INSTANCE.enumerate(null, null));
        assertThrows(UnsupportedOperationException.class, () -> FusedLevelwiseCount.INSTANCE.reduce(null, null));
    }

    @Test
    void optionsDefaultToTheSharedGpuFriendlyChoices() {
        GpuOptions d = GpuOptions.defaults();
        assertFalse(d.residentCounts(), "a kernel that holds every SM between counts is opt-in");
        assertEquals(GpuJoinExecutor.Strategy.AUTO, d.strategy());
        assertEquals(EnumSet.allOf(GpuOptions.CountOperator.class), d.countOperators());
        assertTrue(d.shapedKernels());
        assertEquals(GpuOptions.CoreBitmapPolicy.DEFAULT, d.coreBitmaps());
        GpuOptions r = d.withResidentCounts(true).withMemoryBudget(1 << 20);
        assertTrue(r.residentCounts());
        assertEquals(1 << 20, r.memoryBudget());
        assertFalse(d.residentCounts(), "withers derive a new value");
        assertThrows(IllegalArgumentException.class, () -> d.withMemoryBudget(-1));
        assertThrows(IllegalArgumentException.class, () -> d.withResidentIdle(java.time.Duration.ofMillis(-1)));
    }
}
