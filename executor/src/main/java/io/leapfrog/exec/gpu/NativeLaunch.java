package io.leapfrog.exec.gpu;

import jcuda.driver.CUfunction;
import jcuda.driver.CUstream;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Kernel launches straight into the CUDA driver through a small JNI library the kernels build packs
 * beside the fatbin (kernels/src/main/native/leapfrog_launch.c), instead of through JCuda: a launch then
 * costs about a third of one through JCuda (docs/results.md, "the runtime's fixed costs").
 * Everything else goes through JCuda; the two share the driver's per-thread context, and the
 * handles JCuda made ({@link Function}, {@link Stream}) are passed as addresses.
 *
 * <p>When the library is missing (a build without a C compiler, another platform) or cannot load,
 * {@link #available} is false and GpuDevice launches through JCuda; {@link #unavailableReason} says why.
 */
final class NativeLaunch {
    static final String RESOURCE = "/io/leapfrog/kernels/libleapfrog_launch.so";
    private static final String REASON = load();

    private NativeLaunch() {
    }

    /** A kernel handle whose address the native launch can take. */
    static final class Function extends CUfunction {
        long address() {
            return getNativePointer();
        }
    }

    /** A stream handle whose address the native launch can take. */
    static final class Stream extends CUstream {
        long address() {
            return getNativePointer();
        }
    }

    static boolean available() {
        return REASON == null;
    }

    /** Why launches go through JCuda (null when they do not). */
    static String unavailableReason() {
        return REASON;
    }

    private static String load() {
        try (InputStream in = NativeLaunch.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return "this build has no native launch library (it was built without a C compiler, or not on Linux x86_64)";
            }
            Path file = Files.createTempFile("leapfrog-launch-", ".so");
            file.toFile().deleteOnExit();
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            System.load(file.toString());
            return open();
        } catch (IOException | UnsatisfiedLinkError | SecurityException e) {
            return "the native launch library did not load: " + e.getMessage();
        }
    }

    /** Finds the driver's entry points: null, or why they cannot be used. */
    private static native String open();

    /** The address of a direct buffer's first byte. */
    static native long address(ByteBuffer direct);

    /** cuLaunchKernel of a one-dimensional grid; {@code params}: the address of the array of parameter pointers. */
    static native int launch(long function, int blocks, int block, int shared, long stream, long params);

    /** cuLaunchCooperativeKernel, as {@link #launch}. */
    static native int launchCooperative(long function, int blocks, int block, int shared, long stream, long params);
}
