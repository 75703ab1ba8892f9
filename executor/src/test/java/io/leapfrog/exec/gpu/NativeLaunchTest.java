package io.leapfrog.exec.gpu;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The native launch library the kernels build packs (where it had a C compiler) loads and links: its
 * only excuse for not being used is a machine without the CUDA driver. On a GPU machine the gpu-tagged
 * GpuRuntimeTest checks that launches go through it.
 */
class NativeLaunchTest {

    @Test
    void thePackedLibraryLoadsAndOnlyTheDriverCanBeMissing() {
        assumeTrue(NativeLaunch.class.getResource(NativeLaunch.RESOURCE) != null,
                "this build has no native launch library (no C compiler)");
        String reason = NativeLaunch.unavailableReason();
        assertTrue(reason == null || reason.contains("libcuda.so.1"),
                "the library should load and find the driver, or say that the driver is missing: " + reason);
    }
}
