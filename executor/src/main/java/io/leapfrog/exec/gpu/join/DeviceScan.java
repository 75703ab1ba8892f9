package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.kernels.layout.KernelConstants;

/**
 * Exclusive prefix sums on the device, one launch each (the kernels' single-pass scan with decoupled
 * look-back): {@code out[i]} is the sum of {@code in[0..i)} and {@code out[n]} the total, so {@code out}
 * has n+1 entries. {@code in} and {@code out} may be the same buffer (each tile is read whole before
 * it is written).
 */
public final class DeviceScan {
    /** Values per tile of the kernels' scan. */
    static final int TILE = KernelConstants.LF_SCAN_TILE;
    private static final int THREADS = KernelConstants.LF_SCAN_THREADS;

    private DeviceScan() {
    }

    /** Scans n longs; returns the total. */
    static long longs(GpuDevice dev, ResidentTries mem, DeviceBuffer in, DeviceBuffer out, int n) {
        scan(dev, mem::allocate, in, out, n, 8);
        return dev.readLong(out, 8L * n);
    }

    /** Scans n longs with scratch memory from the device's pool; returns the total. */
    public static long longs(GpuDevice dev, DeviceBuffer in, DeviceBuffer out, int n) {
        scan(dev, dev::allocate, in, out, n, 8);
        return dev.readLong(out, 8L * n);
    }

    /** Where a scan's scratch memory comes from. */
    private interface Scratch {
        DeviceBuffer allocate(long bytes, String purpose);
    }

    /** Scans n ints; returns the total. */
    static int ints(GpuDevice dev, ResidentTries mem, DeviceBuffer in, DeviceBuffer out, int n) {
        scan(dev, mem::allocate, in, out, n, 4);
        return dev.readInt(out, 4L * n);
    }

    private static void scan(GpuDevice dev, Scratch mem, DeviceBuffer in, DeviceBuffer out, int n, int width) {
        if (n == 0) {
            dev.fill(out, 0, width / 4, 0);
            return;
        }
        int tiles = (n + TILE - 1) / TILE;
        // One state word per tile and the counter that numbers the tiles, all zero (in stream order).
        try (DeviceBuffer states = mem.allocate(8L * (tiles + 1), "scan tile states")) {
            dev.fill(states, 0, 2L * (tiles + 1), 0);
            dev.launchGrid(width == 8 ? ScanKernels.longs(in, out, n, states, tiles) : ScanKernels.ints(in, out, n, states, tiles),
                    tiles, THREADS);
        }
    }
}
