package io.leapfrog.exec.gpu;

import jcuda.Pointer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** One kernel parameter, typed as the kernel declares it. */
public final class KernelArg {
    final Pointer pointer;
    private final String text;

    private KernelArg(Pointer pointer, String text) {
        this.pointer = pointer;
        this.text = text;
    }

    /** An {@code int} (or {@code unsigned}) parameter. */
    public static KernelArg i32(int v) {
        return new KernelArg(Pointer.to(new int[]{v}), Integer.toString(v));
    }

    /** A {@code long long} parameter. */
    public static KernelArg i64(long v) {
        return new KernelArg(Pointer.to(new long[]{v}), v + "L");
    }

    /** A pointer parameter. */
    public static KernelArg ptr(DeviceBuffer b) {
        return new KernelArg(Pointer.to(new long[]{b.address()}), b.purpose());
    }

    /** A pointer parameter {@code byteOffset} bytes into a buffer. */
    public static KernelArg ptr(DeviceBuffer b, long byteOffset) {
        return new KernelArg(Pointer.to(new long[]{b.address() + byteOffset}), b.purpose() + "+" + byteOffset);
    }

    /** A struct passed by value: the bytes of {@code value} (little-endian, laid out as the kernel's struct). */
    public static KernelArg struct(byte[] value, String name) {
        ByteBuffer direct = ByteBuffer.allocateDirect(value.length).order(ByteOrder.nativeOrder());
        direct.put(value).flip();
        return new KernelArg(Pointer.to(direct), name);
    }

    @Override
    public String toString() {
        return text;
    }
}
