package io.leapfrog.exec.gpu;

/**
 * An allocation would exceed the device memory budget (or the device itself is out of memory). Join
 * strategies catch it to process smaller windows; only when a single window cannot fit does it reach
 * the executor, which then falls back to the CPU.
 */
public final class GpuOutOfMemoryException extends GpuException {
    private final long requested;

    public GpuOutOfMemoryException(String message, long requested) {
        super(message);
        this.requested = requested;
    }

    /** Bytes the failed allocation asked for. */
    public long requested() {
        return requested;
    }
}
