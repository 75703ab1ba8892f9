package io.leapfrog.exec.filter;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * A quotient filter over one {@link SlotLayout}: hashes keys to fingerprints of a fixed width {@code p}, keeps
 * the counts, and grows before an insert would take more than 75% of the home slots (or would run past the
 * overflow tail) by writing its sorted fingerprints into a layout with one more quotient bit and one fewer
 * remainder bit, so the fingerprints and hence the answers stay the same.
 */
final class GrowingQuotientFilter implements QuotientFilter {
    static final int MIN_QUOTIENT_BITS = 6;
    static final int MAX_QUOTIENT_BITS = 30;
    static final int MAX_REMAINDER_BITS = 32;
    static final double MAX_FILL = 0.75;

    private final FilterKind kind;
    private final Multiplicity multiplicity;
    private final int fingerprintBits;
    private SlotLayout layout;
    /** Stored copies, which is also used slots. */
    private long size;
    private long distinct;

    GrowingQuotientFilter(FilterKind kind, Multiplicity multiplicity, int quotientBits, int remainderBits) {
        this(kind, multiplicity, kind.newLayout(quotientBits, remainderBits), 0, 0);
    }

    GrowingQuotientFilter(FilterKind kind, Multiplicity multiplicity, SlotLayout layout, long size, long distinct) {
        this.kind = kind;
        this.multiplicity = multiplicity;
        this.fingerprintBits = layout.quotientBits + layout.remainderBits;
        this.layout = layout;
        this.size = size;
        this.distinct = distinct;
    }

    /** Smallest quotient width whose 75% fill holds {@code slots} copies. */
    static int quotientBitsFor(long slots) {
        int q = MIN_QUOTIENT_BITS;
        while (slots > (long) (MAX_FILL * (1L << q))) {
            q++;
        }
        return q;
    }

    SlotLayout layout() {
        return layout;
    }

    int fingerprintBits() {
        return fingerprintBits;
    }

    private boolean counting() {
        return multiplicity == Multiplicity.COUNTING;
    }

    private long maxUsedSlots() {
        return (long) (MAX_FILL * layout.homeSlots);
    }

    private long fingerprint(long key) {
        return FingerprintHash.fingerprint(key, fingerprintBits);
    }

    private int quotient(long fp) {
        return (int) (fp >>> layout.remainderBits);
    }

    @Override
    public FilterKind kind() {
        return kind;
    }

    @Override
    public Multiplicity multiplicity() {
        return multiplicity;
    }

    @Override
    public int quotientBits() {
        return layout.quotientBits;
    }

    @Override
    public int remainderBits() {
        return layout.remainderBits;
    }

    @Override
    public boolean insert(long key) {
        long fp = fingerprint(key);
        if (!counting() && layout.contains(quotient(fp), fp & layout.remainderMask)) {
            return false;
        }
        if (size + 1 > maxUsedSlots()) {
            grow();
        }
        while (true) {
            int outcome = layout.insert(quotient(fp), fp & layout.remainderMask, counting());
            if (outcome == SlotLayout.NO_ROOM) {
                grow();
                continue;
            }
            size++;
            if (outcome == SlotLayout.NEW_FINGERPRINT) {
                distinct++;
            }
            return true;
        }
    }

    @Override
    public boolean mightContain(long key) {
        long fp = fingerprint(key);
        return layout.contains(quotient(fp), fp & layout.remainderMask);
    }

    @Override
    public long count(long key) {
        long fp = fingerprint(key);
        return layout.count(quotient(fp), fp & layout.remainderMask);
    }

    @Override
    public boolean delete(long key) {
        long fp = fingerprint(key);
        int outcome = layout.delete(quotient(fp), fp & layout.remainderMask);
        if (outcome == SlotLayout.ABSENT) {
            return false;
        }
        size--;
        if (outcome == SlotLayout.REMOVED_LAST) {
            distinct--;
        }
        return true;
    }

    @Override
    public void insertAll(long[] keys) {
        // a few keys go in one by one; a batch comparable to the contents is cheaper to merge and rebuild
        if (keys.length < Math.max(64, size / 16)) {
            for (long k : keys) {
                insert(k);
            }
            return;
        }
        long[] fresh = new long[keys.length];
        for (int i = 0; i < keys.length; i++) {
            fresh[i] = fingerprint(keys[i]);
        }
        Arrays.sort(fresh);
        long[] merged = mergeSorted(layout.extract(size), fresh, !counting());
        rebuild(merged, layout.quotientBits);
    }

    @Override
    public long mightContainAll(long[] keys, boolean[] out) {
        checkOutput(keys.length, out.length, "boolean");
        long hits = 0;
        for (int i = 0; i < keys.length; i++) {
            boolean hit = mightContain(keys[i]);
            out[i] = hit;
            if (hit) {
                hits++;
            }
        }
        return hits;
    }

