package io.leapfrog.exec.gpu;

import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntUnaryOperator;

/**
 * Device memory with accounting and a hard budget. Blocks are rounded up to size classes (at most
 * 1/8 larger than asked) and kept after release for reuse, since cuMemAlloc and cuMemFree synchronise
 * the device. {@link #inUse()} counts blocks handed out and not yet released; a block that would take
 * it past the budget is refused with a {@link GpuOutOfMemoryException}, as is one the device itself
 * cannot provide even after the kept blocks are freed.
 *
 * <p>Not thread-safe on its own: the owning {@link GpuDevice} serialises all use.
 */
public final class DeviceMemoryPool {
    private static final long MIN_BLOCK = 512;

    private final long budget;
    private long limit;
    private final long keepLimit;
    private long inUse;
    private long peak;
    private long kept;
    private long allocations;
    private final TreeMap<Long, ArrayDeque<DevicePointer>> free = new TreeMap<>();
    private final Runnable beforeDriverWait;
    private final IntUnaryOperator allocResult;

    /**
     * @param budget           most bytes handed out at once
     * @param keepLimit        most bytes of released blocks kept for reuse
     * @param beforeDriverWait runs before cuMemAlloc and cuMemFree, which may wait for the device
     *                         (GpuDevice retires its resident kernel)
     * @param allocResult      what an allocation reports in place of the driver's result (the device's
     *                         injected failures, {@link GpuFaults.Site#ALLOC}); asked once per allocation,
     *                         a reused block included
     */
    DeviceMemoryPool(long budget, long keepLimit, Runnable beforeDriverWait, IntUnaryOperator allocResult) {
        this.beforeDriverWait = beforeDriverWait;
        this.allocResult = allocResult;
        this.budget = budget;
        this.limit = budget;
        this.keepLimit = keepLimit;
    }

    /** The block size a request of {@code bytes} gets. */
    static long blockSize(long bytes) {
        long b = Math.max(MIN_BLOCK, bytes);
        long step = Math.max(MIN_BLOCK, Long.highestOneBit(b) >>> 3);
        return (b + step - 1) / step * step;
    }

    DeviceBuffer allocate(long bytes, String purpose) {
        if (bytes < 0) {
            throw new IllegalArgumentException("negative allocation " + bytes + " for " + purpose);
        }
        long size = blockSize(bytes);
        if (inUse + size > limit) {
            throw new GpuOutOfMemoryException("GPU memory budget exceeded: " + purpose + " needs " + ByteSizes.format(bytes)
                    + " with " + ByteSizes.format(inUse) + " of the " + ByteSizes.format(limit) + " budget in use", bytes);
        }
        int injected = allocResult.applyAsInt(CUresult.CUDA_SUCCESS);
        if (injected == CUresult.CUDA_ERROR_OUT_OF_MEMORY) {
            throw new GpuOutOfMemoryException("GPU out of memory: " + purpose + " needs " + ByteSizes.format(bytes)
                    + " and the device has no room left (" + ByteSizes.format(inUse) + " in use by this pool)", bytes);
        }
        DriverResults.check(injected, "cuMemAlloc of " + ByteSizes.format(size) + " for " + purpose);
        DevicePointer p = takeKept(size);
        if (p == null) {
            p = new DevicePointer();
            beforeDriverWait.run();
            int r = JCudaDriver.cuMemAlloc(p, size);
            if (r == CUresult.CUDA_ERROR_OUT_OF_MEMORY && kept > 0) {
                trim();
                r = JCudaDriver.cuMemAlloc(p, size);
            }
            if (r == CUresult.CUDA_ERROR_OUT_OF_MEMORY) {
                throw new GpuOutOfMemoryException("GPU out of memory: " + purpose + " needs " + ByteSizes.format(bytes)
                        + " and the device has no room left (" + ByteSizes.format(inUse) + " in use by this pool)", bytes);
            }
            DriverResults.check(r, "cuMemAlloc of " + ByteSizes.format(size) + " for " + purpose);
            allocations++;
        }
        inUse += size;
        peak = Math.max(peak, inUse);
        return new DeviceBuffer(this, p, bytes, size, purpose);
    }

    private DevicePointer takeKept(long size) {
        ArrayDeque<DevicePointer> q = free.get(size);
        if (q == null || q.isEmpty()) {
            return null;
        }
        kept -= size;
        DevicePointer p = q.pop();
        if (q.isEmpty()) {
            free.remove(size);
        }
        return p;
    }

    void release(DeviceBuffer b) {
        inUse -= b.capacity;
        if (b.capacity > keepLimit) {
            beforeDriverWait.run();
            DriverResults.check(JCudaDriver.cuMemFree(b.pointer), "cuMemFree of " + b.purpose());
            return;
        }
        free.computeIfAbsent(b.capacity, k -> new ArrayDeque<>()).push(b.pointer);
        kept += b.capacity;
        if (kept > keepLimit) {
            beforeDriverWait.run();
        }
        while (kept > keepLimit) {
            Map.Entry<Long, ArrayDeque<DevicePointer>> largest = free.lastEntry();
            DevicePointer p = largest.getValue().pop();
            if (largest.getValue().isEmpty()) {
                free.remove(largest.getKey());
            }
            kept -= largest.getKey();
            DriverResults.check(JCudaDriver.cuMemFree(p), "cuMemFree");
        }
    }

    /** Frees every kept block. */
    void trim() {
        beforeDriverWait.run();
        for (Map.Entry<Long, ArrayDeque<DevicePointer>> e : free.entrySet()) {
            for (DevicePointer p : e.getValue()) {
                DriverResults.check(JCudaDriver.cuMemFree(p), "cuMemFree");
            }
        }
        free.clear();
        kept = 0;
    }

    /** Bytes handed out and not released. */
    public long inUse() {
        return inUse;
    }

    /** Most bytes ever in use at once (since the last {@link #resetPeak()}). */
    public long peak() {
        return peak;
    }

    public void resetPeak() {
        peak = inUse;
    }

    /** The device-wide budget (the most the limit can be). */
    public long budget() {
        return budget;
    }

    /** The budget in force: at most {@link #budget()}, lowered by a caller (e.g. an engine's --gpu-memory). */
    public long limit() {
        return limit;
    }

    /** Sets the budget in force ({@code bytes <= 0} or above the device budget: the device budget). */
    public void setLimit(long bytes) {
        limit = bytes <= 0 ? budget : Math.min(bytes, budget);
    }

    /** Bytes still available under the budget in force. */
    public long available() {
        return Math.max(0, limit - inUse);
    }

    /** Released bytes kept for reuse. */
    public long kept() {
        return kept;
    }

    /** Number of cuMemAlloc calls made. */
    public long deviceAllocations() {
        return allocations;
    }
}
