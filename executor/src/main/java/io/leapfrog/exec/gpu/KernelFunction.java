package io.leapfrog.exec.gpu;

import jcuda.driver.CUfunction;

/** A kernel's function handle whose raw value can be read (JCuda keeps it protected), for the native launch path. */
final class KernelFunction extends CUfunction {
    long handle() {
        return getNativePointer();
    }
}
