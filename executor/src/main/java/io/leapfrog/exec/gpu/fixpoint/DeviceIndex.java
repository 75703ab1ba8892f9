package io.leapfrog.exec.gpu.fixpoint;

import io.leapfrog.exec.fixpoint.ValueRange;
import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.join.DeviceScan;
import io.leapfrog.kernels.layout.LfFixLookup;

/**
 * A binary relation of the stratum indexed by one column on the device, for the lookups of non-linear
 * rules: rebuilt from the relation's log before each round (so a round reads the tuples known when it
 * started) by a counting sort over the column's values, which lie in [base, base + span) (every value a
 * relation of the stratum can hold: see {@link ValueRange}). Offsets take 8 bytes per value of the range,
 * the values 4 per tuple.
 */
final class DeviceIndex implements AutoCloseable {
    /** The most values a device index of a relation of the stratum covers (its offsets: 8 bytes each). */
    static final long MAX_SPAN = 1L << 28;
    private static final int BLOCK = GpuFixpoint.THREADS;

    private final GpuDevice dev;
    private final int column;
    private final int base;
    private final long span;
    private final DeviceBuffer offsets;
    private final DeviceBuffer cursor;
    private DeviceBuffer values;
    private long valuesCapacity;

    DeviceIndex(GpuDevice dev, int column, int base, long span) {
        this.dev = dev;
        this.column = column;
        this.base = base;
        this.span = span;
        DeviceBuffer o = dev.allocate(8 * (span + 1), "fixpoint index offsets");
        try {
            this.cursor = dev.allocate(8 * (span + 1), "fixpoint index cursors");
        } catch (RuntimeException e) {
            o.close();
            throw e;
        }
        this.offsets = o;
    }

    /** Indexes the tuples {@code log[0..n)} of the relation. */
    void rebuild(DeviceBuffer log, long n) {
        if (values == null || valuesCapacity < n) {
            if (values != null) {
                values.close();
                values = null;
            }
            valuesCapacity = Math.max(1 << 16, 2 * n);
            values = dev.allocate(4 * valuesCapacity, "fixpoint index values");
        }
        dev.fill(offsets, 0, 2 * (span + 1), 0);
        long blocks = Math.max(1, Math.min((n + BLOCK - 1) / BLOCK, 1L << 20));
        if (n > 0) {
            dev.launchGrid(FixpointKernels.indexCount(log, n, column, base, offsets), (int) blocks, BLOCK);
        }
        DeviceScan.longs(dev, offsets, offsets, (int) span);
        dev.copy(offsets, 0, cursor, 0, 8 * span);
        if (n > 0) {
            dev.launchGrid(FixpointKernels.indexPlace(log, n, column, base, cursor, values), (int) blocks, BLOCK);
        }
    }

    /** Points a kernel's lookup at this index (a dense one: no key array). */
    void writeTo(LfFixLookup l) {
        l.keys(0);
        l.offsets(offsets.address());
        l.values(values.address());
        l.count(span);
        l.base(base);
    }

    @Override
    public void close() {
        DeviceBuffer.closeAll(offsets, cursor, values);
    }
}
