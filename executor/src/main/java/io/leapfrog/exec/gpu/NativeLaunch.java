package io.leapfrog.exec.gpu;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The native launch path (executor/src/main/native/leapfrog_launch.c): one JNI call that clears a small
 * device buffer, launches a kernel cooperatively, copies the buffer back and waits. A small count's
 * round trip through JCuda costs about 60 us on an H100's host, most of it JCuda marshalling each call's
 * arguments; the driver itself takes a few microseconds per step (docs/gpu.md, "The native launch path").
 *
 * <p>The library is a resource of this jar, built by gcc where the build has it; it opens the driver
 * with dlopen and uses the handles JCuda made. Where it is missing or cannot load, or with
 * {@code -Dleapfrog.gpu.nativeLaunch=false}, {@link #available()} is false and {@link GpuDevice} goes
 * through JCuda alone, with the same results.
 */
final class NativeLaunch {
    /** The step of a round that failed, in the high word of {@link #cooperativeRound}'s answer. */
    static final int STEP_CLEAR = 1;
    static final int STEP_LAUNCH = 2;
    static final int STEP_COPY = 3;
    static final int STEP_WAIT = 4;

    /** Null when the path can be used, else why not. */
    private static final String UNAVAILABLE = load();

    private NativeLaunch() {
    }

    /** Read on every round, so that a test can compare both paths in one process. */
    static boolean available() {
        return UNAVAILABLE == null && !turnedOff();
    }

    private static boolean turnedOff() {
        return "false".equals(System.getProperty("leapfrog.gpu.nativeLaunch"));
    }

    /** Why the native path is not used (null when it is). */
    static String unavailableReason() {
        return turnedOff() ? "turned off (-Dleapfrog.gpu.nativeLaunch=false)" : UNAVAILABLE;
    }

    private static String load() {
        String resource = resource();
        if (resource == null) {
            return "no native launch library for " + System.getProperty("os.name") + " " + System.getProperty("os.arch");
        }
        try (InputStream in = NativeLaunch.class.getResourceAsStream(resource)) {
            if (in == null) {
                return "this build has no native launch library (it was built without gcc)";
            }
            Path file = Files.createTempFile("leapfrog_launch", ".so");
            file.toFile().deleteOnExit();
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            System.load(file.toAbsolutePath().toString());
        } catch (IOException | UnsatisfiedLinkError | SecurityException e) {
            return "the native launch library did not load (" + e.getMessage() + ")";
        }
        int opened = open();
        return opened == 0 ? null
                : opened == 1 ? "no NVIDIA driver was found (libcuda.so.1 cannot be loaded)"
                : "the NVIDIA driver lacks an entry point the native launch path uses";
    }

    private static String resource() {
        if (!System.getProperty("os.name", "").startsWith("Linux")) {
            return null;
        }
        String arch = System.getProperty("os.arch", "");
        String dir = arch.equals("amd64") || arch.equals("x86_64") ? "linux-x86_64" : arch.equals("aarch64") ? "linux-aarch64" : null;
        return dir == null ? null : "/io/leapfrog/native/" + dir + "/libleapfrog_launch.so";
    }

    /** Opens libcuda.so.1: 0 when it and every entry point used were found, 1 without a driver, 2 when one is missing. */
    private static native int open();

    /**
     * Clears {@code clearWords} 32-bit words at device address {@code clear}, launches {@code function}
     * cooperatively with {@code shared} bytes of dynamic shared memory per block (parameter i at byte {@code offsets}[i] of {@code params}), copies {@code copyBytes}
     * from device address {@code src} into {@code dst} and waits for {@code stream}. Returns 0, or
     * {@code step << 32 | CUresult} for the first step that failed (nothing after it was issued).
     */
    static native long cooperativeRound(long function, long stream, int blocks, int block, int shared, ByteBuffer params,
            ByteBuffer offsets, int nargs, long clear, long clearWords, long src, ByteBuffer dst, long copyBytes);
}
