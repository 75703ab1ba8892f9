package io.leapfrog.exec.gpu;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Driver failures injected into a device ({@link GpuDevice#injectFaults}), so that tests can prove what the
 * engine does when a kernel fails, the device runs out of memory or the device is lost in the middle of a
 * query: the {@code nth} call at one {@link Site} reports a CUDA error instead of its own result, and a lost
 * device then reports it at every later call of every site. Calls are counted from the injection on; a
 * plan whose {@code nth} is never reached only counts ({@link #calls}).
 */
public final class GpuFaults {
    /** Where a fault is reported: the driver calls the device makes for the engine. */
    public enum Site {
        /** Launching a kernel (as a launch failure is reported). */
        LAUNCH,
        /** Waiting for the stream, or polling it for a kernel's result (as a kernel's own error is reported). */
        SYNC,
        /** Allocating device memory (as {@code CUDA_ERROR_OUT_OF_MEMORY} is reported). */
        ALLOC,
        /** Copying between the host and the device. */
        COPY
    }

    private final Site site;
    private final long nth;
    private final int error;
    private final boolean lost;
    private final AtomicLong[] calls = new AtomicLong[Site.values().length];
    private volatile boolean fired;

    private GpuFaults(Site site, long nth, int error, boolean lost) {
        if (nth < 1) {
            throw new IllegalArgumentException("the call to fail is counted from 1, not " + nth);
        }
        if (error == 0) {
            throw new IllegalArgumentException("0 is CUDA_SUCCESS, not an error");
        }
        this.site = site;
        this.nth = nth;
        this.error = error;
        this.lost = lost;
        for (int i = 0; i < calls.length; i++) {
            calls[i] = new AtomicLong();
        }
    }

    /** The {@code nth} call at {@code site} fails with CUDA error {@code cudaError}; every other call is left alone. */
    public static GpuFaults once(Site site, long nth, int cudaError) {
        return new GpuFaults(site, nth, cudaError, false);
    }

    /** The {@code nth} call at {@code site} and every later call at any site fail with {@code cudaError}: a lost device. */
    public static GpuFaults lostDevice(Site site, long nth, int cudaError) {
        return new GpuFaults(site, nth, cudaError, true);
    }

    /** Counts calls and fails none: run a query under it to learn how many calls each site gets. */
    public static GpuFaults countOnly() {
        return new GpuFaults(Site.LAUNCH, Long.MAX_VALUE, -1, false);
    }

    /** What a call at {@code at} reports: {@code actual}, or the injected error. */
    int result(Site at, int actual) {
        long n = calls[at.ordinal()].incrementAndGet();
        if (lost && fired) {
            return error;
        }
        if (at == site && n == nth) {
            fired = true;
            return error;
        }
        return actual;
    }

    /** Whether the fault has been reported at least once. */
    public boolean fired() {
        return fired;
    }

    /** Calls made at {@code at} since the injection. */
    public long calls(Site at) {
        return calls[at.ordinal()].get();
    }

    @Override
    public String toString() {
        return (lost ? "lost device at " : "fault at ") + site + " call " + nth + " (CUDA error " + error + ")";
    }
}
