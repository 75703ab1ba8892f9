package io.leapfrog.exec.filter;

import java.util.Arrays;

/** A growable list of fingerprints, reused by a layout for the region it is rewriting. */
final class FingerprintList {
    long[] values = new long[64];
    int size;

    void clear() {
        size = 0;
    }

    void add(long v) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = v;
    }

    void insert(int at, long v) {
        add(0);
        System.arraycopy(values, at, values, at + 1, size - 1 - at);
        values[at] = v;
    }

    void remove(int at) {
        System.arraycopy(values, at + 1, values, at, size - 1 - at);
        size--;
    }

    /** The first index whose value is greater than {@code v} (the list is sorted). */
    int upperBound(long v) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (values[mid] <= v) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
