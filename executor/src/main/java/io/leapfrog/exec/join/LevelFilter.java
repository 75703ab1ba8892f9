package io.leapfrog.exec.join;

/** A predicate over a partial binding; must be thread-safe (called concurrently by workers). */
@FunctionalInterface
public interface LevelFilter {
    boolean test(int[] binding);
}
