package io.leapfrog.exec.gpu.fixpoint;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.kernels.layout.LfFixLookup;

import java.util.Arrays;

/**
 * A binary relation of an earlier stratum on the device, grouped by one column (the key): for each key,
 * the values of the other column. Keys whose range is at most about twice their number are addressed
 * directly (offsets by key - smallest key); others through their sorted array, by binary search.
 */
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

    static StaticIndex upload(GpuDevice dev, Relation r, int keyColumn) {
        int n = r.size();
        int[] key = r.column(keyColumn);
        int[] value = r.column(1 - keyColumn);
        int[] k;
        int[] v;
        if (keyColumn == 0) {
            k = key;
            v = value;
        } else {
            long[] pairs = new long[n];
            for (int i = 0; i < n; i++) {
                pairs[i] = Relation.packPair(key[i], value[i]);
            }
            Arrays.parallelSort(pairs);
            k = new int[n];
            v = new int[n];
            for (int i = 0; i < n; i++) {
                k[i] = (int) (pairs[i] >> 32);
                v[i] = (int) pairs[i] ^ 0x80000000;
            }
        }
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            if (i == 0 || k[i] != k[i - 1]) {
                distinct++;
            }
        }
        long span = n == 0 ? 0 : (long) k[n - 1] - k[0] + 1;
        boolean dense = n > 0 && span <= 2L * distinct + 1024;
        long[] offs;
        int[] sortedKeys = null;
        if (dense) {
            offs = new long[(int) span + 1];
            int at = 0;
            for (int slot = 0; slot <= span; slot++) {
                offs[slot] = at;
                while (slot < span && at < n && (long) k[at] - k[0] == slot) {
                    at++;
                }
            }
        } else {
            sortedKeys = new int[distinct];
            offs = new long[distinct + 1];
            int d = 0;
            for (int i = 0; i < n; i++) {
                if (i == 0 || k[i] != k[i - 1]) {
                    sortedKeys[d] = k[i];
                    offs[d++] = i;
                }
            }
            offs[distinct] = n;
        }
        DeviceBuffer kb = null;
        DeviceBuffer ob = null;
        DeviceBuffer vb = null;
        try {
            if (sortedKeys != null) {
                kb = dev.allocate(4L * Math.max(1, sortedKeys.length), "lookup keys");
                dev.upload(sortedKeys, 0, sortedKeys.length, kb, 0);
            }
            ob = dev.allocate(8L * offs.length, "lookup offsets");
            dev.upload(offs, 0, offs.length, ob, 0);
            vb = dev.allocate(4L * Math.max(1, n), "lookup values");
            dev.upload(v, 0, n, vb, 0);
        } catch (RuntimeException e) {
            DeviceBuffer.closeAll(kb, ob, vb);
            throw e;
        }
        return new StaticIndex(kb, ob, vb, dense ? span : distinct, dense ? k[0] : 0);
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
