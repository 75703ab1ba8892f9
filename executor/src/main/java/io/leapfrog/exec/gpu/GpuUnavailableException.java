package io.leapfrog.exec.gpu;

/** No usable GPU: the message is one sentence saying why (no driver, no device, no kernels in this build, ...). */
public final class GpuUnavailableException extends GpuException {
    public GpuUnavailableException(String reason) {
        super(reason);
    }
}
