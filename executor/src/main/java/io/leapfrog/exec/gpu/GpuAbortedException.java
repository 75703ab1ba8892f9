package io.leapfrog.exec.gpu;

/** A GPU join stopped on request ({@link GpuDevice#requestAbort}): its results were discarded. */
public final class GpuAbortedException extends GpuException {
    public GpuAbortedException(String message) {
        super(message);
    }
}
