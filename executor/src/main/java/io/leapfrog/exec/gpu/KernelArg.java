package io.leapfrog.exec.gpu;

import io.leapfrog.kernels.layout.KernelStruct;

import java.nio.ByteBuffer;

/**
 * One kernel parameter, typed as the kernel declares it: its C type, its bytes and alignment, which a
 * {@link KernelCall} packs into the launch's parameter buffer. The typed launch wrappers
 * (io.leapfrog.exec.gpu.join's {@code *Kernels} classes) make them; a test checks their C types against
 * the kernels' declarations.
 */
public final class KernelArg {
    private final long scalar;
    private final KernelStruct struct;
    final int size;
    final int align;
    private final String type;
    private final String text;

    private KernelArg(long scalar, KernelStruct struct, int size, int align, String type, String text) {
        this.scalar = scalar;
        this.struct = struct;
        this.size = size;
        this.align = align;
        this.type = type;
        this.text = text;
    }

    /** An {@code int} (or {@code unsigned}) parameter. */
    public static KernelArg i32(int v) {
        return new KernelArg(v, null, 4, 4, "int", Integer.toString(v));
    }

    /** A {@code long long} parameter. */
    public static KernelArg i64(long v) {
        return new KernelArg(v, null, 8, 8, "long long", v + "L");
    }

    /** A pointer parameter. */
    public static KernelArg ptr(DeviceBuffer b) {
        return new KernelArg(b.address(), null, 8, 8, "pointer", b.purpose());
    }

    /** A pointer parameter {@code byteOffset} bytes into a buffer. */
    public static KernelArg ptr(DeviceBuffer b, long byteOffset) {
        return new KernelArg(b.address() + byteOffset, null, 8, 8, "pointer", b.purpose() + "+" + byteOffset);
    }

    /**
     * A struct passed by value ({@code __grid_constant__}), as the kernels' layout declares it: its bytes
     * (the first {@code s.size()} of its array, a plan's head as much as a whole struct) at its alignment.
     */
    public static KernelArg struct(KernelStruct s, String purpose) {
        return new KernelArg(0, s, s.size(), s.align(), s.cType(), purpose);
    }

    /**
     * The parameter's C type as a kernel declares it, pointers aside: {@code int} (for unsigned too),
     * {@code long long}, {@code pointer} (any), or a struct's type ({@code LfTable}, {@code LfPlanOf<4>}).
     */
    public String cType() {
        return type;
    }

    /** Writes the value at {@code offset} of the (native-order) parameter buffer. */
    void writeTo(ByteBuffer params, int offset) {
        if (struct != null) {
            params.put(offset, struct.array(), 0, size);
        } else if (size == 4) {
            params.putInt(offset, (int) scalar);
        } else {
            params.putLong(offset, scalar);
        }
    }

    @Override
    public String toString() {
        return text;
    }
}
