package io.leapfrog.exec.gpu;

import jcuda.Pointer;
import jcuda.driver.JCudaDriver;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A few words of page-locked host memory that kernels write directly (mapped into the device's address
 * space): a kernel writes its result words and then an epoch word the host chose, and the host waits by
 * reading the epoch word, with no copy and no synchronisation call. For a small count that saves the
 * read-back's round trip through the driver.
 */
final class MappedResult {
    private static final int WORDS = 8;
    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private final Pointer host = new Pointer();
    private final ByteBuffer words;
    private final long deviceAddress;
    private long epoch;

    MappedResult() {
        DriverResults.check(JCudaDriver.cuMemHostAlloc(host, 8L * WORDS, JCudaDriver.CU_MEMHOSTALLOC_DEVICEMAP),
                "cuMemHostAlloc of the mapped result words");
        this.words = host.getByteBuffer(0, 8L * WORDS).order(ByteOrder.nativeOrder());
        DevicePointer d = new DevicePointer();
        DriverResults.check(JCudaDriver.cuMemHostGetDevicePointer(d, host, 0), "cuMemHostGetDevicePointer of the mapped result words");
        this.deviceAddress = d.address();
    }

    /** Where kernels write the words. */
    long deviceAddress() {
        return deviceAddress;
    }

    /** A new epoch, different from every earlier one, for the next kernel to write last. */
    long nextEpoch() {
        return ++epoch;
    }

    /** Words 0..{@code n}-1. */
    long[] words(int n) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = word(i);
        }
        return out;
    }

    /** Sets word {@code i}, at once visible to the device (a resident kernel's job word). */
    void set(int i, long value) {
        LONGS.setVolatile(words, 8 * i, value);
    }

    /** Word {@code i}, read afresh from memory each time (the device writes it behind the JVM's back). */
    long word(int i) {
        return (long) LONGS.getVolatile(words, 8 * i);
    }
}