    @Override
    public long mightContainAll(long[] keys, long[] bits) {
        checkOutput((keys.length + 63L) >>> 6, bits.length, "long (bit)");
        Arrays.fill(bits, 0, (keys.length + 63) >>> 6, 0L);
        long hits = 0;
        for (int i = 0; i < keys.length; i++) {
            if (mightContain(keys[i])) {
                bits[i >>> 6] |= 1L << i;
                hits++;
            }
        }
        return hits;
    }

    private static void checkOutput(long needed, int length, String what) {
        if (length < needed) {
            throw new IllegalArgumentException("the output " + what + " array has " + length
                    + " elements but the keys need " + needed + "; pass a larger array");
        }
    }

    @Override
    public long countContained(long[] keys) {
        long hits = 0;
        for (long k : keys) {
            if (mightContain(k)) {
                hits++;
            }
        }
        return hits;
    }

    @Override
    public long deleteAll(long[] keys) {
        long removed = 0;
        for (long k : keys) {
            if (delete(k)) {
                removed++;
            }
        }
        return removed;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public long distinctFingerprints() {
        return distinct;
    }

    @Override
    public double fill() {
        return (double) size / layout.homeSlots;
    }

    @Override
    public double falsePositiveRate() {
        return Math.scalb((double) distinct, -fingerprintBits);
    }

    @Override
    public long sizeInBytes() {
        return FilterFormat.HEADER_BYTES + layout.bodyBytes();
    }

    /** All stored fingerprints ({@link #fingerprintBits()} wide), ascending, copies included. */
    long[] fingerprints() {
        return layout.extract(size);
    }

    @Override
    public QuotientFilter merge(QuotientFilter other) {
        if (!(other instanceof GrowingQuotientFilter that)) {
            throw new IllegalArgumentException("only filters made by QuotientFilters can be merged, not a "
                    + other.getClass().getName());
        }
        int bits = Math.min(fingerprintBits, that.fingerprintBits);
        long[] mine = truncate(fingerprints(), fingerprintBits - bits);
        long[] theirs = truncate(that.fingerprints(), that.fingerprintBits - bits);
        long[] merged = mergeSorted(mine, theirs, !counting());
        // at least the larger input's quotient width, so a merge never shrinks the filter
        int q = Math.max(MIN_QUOTIENT_BITS, Math.min(Math.max(quotientBits(), that.quotientBits()), bits - 1));
        GrowingQuotientFilter result = new GrowingQuotientFilter(kind, multiplicity, q, bits - q);
        result.rebuild(merged, result.quotientBits());
        return result;
    }

    /** Fingerprints cut to their top bits; a prefix of a sorted list's values stays sorted. */
    private static long[] truncate(long[] fps, int dropBits) {
        if (dropBits > 0) {
            for (int i = 0; i < fps.length; i++) {
                fps[i] >>>= dropBits;
            }
        }
        return fps;
    }

    /** The sorted union (a set drops repeats) or sum (a multiset) of two sorted arrays. */
    static long[] mergeSorted(long[] a, long[] b, boolean distinctOnly) {
        long[] out = new long[a.length + b.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length || j < b.length) {
            long v = j == b.length || (i < a.length && a[i] <= b[j]) ? a[i++] : b[j++];
            if (!distinctOnly || n == 0 || out[n - 1] != v) {
                out[n++] = v;
            }
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    private void grow() {
        rebuild(fingerprints(), layout.quotientBits + 1);
    }

    /**
     * Replaces the layout by one of at least {@code minQuotientBits} quotient bits that holds the sorted
     * fingerprints within the fill limit and the overflow tail.
     */
    private void rebuild(long[] sorted, int minQuotientBits) {
        int q = Math.max(minQuotientBits, quotientBitsFor(sorted.length));
        while (true) {
            if (q > MAX_QUOTIENT_BITS || fingerprintBits - q < 1) {
                throw new IllegalStateException("the filter cannot hold " + sorted.length + " fingerprints of "
                        + fingerprintBits + " bits: it would need " + q + " quotient bits, leaving "
                        + (fingerprintBits - q) + " remainder bits (at most " + MAX_QUOTIENT_BITS
                        + " quotient bits and at least 1 remainder bit); create it with more expected keys");
            }
            SlotLayout next = kind.newLayout(q, fingerprintBits - q);
            if (next.build(sorted, sorted.length)) {
                layout = next;
                size = sorted.length;
                distinct = countDistinct(sorted);
                return;
            }
            q++;
        }
    }

    static long countDistinct(long[] sorted) {
        long n = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i] != sorted[i - 1]) {
                n++;
            }
        }
        return n;
    }

    @Override
    public byte[] toBytes() {
        return FilterFormat.write(this);
    }

    @Override
    public void writeTo(OutputStream out) throws IOException {
        out.write(toBytes());
    }

    @Override
    public String toString() {
        return kind + " " + multiplicity + " filter: q=" + quotientBits() + " r=" + remainderBits() + ", " + size
                + " stored, " + distinct + " distinct, fill " + String.format(java.util.Locale.ROOT, "%.3f", fill());
    }
}
