package io.leapfrog.exec.gpu;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

/**
 * A kernel and the arguments of one launch of it, as the kernel declares them: what {@link GpuDevice}
 * launches. The typed wrappers of each kernel family (io.leapfrog.exec.gpu.join's {@code *Kernels}
 * classes) make them, so that a launch with arguments in the wrong order or of the wrong kind does not
 * compile.
 */
public final class KernelCall {
    /** Kernel parameters a launch may pass: the driver's limit since CUDA 12.1 (4,096 bytes before). */
    static final int PARAM_BYTES = 32764;

    private final String kernel;
    private final KernelArg[] args;

    private KernelCall(String kernel, KernelArg[] args) {
        this.kernel = kernel;
        this.args = args;
    }

    /** {@code kernel} with {@code args}, in the order it declares its parameters. */
    public static KernelCall of(String kernel, KernelArg... args) {
        return new KernelCall(kernel, args.clone());
    }

    /** This call with one more argument after the others. */
    public KernelCall with(KernelArg last) {
        KernelArg[] all = Arrays.copyOf(args, args.length + 1);
        all[args.length] = last;
        return new KernelCall(kernel, all);
    }

    public String kernel() {
        return kernel;
    }

    public List<KernelArg> args() {
        return List.of(args);
    }

    int argCount() {
        return args.length;
    }

    /**
     * Packs the arguments into {@code params} at their alignments from byte 0, recording each one's offset
     * in {@code offsets} when it is not null; returns the bytes used.
     */
    int pack(ByteBuffer params, int[] offsets) {
        int offset = 0;
        for (int i = 0; i < args.length; i++) {
            KernelArg a = args[i];
            offset = (offset + a.align - 1) & -a.align;
            if (offsets != null) {
                offsets[i] = offset;
            }
            if (offset + a.size > Math.min(PARAM_BYTES, params.capacity())) {
                throw new IllegalArgumentException("kernel " + kernel + ": parameters of more than " + PARAM_BYTES + " bytes");
            }
            a.writeTo(params, offset);
            offset += a.size;
        }
        return offset;
    }

    /** The parameter buffer a launch of this call passes (little-endian, as the kernels' layout). */
    public byte[] parameterBytes() {
        ByteBuffer b = ByteBuffer.allocate(PARAM_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        return Arrays.copyOf(b.array(), pack(b, null));
    }

    @Override
    public String toString() {
        return "kernel " + kernel + Arrays.toString(args);
    }
}
