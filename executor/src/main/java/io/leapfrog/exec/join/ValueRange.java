package io.leapfrog.exec.join;

/**
 * The values a generated variable takes, from the earlier variables: Souffle's {@code range(from, to[,
 * step])}. From {@code from} by {@code step} while short of {@code to} (a positive step counts up, a
 * negative one down); a zero step gives {@code from} once unless {@code from == to}. Thread-safe.
 */
@FunctionalInterface
public interface ValueRange {
    /** Writes from, to and step for {@code binding} into {@code out[0..2]}; false rejects the binding. */
    boolean bounds(int[] binding, long[] out);
}
