package io.leapfrog.exec.mining;

/**
 * Intersection of sorted int slices (strictly increasing, as adjacency lists are). A merge when the two
 * are of like length; a galloping search through the longer one when one is much shorter, so a small
 * neighbourhood meeting a hub's costs about its own length times a logarithm.
 */
final class SortedInts {
    /** Beyond this length ratio the shorter slice gallops through the longer one instead of merging. */
    private static final int GALLOP_RATIO = 16;

    private SortedInts() {
    }

    /**
     * Writes to {@code out} from {@code outFrom} the positions, relative to {@code bFrom}, of the values that
     * {@code a[aFrom, aTo)} and {@code b[bFrom, bTo)} share, in increasing order; returns how many.
     * {@code out} needs room for the shorter slice's length.
     */
    static int commonPositions(int[] a, int aFrom, int aTo, int[] b, int bFrom, int bTo, int[] out, int outFrom) {
        int na = aTo - aFrom;
        int nb = bTo - bFrom;
        int k = outFrom;
        if (na == 0 || nb == 0) {
            return 0;
        }
        if ((long) na * GALLOP_RATIO < nb) {
            int j = bFrom;
            for (int i = aFrom; i < aTo && j < bTo; i++) {
                j = firstNotBelow(b, j, bTo, a[i]);
                if (j < bTo && b[j] == a[i]) {
                    out[k++] = j - bFrom;
                    j++;
                }
            }
        } else if ((long) nb * GALLOP_RATIO < na) {
            int i = aFrom;
            for (int j = bFrom; j < bTo && i < aTo; j++) {
                i = firstNotBelow(a, i, aTo, b[j]);
                if (i < aTo && a[i] == b[j]) {
                    out[k++] = j - bFrom;
                    i++;
                }
            }
        } else {
            int i = aFrom;
            int j = bFrom;
            while (i < aTo && j < bTo) {
                int x = a[i];
                int y = b[j];
                if (x < y) {
                    i++;
                } else if (x > y) {
                    j++;
                } else {
                    out[k++] = j - bFrom;
                    i++;
                    j++;
                }
            }
        }
        return k - outFrom;
    }

    /** The first index in {@code [from, to)} whose value is at least {@code key} ({@code to} if none). */
    static int firstNotBelow(int[] a, int from, int to, int key) {
        if (from >= to || a[from] >= key) {
            return from;
        }
        // a[lo] < key throughout; double the step until a[hi] >= key or the end, then bisect.
        int lo = from;
        int step = 1;
        int hi = from + 1;
        while (hi < to && a[hi] < key) {
            lo = hi;
            step <<= 1;
            hi = lo + step;
        }
        if (hi > to) {
            hi = to;
        }
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < key) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi;
    }
}
