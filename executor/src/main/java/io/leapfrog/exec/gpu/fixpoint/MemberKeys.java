package io.leapfrog.exec.gpu.fixpoint;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
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
        long[] packed = packed(r);
        DeviceBuffer b = dev.allocate(8L * Math.max(1, packed.length), "membership keys");
        dev.upload(packed, 0, packed.length, b, 0);
        return new MemberKeys(b, packed.length);
    }

    /** The relation's tuples as keys (Relation.packPair; a unary tuple as (v, 0)), in order. */
    static long[] packed(Relation r) {
        int n = r.size();
        long[] out = new long[n];
        int[] c0 = r.column(0);
        int[] c1 = r.arity() == 2 ? r.column(1) : null;
        for (int i = 0; i < n; i++) {
            out[i] = Relation.packPair(c0[i], c1 == null ? 0 : c1[i]);
        }
        return out;
    }

    @Override
    public void close() {
        keys.close();
    }
}
