package io.leapfrog.exec.gpu;

import jcuda.driver.CUdeviceptr;

/**
 * A block of device memory from a {@link DeviceMemoryPool}. Closing it gives the block back to the
 * pool (which may keep it for reuse); closing twice is harmless.
 */
public final class DeviceBuffer implements AutoCloseable {
    private final DeviceMemoryPool pool;
    final DevicePointer pointer;
    private final long bytes;
    final long capacity;
    private final String purpose;
    private boolean closed;

    DeviceBuffer(DeviceMemoryPool pool, DevicePointer pointer, long bytes, long capacity, String purpose) {
        this.pool = pool;
        this.pointer = pointer;
        this.bytes = bytes;
        this.capacity = capacity;
        this.purpose = purpose;
    }

    /** The device address of the first byte. */
    public long address() {
        return pointer.address();
    }

    /** Bytes asked for (the block may be larger). */
    public long bytes() {
        return bytes;
    }

    public String purpose() {
        return purpose;
    }

    /** A pointer {@code byteOffset} bytes into the buffer, for copies. */
    CUdeviceptr at(long byteOffset) {
        if (byteOffset < 0 || byteOffset > bytes) {
            throw new IllegalArgumentException("offset " + byteOffset + " outside " + purpose + " (" + bytes + " bytes)");
        }
        return pointer.withByteOffset(byteOffset);
    }

    public boolean isClosed() {
        return closed;
    }

    /** Closes every buffer given, skipping nulls (the slots of a partly made set of buffers). */
    public static void closeAll(DeviceBuffer... buffers) {
        for (DeviceBuffer b : buffers) {
            if (b != null) {
                b.close();
            }
        }
    }

    /** A module global (GpuDevice.moduleGlobal): not the pool's, never released. */
    static DeviceBuffer ofModuleGlobal(DevicePointer pointer, long bytes, String purpose) {
        return new DeviceBuffer(null, pointer, bytes, bytes, purpose);
    }

    @Override
    public void close() {
        if (!closed && pool != null) {
            closed = true;
            pool.release(this);
        }
    }
}
