package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.KernelCall;

import static io.leapfrog.exec.gpu.KernelArg.i32;
import static io.leapfrog.exec.gpu.KernelArg.ptr;

/**
 * Launches of the device-wide exclusive scan (kernels/src/main/cuda/scan_kernels.cuh): {@code n} values
 * of {@code in} into {@code out} (n + 1 of them), {@code tiles} tiles whose states (and the tile counter
 * after them) start zeroed. KernelDeclarationsTest checks every method against the kernel's declaration.
 */
final class ScanKernels {
    private ScanKernels() {
    }

    /** {@code scan_i64}: a scan of longs. */
    static KernelCall longs(DeviceBuffer in, DeviceBuffer out, int n, DeviceBuffer states, int tiles) {
        return KernelCall.of("scan_i64", ptr(in), ptr(out), i32(n), ptr(states), i32(tiles));
    }

    /** {@code scan_i32}: a scan of ints. */
    static KernelCall ints(DeviceBuffer in, DeviceBuffer out, int n, DeviceBuffer states, int tiles) {
        return KernelCall.of("scan_i32", ptr(in), ptr(out), i32(n), ptr(states), i32(tiles));
    }
}
