package io.leapfrog.exec.filter;

import java.io.IOException;
import java.io.OutputStream;

/**
 * An approximate set or multiset of 64-bit keys (a quotient filter): no false negatives, and a non-member
 * is reported present with probability {@link #falsePositiveRate()}. Made by {@link QuotientFilters}.
 *
 * <p>Deletes remove one stored copy of the key's fingerprint. Deleting a key that was never inserted but whose
 * fingerprint equals a stored key's removes that key's fingerprint (the filter cannot tell them apart), and in a
 * {@link Multiplicity#SET} filter two inserted keys sharing a fingerprint share one copy, so deleting one
 * removes the other: delete only keys that are present, and use a {@link Multiplicity#COUNTING} filter when
 * keys are deleted, which never produces a false negative under that rule.
 *
 * <p>Lookups may run concurrently with each other; any write needs exclusive access.
 */
public interface QuotientFilter {
    FilterKind kind();

    Multiplicity multiplicity();

    /** Quotient bits {@code q}: the filter has {@code 2^q} home slots. */
    int quotientBits();

    /** Remainder bits {@code r}; the fingerprint has {@code q + r} bits, which growth keeps. */
    int remainderBits();

    /** Adds the key; returns whether the filter changed (false when a set already held its fingerprint). */
    boolean insert(long key);

    /** Whether the key may be present: always true for an inserted key. */
    boolean mightContain(long key);

    /** Copies of the key's fingerprint (0 or 1 in a set); at least the key's inserts minus its deletes. */
    long count(long key);

    /** Removes one copy of the key's fingerprint; returns false (and changes nothing) when none is stored. */
    boolean delete(long key);

    /** Adds every key; large batches are merged in by rebuilding from sorted fingerprints. */
    void insertAll(long[] keys);

    /** Sets {@code out[i]} to {@link #mightContain}{@code (keys[i])} and returns how many are true. */
    long mightContainAll(long[] keys, boolean[] out);

    /** Sets bit {@code i} of {@code bits} (word {@code i >>> 6}) to the answer for {@code keys[i]}; returns how many are set. */
    long mightContainAll(long[] keys, long[] bits);

    /** How many of the keys may be present. */
    long countContained(long[] keys);

    /** Deletes each key once; returns how many deletes found a copy to remove. */
    long deleteAll(long[] keys);

    /** Stored copies (items, with multiplicity in a counting filter). */
    long size();

    /** Distinct fingerprints stored. */
    long distinctFingerprints();

    /** Used slots over home slots; an insert that would pass 0.75 grows the filter first. */
    double fill();

    /**
     * The probability that a key never inserted is reported present, for keys independent of the hash:
     * distinct fingerprints over {@code 2^(q + r)}.
     */
    double falsePositiveRate();

    /** Bytes of the serialized form (header and slots), about the memory the filter uses. */
    long sizeInBytes();

    /**
     * A new filter of this one's kind and multiplicity holding both filters' fingerprints (a counting result
     * adds multiplicities), with the smaller of the two fingerprint widths. Neither input changes.
     */
    QuotientFilter merge(QuotientFilter other);

    /** The filter in the binary format described in docs/filters.md. */
    byte[] toBytes();

    /** Writes {@link #toBytes()} to the stream. */
    void writeTo(OutputStream out) throws IOException;
}
