package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.join.Reduction;

/**
 * The two longs a reducing kernel ({@code lw_reduce}, {@code lftj_reduce_*}) accumulates into:
 * the number of bindings, and the operation's value, which starts at its identity (0, Long.MAX_VALUE
 * or Long.MIN_VALUE, as the kernels' {@code lf_identity}).
 */
final class DeviceReduction implements AutoCloseable {
    private final GpuDevice dev;
    final DeviceBuffer out;

    private DeviceReduction(GpuDevice dev, DeviceBuffer out) {
        this.dev = dev;
        this.out = out;
    }

    static DeviceReduction start(GpuDevice dev, ResidentTries mem, Reduction.Op op) {
        DeviceBuffer out = mem.allocate(16, "reduction");
        dev.fill(out, 0, 4, 0);   // both longs (fill counts ints)
        // little-endian words of Long.MAX_VALUE / Long.MIN_VALUE
        if (op == Reduction.Op.MIN) {
            dev.fill(out, 8, 1, -1);
            dev.fill(out, 12, 1, Integer.MAX_VALUE);
        } else if (op == Reduction.Op.MAX) {
            dev.fill(out, 12, 1, Integer.MIN_VALUE);
        }
        return new DeviceReduction(dev, out);
    }

    /** What the kernels accumulated (waits for them). */
    Reduction.Result result() {
        long[] r = new long[2];
        dev.download(out, 0, r, 0, 2);
        return new Reduction.Result(r[0], r[0] == 0 ? 0 : r[1]);
    }

    @Override
    public void close() {
        out.close();
    }
}
