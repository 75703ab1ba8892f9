package io.leapfrog.bench;

/**
 * An engine under test. The harness calls {@link #load} once per workload, then {@link #run} for the
 * warm-up and timed runs, then {@link #unload}. Query time never includes loading.
 */
public interface Peer extends AutoCloseable {

    /** The name in the table: leapfrog, duckdb, kuzu, cpp. */
    String name();

    /** Whether this engine can run the query at all (the C++ counter has no transitive closure). */
    boolean supports(BenchQuery query);

    /** Loads the workload's graph; returns the seconds it took, or NaN when loading happens per run. */
    double load(Workload workload) throws Exception;

    /** Runs the workload's query once on the loaded graph. */
    Measurement run(Workload workload) throws Exception;

    /**
     * Whether the engine times a fixed number of repetitions itself in one external process (the CUDA
     * counter, CuPy): such an engine gets exactly {@code --warmup} warm-up runs, never extra time-based ones.
     */
    default boolean runsAreFixedInAdvance() {
        return false;
    }

    /** Drops what {@link #load} built. */
    void unload() throws Exception;

    @Override
    default void close() throws Exception {
        unload();
    }
}
