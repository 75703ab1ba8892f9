package io.leapfrog.exec.gpu;

import jcuda.Pointer;
import jcuda.driver.CUevent;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A page-locked host buffer through which arrays move to and from the device, in two halves so that
 * filling one half overlaps the DMA of the other. Every copy goes through the device's one stream.
 */
final class PinnedStaging implements AutoCloseable {
    private final Pointer host = new Pointer();
    private final long halfBytes;
    private final ByteBuffer[] halves = new ByteBuffer[2];
    private final CUevent[] done = {new CUevent(), new CUevent()};
    private final boolean[] pending = new boolean[2];
    private final CUstream stream;

    PinnedStaging(long bytes, CUstream stream) {
        this.stream = stream;
        this.halfBytes = bytes / 2 / 8 * 8;
        DriverResults.check(JCudaDriver.cuMemAllocHost(host, 2 * halfBytes), "cuMemAllocHost of the pinned staging buffer");
        for (int h = 0; h < 2; h++) {
            halves[h] = host.getByteBuffer(h * halfBytes, halfBytes).order(ByteOrder.nativeOrder());
            DriverResults.check(JCudaDriver.cuEventCreate(done[h], 0), "cuEventCreate");
        }
    }

    private void await(int h) {
        if (pending[h]) {
            DriverResults.check(JCudaDriver.cuEventSynchronize(done[h]), "waiting for a host-device copy");
            pending[h] = false;
        }
    }

    private void record(int h) {
        DriverResults.check(JCudaDriver.cuEventRecord(done[h], stream), "cuEventRecord");
        pending[h] = true;
    }

    /** Copies {@code src[from, from+count)} to {@code dst} at byte offset {@code dstByte}. */
    void upload(int[] src, int from, int count, DeviceBuffer dst, long dstByte) {
        copyTo(dst, dstByte, 4, count, (b, done, n) -> b.asIntBuffer().put(src, from + done, n));
    }

    /** Copies {@code src[from, from+count)} (longs) to {@code dst} at byte offset {@code dstByte}. */
    void upload(long[] src, int from, int count, DeviceBuffer dst, long dstByte) {
        copyTo(dst, dstByte, 8, count, (b, done, n) -> b.asLongBuffer().put(src, from + done, n));
    }

    /** Fills a half with elements [done, done + n) of the source. */
    private interface Fill {
        void put(ByteBuffer half, int done, int n);
    }

    /** Fills one half while the other half's DMA runs. */
    private void copyTo(DeviceBuffer dst, long dstByte, int width, int count, Fill fill) {
        int perHalf = (int) (halfBytes / width);
        int h = 0;
        for (int done = 0; done < count; done += perHalf, h ^= 1) {
            int n = Math.min(perHalf, count - done);
            await(h);
            ByteBuffer b = halves[h];
            b.clear();
            fill.put(b, done, n);
            DriverResults.check(JCudaDriver.cuMemcpyHtoDAsync(dst.at(dstByte + (long) width * done), host.withByteOffset(h * halfBytes),
                    (long) width * n, stream), "copying " + dst.purpose() + " to the GPU");
            record(h);
        }
        await(0);
        await(1);
    }

    /** Copies {@code count} ints from {@code src} at byte offset {@code srcByte} into {@code dst[from..]}. */
    void download(DeviceBuffer src, long srcByte, int[] dst, int from, int count) {
        int perHalf = (int) (halfBytes / 4);
        copyBack(src, srcByte, 4, count, perHalf, (b, done, n) -> b.asIntBuffer().get(dst, from + done, n));
    }

    /** Copies {@code count} longs from {@code src} at byte offset {@code srcByte} into {@code dst[from..]}. */
    void download(DeviceBuffer src, long srcByte, long[] dst, int from, int count) {
        int perHalf = (int) (halfBytes / 8);
        copyBack(src, srcByte, 8, count, perHalf, (b, done, n) -> b.asLongBuffer().get(dst, from + done, n));
    }

    private interface Drain {
        void take(ByteBuffer half, int done, int n);
    }

    /** Issues the copy of chunk i+1 before draining chunk i, so the DMA overlaps the unpacking. */
    private void copyBack(DeviceBuffer src, long srcByte, int width, int count, int perHalf, Drain drain) {
        if (count == 0) {
            return;
        }
        int chunks = (count + perHalf - 1) / perHalf;
        issue(src, srcByte, width, 0, Math.min(perHalf, count), 0);
        for (int c = 0; c < chunks; c++) {
            int h = c & 1;
            int done = c * perHalf;
            int n = Math.min(perHalf, count - done);
            if (c + 1 < chunks) {
                int nextDone = done + perHalf;
                issue(src, srcByte, width, nextDone, Math.min(perHalf, count - nextDone), h ^ 1);
            }
            await(h);
            ByteBuffer b = halves[h];
            b.clear();
            drain.take(b, done, n);
        }
    }

    private void issue(DeviceBuffer src, long srcByte, int width, int done, int n, int h) {
        await(h);
        DriverResults.check(JCudaDriver.cuMemcpyDtoHAsync(host.withByteOffset(h * halfBytes), src.at(srcByte + (long) width * done),
                (long) width * n, stream), "copying " + src.purpose() + " from the GPU");
        record(h);
    }

    /** Queues a copy of {@code bytes} (at most half the buffer) to a device address, e.g. a constant-memory symbol. */
    void uploadBytes(byte[] bytes, jcuda.driver.CUdeviceptr dst, String what) {
        if (bytes.length > halfBytes) {
            throw new IllegalArgumentException(what + " is larger than the staging buffer");
        }
        await(0);
        ByteBuffer b = halves[0];
        b.clear();
        b.put(bytes);
        DriverResults.check(JCudaDriver.cuMemcpyHtoDAsync(dst, host, bytes.length, stream), "copying " + what + " to the GPU");
        record(0);
        // No wait: kernels that read the bytes are queued behind the copy on the same stream, and the
        // next use of this half waits for the copy to finish before overwriting it.
    }

    @Override
    public void close() {
        for (CUevent e : done) {
            JCudaDriver.cuEventDestroy(e);
        }
        JCudaDriver.cuMemFreeHost(host);
    }
}
