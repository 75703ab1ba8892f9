package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;

import static io.leapfrog.exec.gpu.KernelArg.i32;
import static io.leapfrog.exec.gpu.KernelArg.i64;
import static io.leapfrog.exec.gpu.KernelArg.ptr;

/**
 * LFTJ-GPU: one thread per value of the level-0 driver (the smallest first-level list), each running
 * the whole leapfrog triejoin below its value (the paper's single-value intervals). Counting reduces
 * on the device. Materialising takes two passes: count the rows of each driver value, then write
 * them at their prefix-sum offsets, window by window so that every window's rows fit in memory; the
 * rows of each window are copied back before the next one is written.
 */
final class LftjGpuJoin {
    private static final int BLOCK = 128;
    /** Driver values per launch, so one launch never runs for long. */
    private static final int LAUNCH_VALUES = 1 << 22;
    /** Most rows copied back at once. */
    private static final long CHUNK_ROWS = 1 << 22;

    private final GpuDevice dev;
    private final ResidentTries mem;
    private final GpuJoinStats stats;

    LftjGpuJoin(GpuDevice dev, ResidentTries mem, GpuJoinStats stats) {
        this.dev = dev;
        this.mem = mem;
        this.stats = stats;
    }

    long count(GpuPlan plan) {
        int n = plan.driverLength();
        long c;
        try (DeviceBuffer total = mem.allocate(8, "join count")) {
            dev.fill(total, 0, 2, 0);
            for (int lo = 0; lo < n; lo += LAUNCH_VALUES) {
                int hi = Math.min(n, lo + LAUNCH_VALUES);
                dev.launch("lftj_count_" + plan.variant(), hi - lo, BLOCK, i32(lo), i32(hi), ptr(total));
            }
            c = dev.readLong(total, 0);
        }
        stats.windows[0] = 1;
        // Without output variables each driver value answers "is there a result below me".
        return plan.outVars == 0 ? Math.min(c, 1) : c;
    }

    void enumerate(GpuPlan plan, HostRows out) {
        int k = plan.outVars;
        if (k == 0) {
            if (count(plan) > 0) {
                out.appendEmpty();
            }
            return;
        }
        int n = plan.driverLength();
        int lo = 0;
        int window = (int) Math.max(1, Math.min(n, mem.available() / 4 / 16));
        while (lo < n) {
            int hi = (int) Math.min(n, (long) lo + window);
            long before = out.rows();
            try {
                driverWindow(plan, lo, hi, out);
            } catch (io.leapfrog.exec.gpu.GpuOutOfMemoryException e) {
                out.truncate(before);
                if (hi - lo == 1) {
                    throw e;
                }
                window = Math.max(1, (hi - lo) / 2);
                stats.halvings++;
                continue;
            }
            stats.windows[0]++;
            lo = hi;
        }
    }

    /** Counts the rows of driver values [lo, hi), then writes and copies them back in chunks. */
    private void driverWindow(GpuPlan plan, int lo, int hi, HostRows out) {
        int w = hi - lo;
        int k = plan.outVars;
        long[] offsets = new long[w + 1];
        try (DeviceBuffer counts = mem.allocate(8L * (w + 1), "rows per driver value")) {
            dev.launch("lftj_count_each_" + plan.variant(), w, BLOCK, i32(lo), i32(hi), ptr(counts));
            dev.download(counts, 0, offsets, 1, w);
            for (int i = 1; i <= w; i++) {
                offsets[i] += offsets[i - 1];
            }
            dev.upload(offsets, 0, w + 1, counts, 0);
            int a = 0;
            while (a < w) {
                int b = a + 1;
                while (b < w && offsets[b + 1] - offsets[a] <= CHUNK_ROWS) {
                    b++;
                }
                long rows = offsets[b] - offsets[a];
                if (rows > 0) {
                    writeChunk(plan, lo + a, lo + b, counts, a, offsets[a], rows, k, out);
                }
                a = b;
            }
        }
    }

    private void writeChunk(GpuPlan plan, int lo, int hi, DeviceBuffer offsets, int offsetIndex, long base, long rows,
                            int k, HostRows out) {
        if (rows * k > Integer.MAX_VALUE - 8) {
            throw new io.leapfrog.exec.gpu.GpuOutOfMemoryException("one driver value has " + rows
                    + " result rows, more than one copy-back chunk holds", rows * k * 4);
        }
        try (DeviceBuffer buf = mem.allocate(4L * rows * k, "result rows")) {
            dev.launch("lftj_write_" + plan.variant(), hi - lo, BLOCK, i32(lo), i32(hi), ptr(offsets, 8L * offsetIndex),
                    i64(base), ptr(buf));
            int[] host = new int[(int) (rows * k)];
            dev.download(buf, 0, host, 0, host.length);
            out.append(host, (int) rows);
            stats.rowsBack += rows;
        }
    }
}
