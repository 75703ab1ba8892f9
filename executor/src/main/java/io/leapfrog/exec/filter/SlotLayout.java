package io.leapfrog.exec.filter;

import java.nio.ByteBuffer;

/**
 * The slots of a quotient filter: {@code 2^q} home slots followed by an overflow tail (runs that start near the
 * end spill into it instead of wrapping around), holding fingerprints {@code (quotient << r) | remainder}. A
 * fingerprint's home slot is its quotient; the copies with one quotient form a run, sorted by remainder; runs
 * lie in quotient order, each starting at its home slot or right after the previous run, whichever is later.
 *
 * <p>That placement is a function of the multiset of fingerprints alone, so the layout is canonical: inserts,
 * deletes and a bulk build of the same fingerprints give the same bits, which the binary format and the
 * CPU/GPU agreement rely on. Inserts and deletes keep it canonical by decoding the region from the last run
 * before the change that starts at its home slot through the next empty slot, changing the sorted list, and
 * writing the region again with the same placement rule.
 *
 * <p>Subclasses keep the metadata of one scheme (three bits per slot, or block bitmaps with offsets). Not
 * thread-safe for writes; lookups only read.
 */
abstract class SlotLayout {
    /** Insert outcomes. */
    static final int NEW_FINGERPRINT = 0;
    static final int ADDED_COPY = 1;
    static final int ALREADY_PRESENT = 2;
    static final int NO_ROOM = 3;
    /** Delete outcomes. */
    static final int REMOVED_LAST = 0;
    static final int REMOVED_COPY = 1;
    static final int ABSENT = 2;

    final int quotientBits;
    final int remainderBits;
    final long remainderMask;
    final int homeSlots;
    final int totalSlots;
    private final FingerprintList region = new FingerprintList();

    SlotLayout(int quotientBits, int remainderBits) {
        this.quotientBits = quotientBits;
        this.remainderBits = remainderBits;
        this.remainderMask = (1L << remainderBits) - 1;
        this.homeSlots = 1 << quotientBits;
        this.totalSlots = totalSlots(quotientBits);
    }

    /**
     * Home slots plus an overflow tail of {@code 10 * sqrt(2^q)} slots rounded up to whole 64-slot blocks (at
     * least one block): runs past the last home slot fit in it with overwhelming probability below 75% fill, and
     * an insert that would not fit grows the filter.
     */
    static int totalSlots(int quotientBits) {
        long home = 1L << quotientBits;
        long tail = (long) Math.ceil(10 * Math.sqrt(home));
        tail = Math.max(64, (tail + 63) & ~63L);
        return (int) (home + tail);
    }

    // ---- scheme-specific ----

    /** Whether a copy of the fingerprint is stored. */
    abstract boolean contains(int quotient, long remainder);

    /** How many copies of the fingerprint are stored. */
    abstract int count(int quotient, long remainder);

    /** A slot at or before {@code home} that every run with a smaller home slot ends before. */
    abstract int regionStart(int home);

    /** The first home slot at or after {@code from} whose run exists, or -1. */
    abstract int nextOccupied(int from);

    /**
     * Appends the fingerprints stored from {@code start} (a slot every run with a smaller home ends before)
     * through the next empty slot, in order, and returns that empty slot's index.
     */
    abstract int decode(int start, FingerprintList out);

    /**
     * Empties slots {@code [start, clearEnd)} and writes {@code fps[from, to)} (sorted, homes at or after
     * {@code start}) from {@code start} by the placement rule; the caller checked that they fit.
     */
    abstract void encode(int start, int clearEnd, long[] fps, int from, int to);

    /** Bytes of the serialized body. */
    abstract long bodyBytes();

    abstract void writeBody(ByteBuffer out);

    abstract void readBody(ByteBuffer in);

    /** Whether the two layouts hold identical bits. */
    abstract boolean sameBits(SlotLayout other);

    // ---- shared by both schemes ----

    /** The slot after the last one the fingerprints would occupy if written from {@code start}. */
    final long placementEnd(int start, long[] fps, int from, int to) {
        long pos = start;
        long previousHome = -1;
        for (int i = from; i < to; i++) {
            long home = fps[i] >>> remainderBits;
            if (home != previousHome) {
                pos = Math.max(pos, home);
                previousHome = home;
            }
            pos++;
        }
        return pos;
    }

    /** Adds one copy of the fingerprint; in a set ({@code !counting}) a present fingerprint is left alone. */
    final int insert(int quotient, long remainder, boolean counting) {
        long fp = ((long) quotient << remainderBits) | remainder;
        int start = regionStart(quotient);
        region.clear();
        int oldEnd = decode(start, region);
        int at = region.upperBound(fp);
        boolean present = at > 0 && region.values[at - 1] == fp;
        if (present && !counting) {
            return ALREADY_PRESENT;
        }
        region.insert(at, fp);
        if (placementEnd(start, region.values, 0, region.size) > totalSlots) {
            return NO_ROOM;
        }
        encode(start, oldEnd, region.values, 0, region.size);
        return present ? ADDED_COPY : NEW_FINGERPRINT;
    }

    /** Removes one copy of the fingerprint if one is stored. */
    final int delete(int quotient, long remainder) {
        if (!contains(quotient, remainder)) {
            return ABSENT;
        }
        long fp = ((long) quotient << remainderBits) | remainder;
        int start = regionStart(quotient);
        region.clear();
        int oldEnd = decode(start, region);
        int at = region.upperBound(fp) - 1;
        boolean last = at == 0 || region.values[at - 1] != fp;
        region.remove(at);
        encode(start, oldEnd, region.values, 0, region.size);
        return last ? REMOVED_LAST : REMOVED_COPY;
    }

    /** Writes sorted fingerprints into this empty layout; false if they do not fit. */
    final boolean build(long[] sorted, int count) {
        if (placementEnd(0, sorted, 0, count) > totalSlots) {
            return false;
        }
        encode(0, 0, sorted, 0, count);
        return true;
    }

    /** All stored fingerprints in ascending order, copies included. */
    final long[] extract(long expectedCount) {
        FingerprintList all = new FingerprintList();
        int pos = 0;
        while (pos < totalSlots) {
            int home = nextOccupied(pos);
            if (home < 0) {
                break;
            }
            pos = decode(home, all);
        }
        long[] out = java.util.Arrays.copyOf(all.values, all.size);
        if (expectedCount >= 0 && out.length != expectedCount) {
            throw new IllegalStateException("the filter holds " + out.length + " fingerprints, not " + expectedCount);
        }
        return out;
    }
}
