package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.join.Reduction;

/**
 * LFTJ-GPU: one thread per value of the level-0 driver (the smallest first-level list), each running
 * the whole leapfrog triejoin below its value (the paper's single-value intervals). Counting and
 * sum / min / max reductions reduce on the device. Materialising takes two passes: count the rows of each driver value, then write
 * them at their prefix-sum offsets, window by window so that every window's rows fit in memory; the
 * rows of each window are copied back before the next one is written.
 */
final class LftjGpuJoin implements GpuJoinOperator {
    static final LftjGpuJoin INSTANCE = new LftjGpuJoin();

    private static final int BLOCK = 128;
    /** Driver values per launch: the caller's interrupt is honoured between launches. */
    private static final int LAUNCH_VALUES = 1 << 16;
    /** Most rows copied back at once. */
    private static final long CHUNK_ROWS = 1 << 22;
    // (CHUNK_ROWS * k ints stays far below the 2^31 a Java array holds: k <= 16.)

    private LftjGpuJoin() {
    }

    @Override
    public boolean countOnly() {
        return false;
    }

    @Override
    public String toString() {
        return "LFTJ-GPU";
    }

    @Override
    public long count(DeviceJoin j) {
        return count(j, j.plan().loaded());
    }

    private static long count(DeviceJoin j, GpuPlan plan) {
        GpuDevice dev = j.dev();
        long c;
        try (DeviceBuffer total = j.mem().allocate(8, "join count")) {
            dev.fill(total, 0, 2, 0);
            overDriver(dev, plan, (lo, hi) -> dev.launch(LftjKernels.count(plan.variant(), lo, hi, total), hi - lo, BLOCK));
            c = dev.readLong(total, 0);
        }
        j.stats().windows[0] = 1;
        // Without output variables each driver value answers "is there a result below me".
        return plan.outVars == 0 ? Math.min(c, 1) : c;
    }

    /** The reduction over every binding, on the device (each thread reduces its driver value's bindings). */
    @Override
    public Reduction.Result reduce(DeviceJoin j, Reduction r) {
        GpuPlan plan = j.plan().loaded();
        GpuDevice dev = j.dev();
        r.check(plan.query);
        try (DeviceReduction out = DeviceReduction.start(dev, j.mem(), r.op())) {
            overDriver(dev, plan, (lo, hi) -> dev.launch(LftjKernels.reduce(plan.variant(), lo, hi,
                    DeviceReduction.program(r.value()), DeviceReduction.program(r.keep()), DeviceReduction.op(r.op()), out.out),
                    hi - lo, BLOCK));
            j.stats().windows[0] = 1;
            return out.result();
        }
    }

    /** A kernel launch over driver values [lo, hi). */
    private interface DriverSlice {
        void launch(int lo, int hi);
    }

    /**
     * Launches {@code kernel} over every driver value, {@link #LAUNCH_VALUES} per launch, honouring the
     * caller's interrupt between launches.
     */
    private static void overDriver(GpuDevice dev, GpuPlan plan, DriverSlice kernel) {
        int n = plan.driverLength();
        for (int lo = 0; lo < n; lo += LAUNCH_VALUES) {
            kernel.launch(lo, Math.min(n, lo + LAUNCH_VALUES));
            if (lo + LAUNCH_VALUES < n) {
                dev.sync();
                Interrupts.check();
            }
        }
    }

    @Override
    public void enumerate(DeviceJoin j, HostRows out) {
        GpuPlan plan = j.plan().loaded();
        ResidentTries mem = j.mem();
        GpuJoinStats stats = j.stats();
        int k = plan.outVars;
        if (k == 0) {
            if (count(j, plan) > 0) {
                out.appendEmpty();
            }
            return;
        }
        int n = plan.driverLength();
        int lo = 0;
        int window = (int) Math.max(1, Math.min(n, mem.available() / 4 / 16));
        while (lo < n) {
            Interrupts.check();
            int hi = (int) Math.min(n, (long) lo + window);
            long before = out.rows();
            try {
                driverWindow(j, plan, lo, hi, out);
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

    /**
     * Counts the rows of driver values [lo, hi), then writes and copies them back in chunks of rows sized
     * to the memory left; a heavy driver value's rows may span several chunks (its thread then runs once
     * per chunk, writing only that chunk's rows).
     */
    private static void driverWindow(DeviceJoin j, GpuPlan plan, int lo, int hi, HostRows out) {
        GpuDevice dev = j.dev();
        ResidentTries mem = j.mem();
        int w = hi - lo;
        int k = plan.outVars;
        long[] offsets = new long[w + 1];
        try (DeviceBuffer counts = mem.allocate(8L * (w + 1), "rows per driver value")) {
            dev.launch(LftjKernels.countEach(plan.variant(), lo, hi, counts), w, BLOCK);
            dev.download(counts, 0, offsets, 1, w);
            for (int i = 1; i <= w; i++) {
                offsets[i] += offsets[i - 1];
            }
            dev.upload(offsets, 0, w + 1, counts, 0);
            long total = offsets[w];
            long chunk = Math.max(1, Math.min(CHUNK_ROWS, mem.available() / 2 / (4L * k)));
            int a = 0;
            for (long r0 = 0; r0 < total; ) {
                long r1 = Math.min(total, r0 + chunk);
                while (offsets[a + 1] <= r0) {
                    a++;   // first driver value with rows at or after r0
                }
                int b = a;
                while (b < w && offsets[b] < r1) {
                    b++;   // past the last driver value with rows before r1
                }
                try {
                    writeChunk(j, plan, lo + a, lo + b, counts, a, r0, r1, k, out);
                } catch (io.leapfrog.exec.gpu.GpuOutOfMemoryException e) {
                    if (r1 - r0 == 1) {
                        throw e;
                    }
                    chunk = Math.max(1, (r1 - r0) / 2);
                    j.stats().halvings++;
                    continue;
                }
                r0 = r1;
            }
        }
    }

    private static void writeChunk(DeviceJoin j, GpuPlan plan, int lo, int hi, DeviceBuffer offsets, int offsetIndex,
                                   long r0, long r1, int k, HostRows out) {
        GpuDevice dev = j.dev();
        long rows = r1 - r0;
        try (DeviceBuffer buf = j.mem().allocate(4L * rows * k, "result rows")) {
            dev.launch(LftjKernels.write(plan.variant(), lo, hi, offsets, offsetIndex, r0, r1, buf), hi - lo, BLOCK);
            int[] host = new int[(int) (rows * k)];
            dev.download(buf, 0, host, 0, host.length);
            out.append(host, (int) rows);
            j.stats().rowsBack += rows;
        }
    }
}
