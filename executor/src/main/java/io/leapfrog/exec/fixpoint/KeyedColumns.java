package io.leapfrog.exec.fixpoint;

import io.leapfrog.exec.storage.Relation;

import java.util.Arrays;

/**
 * A binary relation grouped by one column (the key): for each key, the values of the other column, as
 * offsets into {@link #values}. Keys whose range is at most about twice their number, or four times the
 * relation's size, are addressed
 * directly ({@link #keys} null; key v's values at offsets[v - base] .. offsets[v - base + 1]); others
 * through their sorted array ({@link #keys}; keys[i]'s values at offsets[i] .. offsets[i + 1]), by binary
 * search. The CPU fixpoint reads it as it is; the GPU fixpoint copies its arrays to the device.
 */
public final class KeyedColumns {
    /** Sorted distinct keys, or null when addressed directly. */
    public final int[] keys;
    public final long[] offsets;
    public final int[] values;
    /** Direct: the span of the keys (largest - smallest + 1); sorted: the number of keys. */
    public final long count;
    /** Direct: the smallest key. */
    public final int base;

    private KeyedColumns(int[] keys, long[] offsets, int[] values, long count, int base) {
        this.keys = keys;
        this.offsets = offsets;
        this.values = values;
        this.count = count;
        this.base = base;
    }

    public static KeyedColumns of(Relation r, int keyColumn) {
        int n = r.size();
        int[] k;
        int[] v;
        if (keyColumn == 0) {
            k = r.column(0);
            v = r.column(1);
        } else {
            int[] key = r.column(1);
            int[] value = r.column(0);
            long[] pairs = new long[n];
            for (int i = 0; i < n; i++) {
                pairs[i] = Relation.packPair(key[i], value[i]);
            }
            Arrays.parallelSort(pairs);
            k = new int[n];
            v = new int[n];
            for (int i = 0; i < n; i++) {
                k[i] = TupleKeys.col0(pairs[i]);
                v[i] = TupleKeys.col1(pairs[i]);
            }
        }
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            if (i == 0 || k[i] != k[i - 1]) {
                distinct++;
            }
        }
        long span = n == 0 ? 0 : (long) k[n - 1] - k[0] + 1;
        if (n > 0 && (span <= 2L * distinct + 1024 || span <= Math.min(4L * n, 1L << 26))) {
            long[] offs = new long[(int) span + 1];
            int at = 0;
            for (int slot = 0; slot <= span; slot++) {
                offs[slot] = at;
                while (slot < span && at < n && (long) k[at] - k[0] == slot) {
                    at++;
                }
            }
            return new KeyedColumns(null, offs, Arrays.copyOf(v, n), span, k[0]);
        }
        int[] sortedKeys = new int[distinct];
        long[] offs = new long[distinct + 1];
        int d = 0;
        for (int i = 0; i < n; i++) {
            if (i == 0 || k[i] != k[i - 1]) {
                sortedKeys[d] = k[i];
                offs[d++] = i;
            }
        }
        offs[distinct] = n;
        return new KeyedColumns(sortedKeys, offs, Arrays.copyOf(v, n), distinct, 0);
    }

    /** Whether key has a value. */
    public boolean has(int key) {
        int slot = slot(key);
        return slot >= 0 && offsets[slot] < offsets[slot + 1];
    }

    /** The slot of key's values (they are values[offsets[slot] .. offsets[slot + 1])), or -1 when it has none. */
    public int slot(int key) {
        if (keys == null) {
            long at = (long) key - base;
            return at >= 0 && at < count ? (int) at : -1;
        }
        int i = Arrays.binarySearch(keys, key);
        return i < 0 ? -1 : i;
    }
}
