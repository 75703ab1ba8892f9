package io.leapfrog.exec.gpu.join;

/**
 * The steps of one fused count (-Dleapfrog.gpu.fused.trace=true): block 0's cycles from the start to
 * the end of staging, then to each grid-wide barrier and to the end; and the rows and work items each
 * level after the first had.
 */
public record FusedTrace(long[] stepCycles, long[] rows, long[] items) {

    /** From the fused count's header words (fused.cuh: count, rows[l], items[l], then the clocks). */
    static FusedTrace of(long[] header, int levels) {
        int clocks = FusedLevelwiseCount.HEADER_WORDS;
        int n = 0;
        while (clocks + n < header.length && header[clocks + n] != 0) {
            n++;
        }
        long[] steps = new long[Math.max(0, n - 1)];
        for (int i = 0; i < steps.length; i++) {
            steps[i] = header[clocks + i + 1] - header[clocks + i];
        }
        long[] rows = new long[Math.max(0, levels - 1)];
        long[] items = new long[rows.length];
        for (int l = 1; l < levels; l++) {
            rows[l - 1] = header[1 + l];
            items[l - 1] = header[1 + PlanLayout.MAX_VARS + l];
        }
        return new FusedTrace(steps, rows, items);
    }
}
