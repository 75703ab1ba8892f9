package io.leapfrog.exec.gpu;

import jcuda.driver.CUdeviceptr;

/** A device pointer whose raw address can be read (JCuda keeps it protected), for plan tables and offsets. */
final class DevicePointer extends CUdeviceptr {
    long address() {
        return getNativePointer();
    }
}
