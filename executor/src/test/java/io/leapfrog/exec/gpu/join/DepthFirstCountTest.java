package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.Trie;
import io.leapfrog.kernels.layout.KernelConstants;
import io.leapfrog.kernels.layout.LfPlan;
import io.leapfrog.kernels.layout.LfWarpArgs;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The depth-first count's host side without a GPU: argument layout, kernel, tasks, split, table sizes. */
class DepthFirstCountTest {
    /** Six edges: level 1 of the trie has six values (the tasks). */
    private static final Trie EDGES = Relation.of(2, new int[][]{{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}, {5, 6}})
            .trie(new int[]{0, 1});
    private static final Trie FEW = Relation.of(2, new int[][]{{0, 1}, {1, 2}}).trie(new int[]{0, 1});
    private static final Trie NODES = Relation.of(1, new int[][]{{1}, {2}}).trie(new int[]{0});

    @Test
    void argumentOffsetsMatchTheKernelsStruct() {
        // LfWarpArgs as layout.def lays it out (layout_gen.cuh static_asserts the same numbers)
        assertEquals(16, LfWarpArgs.SPLIT);
        assertEquals(24, LfWarpArgs.KEEP);
        assertEquals(88, LfWarpArgs.SPAN_SRC);
        assertEquals(88 + 16 * KernelConstants.LW_FUSED_SPANS, LfWarpArgs.N_SPANS);
        assertEquals(96 + 16 * KernelConstants.LW_FUSED_SPANS, LfWarpArgs.RESULT);
        assertEquals(112 + 16 * KernelConstants.LW_FUSED_SPANS, LfWarpArgs.BYTES);
    }

    @Test
    void theKernelsPlanParameterHasRoomForThePlansLevelsOnly() {
        assertEquals("lw_block_count_v4", DepthFirstCount.kernel(3));
        assertEquals("lw_block_count_v4", DepthFirstCount.kernel(4));
        assertEquals("lw_block_count_v8", DepthFirstCount.kernel(5));
        assertEquals("lw_block_count", DepthFirstCount.kernel(9));
        assertEquals(4, CountKernels.planHead(2));
        assertEquals(8, CountKernels.planHead(8));
        assertEquals(KernelConstants.LF_MAX_VARS, CountKernels.planHead(9));
        // LfPlanOf<4>: 16 bytes of head and 4 levels of 672 (layout.def)
        assertEquals(16 + 4 * 672, LfPlan.headBytes(4));
        assertEquals(16 + 8 * 672, LfPlan.headBytes(8));
        assertEquals(LfPlan.BYTES, LfPlan.headBytes(KernelConstants.LF_MAX_VARS));
        assertEquals("LfPlanOf<4>", new LfPlan().head(4).cType());
        assertEquals(16 + 4 * 672, new LfPlan().head(4).size());
    }

    @Test
    void theTasksAreTheSecondLevelWithTheFewestValuesUnderTheFirst() {
        // few(x,y), e(x,z), e(y,z): level 0 x reads few and e (one participant each); level 1 y reads few's children
        JoinQuery q = JoinQuery.builder(3).atom(EDGES, 0, 2).atom(FEW, 0, 1).atom(EDGES, 1, 2).build();
        GpuPlan p = GpuPlan.of(q);
        int[] task = DepthFirstCount.taskParticipants(p);
        assertEquals(FEW, q.atomTrie(p.partAtom[1][task[1]]));
        assertEquals(p.partSlot[0][task[0]], p.partParentSlot[1][task[1]]);
        // n(x), n(y): the first two variables share no atom, so there are no tasks
        assertNull(DepthFirstCount.taskParticipants(GpuPlan.of(JoinQuery.builder(2).atom(NODES, 0).atom(NODES, 1).build())));
    }

    @Test
    void eachValueIsSplitToFillOneRoundOfTheLaunchOrTheCountStepsAside() {
        GpuPlan triangles = GpuPlan.of(JoinQuery.builder(3).atom(EDGES, 0, 1).atom(EDGES, 1, 2).atom(EDGES, 0, 2)
                .lowerBound(1, 0, true).lowerBound(2, 1, true).build());
        int[] task = DepthFirstCount.taskParticipants(triangles);
        assertEquals(5, DepthFirstCount.split(triangles, task, 1), "32 lanes over 6 values");
        assertEquals(32, DepthFirstCount.split(triangles, task, 100), "at most a warp's lanes");
        GpuPlan edges = GpuPlan.of(JoinQuery.builder(2).atom(EDGES, 0, 1).build());
        assertEquals(1, DepthFirstCount.split(edges, DepthFirstCount.taskParticipants(edges), 1), "no level 2 to split");
        Trie many = Relation.of(2, java.util.stream.IntStream.range(0, 100).mapToObj(i -> new int[] {i, i + 1})
                .toArray(int[][]::new)).trie(new int[]{0, 1});
        GpuPlan large = GpuPlan.of(JoinQuery.builder(3).atom(many, 0, 1).atom(many, 1, 2).atom(many, 0, 2).build());
        assertEquals(0, DepthFirstCount.split(large, DepthFirstCount.taskParticipants(large), 2),
                "100 values, 64 lanes: not split twice, so the fused count runs");
    }

    @Test
    void tablesHoldTheirLevelsBindingsKeptSlotsAndExtras() {
        assertEquals(1 + 1, DepthFirstCount.tableColumns(1, 0b1));
        assertEquals(2 + 2 + 3, DepthFirstCount.tableColumns(2, 0b101));
        int[] keep = {0b1, 0b11, 0b111, 0};
        // levels 1..3 of a 4-level join: 2 + 7 + 9 columns of 1,024 ints
        assertEquals(4 * 18 * 1024, DepthFirstCount.tableBytes(keep, 4, 1024));
    }

    @Test
    void aDepthFirstCountsTraceReadsItsClocksAndSpan() {
        long[] h = new long[KernelConstants.LW_FUSED_HEADER_WORDS + KernelConstants.LW_FUSED_TRACE_WORDS];
        assertEquals(2, KernelConstants.LW_WARP_SPAN, "the word of level 1's rows, which the block count leaves unused");
        h[KernelConstants.LW_WARP_SPAN] = 29_000;
        int c = KernelConstants.LW_FUSED_HEADER_WORDS;
        h[c] = 100;
        h[c + 1] = 9_000;
        h[c + 2] = 40_000;
        int items = 1 + KernelConstants.LF_MAX_VARS;   // block 0's rounds (level 1) and steps (levels 2, 3)
        h[items + 1] = 1;
        h[items + 2] = 2;
        h[items + 3] = 5;
        FusedTrace t = FusedTrace.ofDepthFirstCount(h, 4);
        assertArrayEquals(new long[] {8_900, 31_000}, t.stepCycles());
        assertEquals(29_000, t.spanNanos());
        assertEquals(0, t.rows().length);
        assertArrayEquals(new long[] {1, 2, 5}, t.items());
    }
}
