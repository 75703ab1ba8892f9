package io.leapfrog.exec.gpu;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The native launch library a build with gcc packs: it must load here, with or without a driver. */
class NativeLaunchTest {
    @Test
    void theLibraryLoadsAndOpensTheDriverOrSaysThereIsNone() {
        String arch = System.getProperty("os.arch");
        assumeTrue(System.getProperty("os.name").startsWith("Linux") && (arch.equals("amd64") || arch.equals("aarch64")),
                "the native launch path is built for Linux on x86-64 and aarch64 only");
        assertNotNull(NativeLaunch.class.getResource("/io/leapfrog/native/linux-" + (arch.equals("amd64") ? "x86_64" : arch)
                + "/libleapfrog_launch.so"), "the build (with gcc) packs the native launch library");
        String why = NativeLaunch.unavailableReason();
        // On a machine without a driver (CI) the library loads and says so; with one it is usable.
        assertTrue(why == null || why.startsWith("no NVIDIA driver"), "unexpected: " + why);
        assertTrue(NativeLaunch.available() == (why == null));
    }

    @Test
    void itCanBeTurnedOff() {
        String before = System.getProperty("leapfrog.gpu.nativeLaunch");
        System.setProperty("leapfrog.gpu.nativeLaunch", "false");
        try {
            assertTrue(!NativeLaunch.available() && NativeLaunch.unavailableReason().startsWith("turned off"));
            assertTrue(GpuDevice.launchPath().startsWith("JCuda (turned off"));
        } finally {
            if (before == null) {
                System.clearProperty("leapfrog.gpu.nativeLaunch");
            } else {
                System.setProperty("leapfrog.gpu.nativeLaunch", before);
            }
        }
    }
}
