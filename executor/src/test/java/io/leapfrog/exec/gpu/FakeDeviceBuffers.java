package io.leapfrog.exec.gpu;

import jcuda.NativePointerObject;

import java.lang.reflect.Field;

/** Device buffers at made-up addresses, for tests of what the host writes for the kernels without a GPU. */
public final class FakeDeviceBuffers {
    private FakeDeviceBuffers() {
    }

    /** A buffer of {@code bytes} at device address {@code address}; closing it frees nothing. */
    public static DeviceBuffer at(long address, long bytes, String purpose) {
        DevicePointer p = new DevicePointer();
        try {
            Field f = NativePointerObject.class.getDeclaredField("nativePointer");
            f.setAccessible(true);
            f.setLong(p, address);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("JCuda's pointer has no field nativePointer", e);
        }
        return new DeviceBuffer(null, p, bytes, bytes, purpose);
    }
}
