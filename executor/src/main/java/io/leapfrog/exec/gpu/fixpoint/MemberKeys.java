package io.leapfrog.exec.gpu.fixpoint;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.fixpoint.TupleKeys;
import io.leapfrog.exec.storage.Relation;

/** A relation of one or two columns on the device as its sorted keys, for membership tests. */
final class MemberKeys implements AutoCloseable {
    final DeviceBuffer keys;
    final long count;

    private MemberKeys(DeviceBuffer keys, long count) {
        this.keys = keys;
        this.count = count;
    }

    static MemberKeys upload(GpuDevice dev, Relation r) {
        long[] packed = TupleKeys.of(r);
        DeviceBuffer b = dev.allocate(8L * Math.max(1, packed.length), "membership keys");
        dev.upload(packed, 0, packed.length, b, 0);
        return new MemberKeys(b, packed.length);
    }

    @Override
    public void close() {
        keys.close();
    }
}
