package io.leapfrog.exec.gpu;

import jcuda.driver.CUresult;

/** Turns CUDA driver result codes into {@link GpuException}s that say what was being done. */
final class DriverResults {
    private DriverResults() {
    }

    static void check(int result, String what) {
        if (result != CUresult.CUDA_SUCCESS) {
            throw failure(result, what);
        }
    }

    static GpuException failure(int result, String what) {
        String name = CUresult.stringFor(result);
        if (result == CUresult.CUDA_ERROR_OUT_OF_MEMORY) {
            return new GpuOutOfMemoryException("GPU out of memory: " + what + " failed (" + name + ")", -1);
        }
        return new GpuException("GPU error: " + what + " failed with " + name);
    }
}
