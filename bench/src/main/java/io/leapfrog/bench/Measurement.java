package io.leapfrog.bench;

/**
 * One timed run: the result count, the query seconds on already loaded data, and the load seconds
 * when the engine reports them per run (the C++ counter, whose process loads each time); NaN otherwise.
 */
public record Measurement(long count, double querySeconds, double loadSeconds) {
    public static Measurement of(long count, double querySeconds) {
        return new Measurement(count, querySeconds, Double.NaN);
    }
}
