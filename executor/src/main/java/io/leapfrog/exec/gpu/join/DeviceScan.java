package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.KernelArg;

/**
 * Exclusive prefix sums on the device (the kernels' tiled scan): {@code out[i]} is the sum of
 * {@code in[0..i)} and {@code out[n]} the total, so {@code out} has n+1 entries. {@code in} and
 * {@code out} may be the same buffer (each tile is read whole before it is written).
 */
final class DeviceScan {
    /** Values per tile of the kernels' scan (LF_SCAN_TILE). */
    static final int TILE = 2048;
    private static final int THREADS = 256;

    private DeviceScan() {
    }

    /** Scans n longs; returns the total. */
    static long longs(GpuDevice dev, ResidentTries mem, DeviceBuffer in, DeviceBuffer out, int n) {
        scan(dev, mem, in, out, n, 8);
        return dev.readLong(out, 8L * n);
    }

    /** Scans n ints; returns the total. */
    static int ints(GpuDevice dev, ResidentTries mem, DeviceBuffer in, DeviceBuffer out, int n) {
        scan(dev, mem, in, out, n, 4);
        return dev.readInt(out, 4L * n);
    }

    private static void scan(GpuDevice dev, ResidentTries mem, DeviceBuffer in, DeviceBuffer out, int n, int width) {
        String type = width == 8 ? "i64" : "i32";
        if (n == 0) {
            dev.fill(out, 0, width / 4, 0);
            return;
        }
        int tiles = (n + TILE - 1) / TILE;
        if (tiles == 1) {
            // The tile's sum is the total: written straight to out[n] (no temporary, no copy).
            dev.launchGrid("scan_tiles_" + type, 1, THREADS, KernelArg.ptr(in), KernelArg.ptr(out), KernelArg.i32(n),
                    KernelArg.ptr(out, (long) width * n));
            return;
        }
        try (DeviceBuffer sums = mem.allocate((long) width * (tiles + 1), "scan tile sums")) {
            dev.launchGrid("scan_tiles_" + type, tiles, THREADS, KernelArg.ptr(in), KernelArg.ptr(out), KernelArg.i32(n),
                    KernelArg.ptr(sums));
            // Scan the tile sums in place (recursively), then add each tile's offset; scan_add's thread n
            // writes the total to out[n].
            scan(dev, mem, sums, sums, tiles, width);
            dev.launch("scan_add_" + type, (long) n + 1, THREADS, KernelArg.ptr(out), KernelArg.i32(n), KernelArg.ptr(sums));
        }
    }
}
