package io.leapfrog.exec.join;

/** Receives join results; one sink per worker thread, so it needs no locking. The array is reused. */
@FunctionalInterface
public interface TupleSink {
    void accept(int[] binding);
}
