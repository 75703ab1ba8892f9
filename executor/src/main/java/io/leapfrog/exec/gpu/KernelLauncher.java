package io.leapfrog.exec.gpu;

import jcuda.Pointer;
import jcuda.driver.CUfunction;
import jcuda.driver.JCudaDriver;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Turns a kernel and its arguments (a {@link KernelCall}) into one driver launch on a stream, returning
 * the driver's result code (GpuDevice translates errors and keeps the launch's description). The
 * parameters are packed into one reused direct buffer, each at its natural alignment (cuLaunchKernel
 * copies them, and a device's launches are serialised by its lock). With {@link NativeLaunch} the launch goes straight into the
 * driver with an array of pointers into that buffer; without it through JCuda, which gets the buffer
 * through cuLaunchKernel's {@code extra} (one buffer to marshal instead of one per parameter) or, for
 * launches with dynamic shared memory and cooperative ones, a pointer per parameter.
 */
final class KernelLauncher {
    private static final int MAX_ARGS = 64;
    private static final boolean NATIVE = NativeLaunch.available();

    private final NativeLaunch.Stream stream;
    private final ByteBuffer params = ByteBuffer.allocateDirect(KernelCall.PARAM_BYTES).order(ByteOrder.nativeOrder());
    private final ByteBuffer paramsSize = ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder());
    private final Pointer extra = Pointer.to(JCudaDriver.CU_LAUNCH_PARAM_BUFFER_POINTER, Pointer.to(params),
            JCudaDriver.CU_LAUNCH_PARAM_BUFFER_SIZE, Pointer.to(paramsSize), JCudaDriver.CU_LAUNCH_PARAM_END);
    // For NativeLaunch: the buffer's address, and an array of pointers into it and that array's address.
    private final long paramsAddress = NATIVE ? NativeLaunch.address(params) : 0;
    private final ByteBuffer paramAddresses = ByteBuffer.allocateDirect(8 * MAX_ARGS).order(ByteOrder.nativeOrder());
    private final long paramAddressesAddress = NATIVE ? NativeLaunch.address(paramAddresses) : 0;

    KernelLauncher(NativeLaunch.Stream stream) {
        this.stream = stream;
    }

    /** How kernels are launched: "native" ({@link NativeLaunch}), or through JCuda and why. */
    static String path() {
        return NATIVE ? "native" : "JCuda (" + NativeLaunch.unavailableReason() + ")";
    }

    /** cuLaunchKernel of a one-dimensional grid with {@code shared} bytes of dynamic shared memory a block. */
    int launch(CUfunction f, int blocks, int block, int shared, KernelCall call) {
        if (NATIVE) {
            return NativeLaunch.launch(address(f), blocks, block, shared, stream.address(), nativeParams(call));
        }
        if (shared == 0) {
            paramsSize.putLong(0, call.pack(params, null));
            return JCudaDriver.cuLaunchKernel(f, blocks, 1, 1, block, 1, 1, 0, stream, null, extra);
        }
        return JCudaDriver.cuLaunchKernel(f, blocks, 1, 1, block, 1, 1, shared, stream, paramPointers(call), null);
    }

    /** cuLaunchCooperativeKernel, as {@link #launch}. */
    int launchCooperative(CUfunction f, int blocks, int block, int shared, KernelCall call) {
        if (NATIVE) {
            return NativeLaunch.launchCooperative(address(f), blocks, block, shared, stream.address(), nativeParams(call));
        }
        return JCudaDriver.cuLaunchCooperativeKernel(f, blocks, 1, 1, block, 1, 1, shared, stream, paramPointers(call));
    }

    private static long address(CUfunction f) {
        return ((NativeLaunch.Function) f).address();
    }

    /** The call's arguments packed, and the address of an array of pointers to each (the buffers are direct: their addresses hold). */
    private long nativeParams(KernelCall call) {
        int n = call.argCount();
        if (n > MAX_ARGS) {
            throw new IllegalArgumentException("a kernel launch with more than " + MAX_ARGS + " parameters");
        }
        int[] offsets = new int[n];
        call.pack(params, offsets);
        for (int i = 0; i < n; i++) {
            paramAddresses.putLong(8 * i, paramsAddress + offsets[i]);
        }
        return paramAddressesAddress;
    }

    /** The call's arguments packed, and a JCuda pointer to each (cuLaunchCooperativeKernel takes no {@code extra}). */
    private Pointer paramPointers(KernelCall call) {
        int[] offsets = new int[call.argCount()];
        call.pack(params, offsets);
        Pointer[] each = new Pointer[offsets.length];
        for (int i = 0; i < offsets.length; i++) {
            each[i] = Pointer.to(params).withByteOffset(offsets[i]);
        }
        return Pointer.to(each);
    }
}
