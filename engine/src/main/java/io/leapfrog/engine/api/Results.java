package io.leapfrog.engine.api;

import io.leapfrog.engine.Database;
import io.leapfrog.engine.Engine;
import io.leapfrog.engine.RunResult;

import java.time.Duration;
import java.util.List;
import java.util.SortedSet;

/**
 * The relations of one evaluation of a {@link Session}, read as typed cursors or through SQL. Immutable:
 * later insertions, retractions and evaluations of the session leave it as it is, and it may be read
 * from several threads at once. Unknown relations are a {@link io.leapfrog.common.LeapfrogException}
 * naming the known ones.
 */
public final class Results {
    private final RunResult run;
    private final Engine engine;
    private final boolean incremental;

    Results(RunResult run, Engine engine, boolean incremental) {
        this.run = run;
        this.engine = engine;
        this.incremental = incremental;
    }

    /**
     * Whether these relations were brought up to date from the previous evaluation's by semi-naive
     * evaluation from the facts added since (the same relations as from scratch; {@link Session}).
     */
    public boolean incremental() {
        return incremental;
    }

    /** Every relation of the program, sorted by name. */
    public SortedSet<String> relationNames() {
        return run.database().relationNames();
    }

    /**
     * The number of tuples of {@code relation}. A relation the program names only in {@code .printsize}
     * and reads nowhere is counted, not kept: asking for it is an error that says so.
     */
    public long size(String relation) {
        return run.database().size(relation);
    }

    /** The attribute names of {@code relation}, in column order. */
    public List<String> columnNames(String relation) {
        return run.database().schema(relation).columnNames();
    }

    /** The base types of {@code relation}'s columns: number, unsigned, float or symbol. */
    public List<String> columnTypes(String relation) {
        return run.database().schema(relation).columnTypes();
    }

    /**
     * A cursor over {@code relation}'s tuples in the relation's order (lexicographic over the stored
     * values: numbers ascending, symbols in the order they were first seen), read in place without copying.
     */
    public RowCursor rows(String relation) {
        return new RelationCursor(run.database().schema(relation), run.database().relation(relation),
                run.database().symbols());
    }

    /**
     * Runs a SQL query over the evaluated relations (each a table, columns named as declared; docs/sql.md)
     * and returns its answer as a cursor; SQL's NULL reads as Java's null. Errors in the query are
     * {@link io.leapfrog.common.LeapfrogException}s with the query's line and column.
     */
    public RowCursor sql(String query) {
        return new SqlCursor(engine.sql(run.database(), query));
    }

    /** The evaluated relations as the engine holds them: for {@link Engine#query} and {@link Engine#sql}. */
    public Database database() {
        return run.database();
    }

    /** Where the evaluation's joins ran and why, one line per decision (as {@link RunResult#deviceLines()}). */
    public List<String> deviceLines() {
        return run.deviceLines();
    }

    /** The evaluation's wall time, from the facts handed over to the last stratum's end. */
    public Duration time() {
        return run.totalTime();
    }
}
