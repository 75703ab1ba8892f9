package io.leapfrog.exec.gpu;

import java.nio.ByteBuffer;

/**
 * One kernel parameter, typed as the kernel declares it: its bytes and alignment, which
 * {@link GpuDevice} packs into the launch's parameter buffer.
 */
public final class KernelArg {
    private final long scalar;
    private final byte[] struct;
    final int size;
    final int align;
    private final String text;

    private KernelArg(long scalar, byte[] struct, int size, int align, String text) {
        this.scalar = scalar;
        this.struct = struct;
        this.size = size;
        this.align = align;
        this.text = text;
    }

    /** An {@code int} (or {@code unsigned}) parameter. */
    public static KernelArg i32(int v) {
        return new KernelArg(v, null, 4, 4, Integer.toString(v));
    }

    /** A {@code long long} parameter. */
    public static KernelArg i64(long v) {
        return new KernelArg(v, null, 8, 8, v + "L");
    }

    /** A pointer parameter. */
    public static KernelArg ptr(DeviceBuffer b) {
        return new KernelArg(b.address(), null, 8, 8, b.purpose());
    }

    /** A pointer parameter {@code byteOffset} bytes into a buffer. */
    public static KernelArg ptr(DeviceBuffer b, long byteOffset) {
        return new KernelArg(b.address() + byteOffset, null, 8, 8, b.purpose() + "+" + byteOffset);
    }

    /**
     * A struct passed by value: the bytes of {@code value} (little-endian, laid out as the kernel's
     * struct), aligned to 8 (the level table holds pointers).
     */
    public static KernelArg struct(byte[] value, String name) {
        return struct(value, 8, name);
    }

    /** A struct passed by value whose largest member has {@code align} bytes. */
    public static KernelArg struct(byte[] value, int align, String name) {
        return new KernelArg(0, value, value.length, align, name);
    }

    /**
     * A struct passed by value whose type is the first {@code bytes} of {@code value}'s (a plan of fewer
     * levels than the largest, as the kernel declares it).
     */
    public static KernelArg structPrefix(byte[] value, int bytes, String name) {
        if (bytes > value.length) {
            throw new IllegalArgumentException(name + ": " + bytes + " bytes of a " + value.length + "-byte struct");
        }
        return new KernelArg(0, value, bytes, 8, name);
    }

    /** Writes the value at {@code offset} of the (native-order) parameter buffer. */
    void writeTo(ByteBuffer params, int offset) {
        if (struct != null) {
            params.put(offset, struct, 0, size);
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
