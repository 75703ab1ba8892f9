package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.join.TupleSink;

import java.util.Arrays;

/**
 * Result rows copied back from the device, held on the host until the join has finished, so that a
 * join abandoned half-way (and rerun on the CPU) never leaves partial results in the caller's sinks.
 */
final class HostRows {
    private final int width;
    private int[] data = new int[1024];
    private long rows;

    HostRows(int width) {
        this.width = width;
    }

    /** Appends {@code count} rows of {@code width} ints from {@code src}. */
    void append(int[] src, int count) {
        long need = (rows + count) * (long) width;
        if (need > Integer.MAX_VALUE - 8) {
            throw new io.leapfrog.exec.gpu.GpuOutOfMemoryException("the join result (" + (rows + count)
                    + " rows) is larger than one host array holds", need * 4);
        }
        if (need > data.length) {
            data = Arrays.copyOf(data, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * data.length)));
        }
        System.arraycopy(src, 0, data, (int) (rows * width), count * width);
        rows += count;
    }

    /** Appends one row with no columns (a query with no output variables that holds). */
    void appendEmpty() {
        rows++;
    }

    /** Drops every row after the first {@code keep} (a window that is redone in smaller pieces). */
    void truncate(long keep) {
        rows = Math.min(rows, keep);
    }

    long rows() {
        return rows;
    }

    /** Feeds every row to {@code sink} as a binding of {@code varCount} variables (the first {@code width} set). */
    void deliver(TupleSink sink, int varCount) {
        int[] binding = new int[varCount];
        for (long r = 0; r < rows; r++) {
            System.arraycopy(data, (int) (r * width), binding, 0, width);
            sink.accept(binding);
        }
    }
}
