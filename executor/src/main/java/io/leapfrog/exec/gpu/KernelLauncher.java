package io.leapfrog.exec.gpu;

import jcuda.Pointer;
import jcuda.driver.CUfunction;
import jcuda.driver.JCudaDriver;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Turns a kernel and its arguments into one driver launch on a stream, returning the driver's result
 * code (GpuDevice translates errors and keeps the launch's description). The parameters are packed into
 * one reused direct buffer, each at its natural alignment (cuLaunchKernel copies them, and a device's
 * launches are serialised by its lock). With {@link NativeLaunch} the launch goes straight into the
 * driver with an array of pointers into that buffer; without it through JCuda, which gets the buffer
 * through cuLaunchKernel's {@code extra} (one buffer to marshal instead of one per parameter) or, for
 * launches with dynamic shared memory and cooperative ones, a pointer per parameter.
 */
final class KernelLauncher {
    /** Kernel parameters a launch may pass: the driver's limit since CUDA 12.1 (4,096 bytes before). */
    private static final int PARAM_BYTES = 32764;
    private static final int MAX_ARGS = 64;
    private static final boolean NATIVE = NativeLaunch.available();

    private final NativeLaunch.Stream stream;
    private final ByteBuffer params = ByteBuffer.allocateDirect(PARAM_BYTES).order(ByteOrder.nativeOrder());
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
    int launch(CUfunction f, int blocks, int block, int shared, KernelArg... args) {
        if (NATIVE) {
            return NativeLaunch.launch(address(f), blocks, block, shared, stream.address(), nativeParams(args));
        }
        if (shared == 0) {
            paramsSize.putLong(0, pack(null, args));
            return JCudaDriver.cuLaunchKernel(f, blocks, 1, 1, block, 1, 1, 0, stream, null, extra);
        }
        return JCudaDriver.cuLaunchKernel(f, blocks, 1, 1, block, 1, 1, shared, stream, paramPointers(args), null);
    }

    /** cuLaunchCooperativeKernel, as {@link #launch}. */
    int launchCooperative(CUfunction f, int blocks, int block, int shared, KernelArg... args) {
        if (NATIVE) {
            return NativeLaunch.launchCooperative(address(f), blocks, block, shared, stream.address(), nativeParams(args));
        }
        return JCudaDriver.cuLaunchCooperativeKernel(f, blocks, 1, 1, block, 1, 1, shared, stream, paramPointers(args));
    }

    private static long address(CUfunction f) {
        return ((NativeLaunch.Function) f).address();
    }

    /** {@code args} packed, and the address of an array of pointers to each (the buffers are direct: their addresses hold). */
    private long nativeParams(KernelArg... args) {
        if (args.length > MAX_ARGS) {
            throw new IllegalArgumentException("a kernel launch with more than " + MAX_ARGS + " parameters");
        }
        int[] offsets = new int[args.length];
        pack(offsets, args);
        for (int i = 0; i < args.length; i++) {
            paramAddresses.putLong(8 * i, paramsAddress + offsets[i]);
        }
        return paramAddressesAddress;
    }

    /** {@code args} packed, and a JCuda pointer to each (cuLaunchCooperativeKernel takes no {@code extra}). */
    private Pointer paramPointers(KernelArg... args) {
        int[] offsets = new int[args.length];
        pack(offsets, args);
        Pointer[] each = new Pointer[args.length];
        for (int i = 0; i < args.length; i++) {
            each[i] = Pointer.to(params).withByteOffset(offsets[i]);
        }
        return Pointer.to(each);
    }

    /**
     * Packs {@code args} into the parameter buffer at their alignments, recording each one's offset in
     * {@code offsets} when it is not null; returns the bytes used.
     */
    private int pack(int[] offsets, KernelArg... args) {
        int offset = 0;
        for (int i = 0; i < args.length; i++) {
            KernelArg a = args[i];
            offset = (offset + a.align - 1) & -a.align;
            if (offsets != null) {
                offsets[i] = offset;
            }
            if (offset + a.size > PARAM_BYTES) {
                throw new IllegalArgumentException("kernel parameters of more than " + PARAM_BYTES + " bytes");
            }
            a.writeTo(params, offset);
            offset += a.size;
        }
        return offset;
    }
}
