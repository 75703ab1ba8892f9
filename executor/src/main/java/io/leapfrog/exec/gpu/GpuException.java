package io.leapfrog.exec.gpu;

import io.leapfrog.common.LeapfrogException;

/** A CUDA call or kernel failed; the message names the call or kernel (and its launch shape) and the CUDA error. */
public class GpuException extends LeapfrogException {
    public GpuException(String message) {
        super(message);
    }

    public GpuException(String message, Throwable cause) {
        super(message, cause);
    }
}
