package io.leapfrog.exec.filter;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * Making, building and loading quotient filters.
 *
 * <p>Widths from a target: for {@code n} expected keys and false-positive rate {@code e}, the quotient width
 * {@code q} is the smallest (at least 6) with {@code n <= 0.75 * 2^q}, and the fingerprint width {@code p} the
 * smallest with {@code n / 2^p <= e}; the remainder width is {@code r = max(1, p - q)}, rounded up to 8 or 16
 * for an SQF. Since the rate is (distinct fingerprints) / {@code 2^p}, it stays within {@code e} while at most
 * {@code n} distinct keys are stored; past that the filter grows and keeps working, its rate rising in
 * proportion.
 */
public final class QuotientFilters {
    /** The most keys a filter can be created for: 75% of {@code 2^30} slots. */
    public static final long MAX_EXPECTED_KEYS = (long) (GrowingQuotientFilter.MAX_FILL * (1L << 30));

    private QuotientFilters() {
    }

    /** An empty set filter sized for {@code expectedKeys} at the given false-positive rate. */
    public static QuotientFilter create(long expectedKeys, double falsePositiveRate, FilterKind kind) {
        return create(expectedKeys, falsePositiveRate, kind, Multiplicity.SET);
    }

    /** An empty filter sized for {@code expectedKeys} stored copies at the given false-positive rate. */
    public static QuotientFilter create(long expectedKeys, double falsePositiveRate, FilterKind kind,
                                        Multiplicity multiplicity) {
        if (kind == null || multiplicity == null) {
            throw new IllegalArgumentException("a filter needs a kind (SQF or RSQF) and a multiplicity (SET or COUNTING)");
        }
        if (expectedKeys < 1 || expectedKeys > MAX_EXPECTED_KEYS) {
            throw new IllegalArgumentException("expected keys must be between 1 and " + MAX_EXPECTED_KEYS
                    + ", not " + expectedKeys);
        }
        if (!(falsePositiveRate > 0 && falsePositiveRate < 1)) {
            throw new IllegalArgumentException("the false-positive rate must be above 0 and below 1, not "
                    + falsePositiveRate);
        }
        int q = GrowingQuotientFilter.quotientBitsFor(expectedKeys);
        int p = 1;
        while (expectedKeys > falsePositiveRate * Math.scalb(1.0, p)) {
            p++;
        }
        int r = Math.max(1, p - q);
        if (kind == FilterKind.SQF) {
            if (r > 16) {
                throw new IllegalArgumentException("an SQF has 8- or 16-bit remainders, and " + expectedKeys
                        + " keys at a false-positive rate of " + falsePositiveRate + " need " + r
                        + "; use an RSQF or a higher rate");
            }
            r = r <= 8 ? 8 : 16;
        } else if (r > GrowingQuotientFilter.MAX_REMAINDER_BITS) {
            throw new IllegalArgumentException("an RSQF has at most " + GrowingQuotientFilter.MAX_REMAINDER_BITS
                    + "-bit remainders, and " + expectedKeys + " keys at a false-positive rate of "
                    + falsePositiveRate + " need " + r + "; use a higher rate");
        }
        return new GrowingQuotientFilter(kind, multiplicity, q, r);
    }

    /**
     * An empty filter of exactly {@code 2^quotientBits} home slots and {@code remainderBits}-bit remainders
     * (quotient 6..30, remainder 1..32), for callers that fix the geometry, such as a GPU filter's CPU twin.
     */
    public static QuotientFilter withWidths(FilterKind kind, Multiplicity multiplicity, int quotientBits,
                                            int remainderBits) {
        if (kind == null || multiplicity == null) {
            throw new IllegalArgumentException("a filter needs a kind (SQF or RSQF) and a multiplicity (SET or COUNTING)");
        }
        checkWidths(quotientBits, remainderBits);
        return new GrowingQuotientFilter(kind, multiplicity, quotientBits, remainderBits);
    }

    static void checkWidths(int quotientBits, int remainderBits) {
        if (quotientBits < GrowingQuotientFilter.MIN_QUOTIENT_BITS
                || quotientBits > GrowingQuotientFilter.MAX_QUOTIENT_BITS) {
            throw new IllegalArgumentException("quotient bits must be between " + GrowingQuotientFilter.MIN_QUOTIENT_BITS
                    + " and " + GrowingQuotientFilter.MAX_QUOTIENT_BITS + ", not " + quotientBits);
        }
        if (remainderBits < 1 || remainderBits > GrowingQuotientFilter.MAX_REMAINDER_BITS) {
            throw new IllegalArgumentException("remainder bits must be between 1 and "
                    + GrowingQuotientFilter.MAX_REMAINDER_BITS + ", not " + remainderBits);
        }
    }

    /** A filter holding {@code keys} (repeats count in a counting filter), sized for them at the given rate. */
    public static QuotientFilter build(long[] keys, double falsePositiveRate, FilterKind kind, Multiplicity multiplicity) {
        QuotientFilter f = create(Math.max(1, keys.length), falsePositiveRate, kind, multiplicity);
        f.insertAll(keys);
        return f;
    }

    /** Reads a filter written by {@link QuotientFilter#toBytes()}; refuses anything else with the reason. */
    public static QuotientFilter fromBytes(byte[] bytes) {
        return FilterFormat.read(ByteBuffer.wrap(bytes));
    }

    /** Reads a filter from the buffer's remaining bytes (its position and order are left alone). */
    public static QuotientFilter fromBytes(ByteBuffer bytes) {
        return FilterFormat.read(bytes);
    }

    /** Reads a filter from the rest of the stream. */
    public static QuotientFilter readFrom(InputStream in) throws IOException {
        return fromBytes(in.readAllBytes());
    }
}
