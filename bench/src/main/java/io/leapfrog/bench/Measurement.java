package io.leapfrog.bench;

/**
 * One timed run: the result count, the query seconds on already loaded data, the load seconds when the
 * engine reports them per run (the C++ counter, whose process loads each time), and the seconds of the whole
 * run when the engine reads its input anew each run (an external program from start to exit; Leapfrog's
 * {@code Engine.run} from reading the facts to writing its output); NaN where not measured.
 */
public record Measurement(long count, double querySeconds, double loadSeconds, double wallSeconds) {

    public Measurement(long count, double querySeconds, double loadSeconds) {
        this(count, querySeconds, loadSeconds, Double.NaN);
    }

    public static Measurement of(long count, double querySeconds) {
        return new Measurement(count, querySeconds, Double.NaN);
    }
}
