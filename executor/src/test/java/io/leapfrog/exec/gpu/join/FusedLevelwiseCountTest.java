package io.leapfrog.exec.gpu.join;

import io.leapfrog.kernels.layout.KernelConstants;
import io.leapfrog.kernels.layout.LfFusedArgs;
import io.leapfrog.kernels.layout.LfTable;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The fused count's host side without a GPU: its argument layout and how it divides a workspace. */
class FusedLevelwiseCountTest {

    @Test
    void argumentOffsetsMatchTheKernelsStruct() {
        // LfFusedArgs as layout.def lays it out (layout_gen.cuh static_asserts the same numbers)
        assertEquals(784, LfFusedArgs.DRV);
        assertEquals(832, LfFusedArgs.HEADER);
        assertEquals(856, LfFusedArgs.KEEP);
        assertEquals(920, LfFusedArgs.SPAN_SRC);
        assertEquals(920 + 16 * KernelConstants.LW_FUSED_SPANS, LfFusedArgs.N_SPANS);
        assertEquals(LfFusedArgs.N_SPANS + 4, LfFusedArgs.TRACE);
        assertEquals(1312, LfFusedArgs.RESULT);
        assertEquals(2 * LfTable.BYTES + 72 + 4 * KernelConstants.LF_MAX_VARS + 16 * KernelConstants.LW_FUSED_SPANS + 8 + 16,
                LfFusedArgs.BYTES);
        assertEquals(1 + 2 * KernelConstants.LF_MAX_VARS, KernelConstants.LW_FUSED_HEADER_WORDS);
    }

    @Test
    void trieArraysAreStagedInOrderWhileTheyFitAtSixteenByteBoundaries() {
        List<long[]> arrays = List.of(new long[] {0x1000, 100}, new long[] {0x2000, 900}, new long[] {0x3004, 8},
                new long[] {0x4000, 20}, new long[] {0x5000, 0});
        // 100 fits (at 0), 900 does not fit 200, 0x3004 is not 16-byte aligned, 20 fits (at 112), empty skipped
        StagedSpans spans = StagedSpans.choose(arrays, 200, 0);
        assertEquals(112 + 32, spans.end());
        LfFusedArgs args = new LfFusedArgs();
        spans.writeTo(args);
        assertEquals(2, args.nSpans());
        assertEquals(0x1000, args.spanSrc(0));
        assertEquals(0x4000, args.spanSrc(1));
        assertEquals(100, args.spanBytes(0));
        assertEquals(20, args.spanBytes(1));
        assertEquals(0, args.spanAt(0));
        assertEquals(112, args.spanAt(1));
        StagedSpans none = StagedSpans.choose(arrays, 0, 0);
        assertEquals(0, none.end(), "no shared memory: nothing staged");
        none.writeTo(args);
        assertEquals(0, args.nSpans());
        // from byte 64 on (the block count's spans come after its tables): 100 at 64, 900 past 1000, 20 at 176
        StagedSpans after = StagedSpans.choose(arrays, 1000, 64);
        assertEquals(2, after.count());
        assertEquals(176 + 32, after.end());
        after.writeTo(args);
        assertEquals(64, args.spanAt(0));
        assertEquals(176, args.spanAt(1));
    }

    @Test
    void aTraceReadsTheHeadersRowsItemsAndClocks() {
        long[] h = new long[KernelConstants.LW_FUSED_HEADER_WORDS + KernelConstants.LW_FUSED_TRACE_WORDS];
        h[0] = 99;                                     // the count
        h[1 + 1] = 10;                                 // rows of levels 1 and 2
        h[1 + 2] = 20;
        h[1 + KernelConstants.LF_MAX_VARS + 1] = 3;    // items of levels 1 and 2
        h[1 + KernelConstants.LF_MAX_VARS + 2] = 7;
        int c = KernelConstants.LW_FUSED_HEADER_WORDS;
        h[c] = 1000;
        h[c + 1] = 1500;
        h[c + 2] = 4000;                               // clocks past the last are 0
        FusedTrace t = FusedTrace.of(h, 3);
        assertArrayEquals(new long[] {500, 2500}, t.stepCycles());
        assertArrayEquals(new long[] {10, 20}, t.rows());
        assertArrayEquals(new long[] {3, 7}, t.items());
    }

    @Test
    void rowsFitTheWorkspaceAlignedForTheQueues() {
        for (long bytes : new long[] {32 << 10, 1 << 20, 1L << 30}) {
            for (long rowBytes = 12; rowBytes <= 4 * (16 + 32 + 2); rowBytes += 4) {
                long rows = FusedLevelwiseCount.rowsCap(bytes, rowBytes);
                assertEquals(0, rows % 64, "rows a multiple of 64");
                // two tables, two queues of four 8-byte items per row, a 512-byte header
                assertTrue(512 + 2 * rows * rowBytes + 2 * 4 * rows * 8 <= bytes, bytes + " bytes, rows of " + rowBytes);
                assertTrue(rows > 0);
            }
        }
        assertEquals(0, FusedLevelwiseCount.rowsCap(1024, 200), "no room: no rows");
    }

    @Test
    void theWorkspaceGrowsWithTheInputWithinItsBounds() {
        long free = 64L << 30;
        long most = GpuOptions.defaults().fusedWorkspaceBytes();
        assertEquals(1L << 30, most, "1 GiB unless the options say less");
        assertEquals(16L << 20, FusedLevelwiseCount.workspaceFor(100, free, most), "a small program: 16 MiB");
        assertEquals(128L << 20, FusedLevelwiseCount.workspaceFor(14_484, free, most), "ca-GrQc: 8 KiB a tuple, a power of two");
        assertEquals(1L << 30, FusedLevelwiseCount.workspaceFor(88_234, free, most), "ego-Facebook: 1 GiB");
        assertEquals(1L << 30, FusedLevelwiseCount.workspaceFor(1L << 20, free, most), "capped at the options' most");
        assertEquals(32L << 10, FusedLevelwiseCount.workspaceFor(88_234, free, 32L << 10), "the options' most, when smaller");
        assertEquals(4L << 20, FusedLevelwiseCount.workspaceFor(88_234, 16L << 20, most), "a quarter of the free budget");
    }
}
