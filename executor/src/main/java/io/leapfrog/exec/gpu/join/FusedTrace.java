package io.leapfrog.exec.gpu.join;

import io.leapfrog.kernels.layout.KernelConstants;

/**
 * The steps of one fused or depth-first count ({@code GpuOptions.traceCounts}): block 0's cycles from the
 * start to the end of staging, then to each grid-wide barrier (the fused count) and to the end; the rows
 * and work items each level after the first had (the fused count); and, for a depth-first count, the
 * kernel's span in nanoseconds from block 0's start to the last block's end (0 for a fused count), with
 * block 0's rounds of tasks and its steps at levels 2.. in {@code items}.
 */
public record FusedTrace(long[] stepCycles, long[] rows, long[] items, long spanNanos) {

    /** Header words of the rows a level had (+ level) and of its items (+ level). */
    private static final int ROWS = KernelConstants.LW_FUSED_ROWS;
    private static final int ITEMS = KernelConstants.LW_FUSED_ITEMS;

    /** From the fused count's header words (fused.cuh: count, rows[l], items[l], then the clocks). */
    static FusedTrace of(long[] header, int levels) {
        return new FusedTrace(steps(header), perLevel(header, ROWS, levels), perLevel(header, ITEMS, levels), 0);
    }

    /**
     * From a depth-first count's header words (warp_kernels.cuh: the clocks as the fused count's,
     * LW_WARP_SPAN; block_kernels.cuh: block 0's rounds and steps in the item words).
     */
    static FusedTrace ofDepthFirstCount(long[] header, int levels) {
        return new FusedTrace(steps(header), new long[0], perLevel(header, ITEMS, levels),
                header[KernelConstants.LW_WARP_SPAN]);
    }

    /** The words {@code from + l} of the header for levels l = 1 .. levels-1. */
    private static long[] perLevel(long[] header, int from, int levels) {
        long[] words = new long[Math.max(0, levels - 1)];
        for (int l = 1; l < levels; l++) {
            words[l - 1] = header[from + l];
        }
        return words;
    }

    private static long[] steps(long[] header) {
        int clocks = KernelConstants.LW_FUSED_TRACE;
        int n = 0;
        while (clocks + n < header.length && header[clocks + n] != 0) {
            n++;
        }
        long[] steps = new long[Math.max(0, n - 1)];
        for (int i = 0; i < steps.length; i++) {
            steps[i] = header[clocks + i + 1] - header[clocks + i];
        }
        return steps;
    }
}
