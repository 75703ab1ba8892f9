package io.leapfrog.exec.join;

/** Galloping (exponential, then binary) search over sorted int arrays. */
final class GallopingSearch {
    private GallopingSearch() {
    }

    /**
     * The first index in {@code [from, to)} whose value is >= key, or {@code to}. Cost is logarithmic
     * in the distance moved, so a sweep of ascending seeks over one array is linear overall.
     */
    static int gallop(int[] a, int from, int to, long key) {
        if (from >= to || a[from] >= key) {
            return from;
        }
        // Invariant: a[lo] < key.
        int lo = from;
        int step = 1;
        int hi;
        while (true) {
            int probe = lo + step;
            if (probe >= to || probe < 0) {
                hi = to;
                break;
            }
            if (a[probe] >= key) {
                hi = probe;
                break;
            }
            lo = probe;
            step <<= 1;
        }
        // a[lo] < key; answer in (lo, hi].
        lo++;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The index of key in sorted {@code a[from, to)}, or -1. */
    static int find(int[] a, int from, int to, int key) {
        int lo = from;
        int hi = to - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int v = a[mid];
            if (v < key) {
                lo = mid + 1;
            } else if (v > key) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }
}
