package io.leapfrog.exec.gpu.fixpoint;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.fixpoint.KeyedColumns;
import io.leapfrog.kernels.layout.LfFixLookup;


/** A {@link KeyedColumns} index of a relation of an earlier stratum, copied to the device. */
final class StaticIndex implements AutoCloseable {
    private final DeviceBuffer keys;
    private final DeviceBuffer offsets;
    private final DeviceBuffer values;
    private final long count;
    private final int base;

    private StaticIndex(DeviceBuffer keys, DeviceBuffer offsets, DeviceBuffer values, long count, int base) {
        this.keys = keys;
        this.offsets = offsets;
        this.values = values;
        this.count = count;
        this.base = base;
    }

    static StaticIndex upload(GpuDevice dev, KeyedColumns host) {
        DeviceBuffer kb = null;
        DeviceBuffer ob = null;
        DeviceBuffer vb = null;
        try {
            if (host.keys != null) {
                kb = dev.allocate(4L * Math.max(1, host.keys.length), "lookup keys");
                dev.upload(host.keys, 0, host.keys.length, kb, 0);
            }
            ob = dev.allocate(8L * host.offsets.length, "lookup offsets");
            dev.upload(host.offsets, 0, host.offsets.length, ob, 0);
            vb = dev.allocate(4L * Math.max(1, host.values.length), "lookup values");
            dev.upload(host.values, 0, host.values.length, vb, 0);
        } catch (RuntimeException e) {
            DeviceBuffer.closeAll(kb, ob, vb);
            throw e;
        }
        return new StaticIndex(kb, ob, vb, host.count, host.base);
    }

    /** Points the kernels' lookup at this index. */
    void writeTo(LfFixLookup l) {
        l.keys(keys == null ? 0 : keys.address());
        l.offsets(offsets.address());
        l.values(values.address());
        l.count(count);
        l.base(base);
    }

    @Override
    public void close() {
        DeviceBuffer.closeAll(keys, offsets, values);
    }
}
