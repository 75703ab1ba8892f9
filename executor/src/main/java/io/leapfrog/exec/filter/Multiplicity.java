package io.leapfrog.exec.filter;

/** Whether a filter keeps one fingerprint per key or one per insert. */
public enum Multiplicity {
    /** An approximate set: inserting a key whose fingerprint is stored changes nothing. */
    SET,
    /**
     * An approximate multiset: every insert stores one more copy of the fingerprint in its run (repeated
     * remainders, one slot per copy), {@code count} returns the copies and {@code delete} removes one.
     */
    COUNTING
}
