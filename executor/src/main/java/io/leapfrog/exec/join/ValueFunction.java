package io.leapfrog.exec.join;

/** Computes a variable's value from the earlier variables; thread-safe. Returns {@link #NONE} to reject. */
@FunctionalInterface
public interface ValueFunction {
    long NONE = Long.MIN_VALUE;

    long apply(int[] binding);
}
