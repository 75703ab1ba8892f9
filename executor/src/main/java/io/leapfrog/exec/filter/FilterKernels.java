package io.leapfrog.exec.filter;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.KernelCall;

import static io.leapfrog.exec.gpu.KernelArg.i32;
import static io.leapfrog.exec.gpu.KernelArg.i64;
import static io.leapfrog.exec.gpu.KernelArg.ptr;

/**
 * Launches of the quotient filter kernels (kernels/src/main/cuda/filter_kernels.cuh). KernelLaunchesTest checks
 * every method against the kernel's declaration.
 */
public final class FilterKernels {
    private FilterKernels() {
    }

    /** {@code qf_rsqf_lookup}: bit {@code i} of {@code hits} (32-bit words) for {@code keys[i]}, one thread per key. */
    public static KernelCall rsqfLookup(DeviceBuffer occupieds, DeviceBuffer runends, DeviceBuffer offsets,
                                        DeviceBuffer remainders, int q, int r, DeviceBuffer keys, long n, DeviceBuffer hits) {
        return KernelCall.of("qf_rsqf_lookup", ptr(occupieds), ptr(runends), ptr(offsets), ptr(remainders), i32(q), i32(r),
                ptr(keys), i64(n), ptr(hits));
    }

    /** {@code qf_place_chunks}: per chunk of {@code chunk} sorted fingerprints, the maximum of home - index. */
    public static KernelCall placeChunks(DeviceBuffer fps, long n, int r, int chunk, DeviceBuffer chunkMax) {
        return KernelCall.of("qf_place_chunks", ptr(fps), i64(n), i32(r), i32(chunk), ptr(chunkMax));
    }

    /** {@code qf_rsqf_write}: the sorted fingerprints written into zeroed RSQF slots from each chunk's carry. */
    public static KernelCall rsqfWrite(DeviceBuffer fps, long n, int r, int chunk, DeviceBuffer carry, DeviceBuffer occupieds,
                                       DeviceBuffer runends, DeviceBuffer offsets, DeviceBuffer remainders) {
        return KernelCall.of("qf_rsqf_write", ptr(fps), i64(n), i32(r), i32(chunk), ptr(carry), ptr(occupieds), ptr(runends),
                ptr(offsets), ptr(remainders));
    }
}
