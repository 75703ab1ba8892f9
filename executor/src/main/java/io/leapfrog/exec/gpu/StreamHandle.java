package io.leapfrog.exec.gpu;

import jcuda.driver.CUstream;

/** A stream whose raw handle can be read (JCuda keeps it protected), for the native launch path. */
final class StreamHandle extends CUstream {
    long handle() {
        return getNativePointer();
    }
}
