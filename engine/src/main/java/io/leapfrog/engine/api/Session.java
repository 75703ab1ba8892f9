package io.leapfrog.engine.api;

import io.leapfrog.engine.Engine;
import io.leapfrog.engine.EngineOptions;
import io.leapfrog.engine.LoadedProgram;
import io.leapfrog.engine.RunResult;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A program with facts given from Java: the typed embedding API. Open one on a program's text or file,
 * give its relations facts (rows, primitive column arrays, streams), {@link #evaluate()} it, and read the
 * {@link Results} through typed cursors or SQL; then add or retract facts and evaluate again.
 *
 * <pre>
 *   try (Session s = Session.open(".decl edge(x:number, y:number)\n.decl path(x:number, y:number)\n"
 *           + "path(x, y) :- edge(x, y).\npath(x, z) :- path(x, y), edge(y, z).\n", "tc.dl")) {
 *       s.insertColumns("edge", new int[]{1, 2, 3}, new int[]{2, 3, 4});
 *       Results r = s.evaluate();
 *       try (RowCursor c = r.rows("path")) {
 *           while (c.next()) System.out.println(c.getInt(0) + " -> " + c.getInt(1));
 *       }
 *   }
 * </pre>
 *
 * <p><b>Facts.</b> Any declared relation may be given facts (a graph predicate's relation excepted); they
 * are added to what the program's own facts and rules put there. Each value is checked against its
 * column's declared base type: {@code number} takes Integer (or a Long in the int range) and int[] or
 * long[] columns, {@code unsigned} integers in 0 .. 2^32-1, {@code float} any Number, float[] or double[]
 * (rounded to a 32-bit float), {@code symbol} String and String[]; null is rejected. A value that does not
 * fit is an IllegalArgumentException naming the relation, the column (number, name and type) and the row
 * (counted from 0 within the call), and nothing of that call is added. {@code .input} directives are not
 * read: the session's relations hold what Java gave them.
 *
 * <p><b>Evaluation.</b> {@link #evaluate()} evaluates the program over the facts given so far. When
 * facts were only added since the last evaluation and the program is monotone downstream of the
 * relations that got them (no negation or aggregate reads what may grow, no equivalence or choice
 * relation, graph predicate or counter {@code $} is involved), the last evaluation's relations are
 * brought up to date by semi-naive evaluation from the new facts ({@link Results#incremental()});
 * otherwise, after a retraction too, the whole program is evaluated from scratch. It reads and writes no file and prints nothing:
 * {@code .output}, {@code .printsize} and {@code IO=stdout} directives have no effect. {@link #cancel()}
 * (from another thread) or a timeout ({@link #evaluate(Duration)}) stops it with a
 * {@link io.leapfrog.common.LeapfrogException}; the session stays usable.
 *
 * <p>Errors in the program are {@link io.leapfrog.common.LeapfrogException}s with positions, as
 * {@link Engine#parse} reports them. Methods are thread-safe (one call at a time; {@link #cancel()} may
 * come from any thread). The session owns its {@link Engine}; {@link #close()} releases it.
 */
public final class Session implements AutoCloseable {
    private final Engine engine;
    private final LoadedProgram program;
    private final FactStore store;
    private final CancelGuard guard;
    /** The last evaluation and the facts it saw: where insertions since then are taken in incrementally. */
    private Results last;
    private Map<String, Relation> lastFacts;

    private Session(Engine engine, LoadedProgram program) {
        this.engine = engine;
        this.program = program;
        this.store = new FactStore(program.schemas(), Engine.symbolTable(program));
        this.guard = new CancelGuard(engine);
    }

    /** A session on a program's text; {@code fileName} names it in error positions. Default engine options. */
    public static Session open(String source, String fileName) {
        return open(source, fileName, EngineOptions.defaults());
    }

    /** A session on a program's text, its engine run with {@code options} (threads, device, planner). */
    public static Session open(String source, String fileName, EngineOptions options) {
        Engine engine = new Engine(options);
        try {
            return new Session(engine, engine.parse(source, fileName));
        } catch (RuntimeException e) {
            engine.close();
            throw e;
        }
    }

    /** A session on a program file. */
    public static Session open(Path file, EngineOptions options) {
        Engine engine = new Engine(options);
        try {
            return new Session(engine, engine.parse(file));
        } catch (RuntimeException e) {
            engine.close();
            throw e;
        }
    }

    /** The program, as parsed and checked (its warnings included). */
    public LoadedProgram program() {
        return program;
    }

    /** The relations facts may be given to, sorted. */
    public Set<String> relations() {
        return program.schemas().keySet();
    }

    /** Adds one row to {@code relation}. */
    public synchronized void insert(String relation, Object... row) {
        store.rows(relation).addAll(encodeRows(relation, java.util.List.<Object[]>of(row).iterator()));
    }

    /** Adds rows to {@code relation}: every row is checked before any is added. */
    public synchronized void insertRows(String relation, Iterable<Object[]> rows) {
        store.rows(relation).addAll(encodeRows(relation, rows.iterator()));
    }

    /** Adds the rows of a stream to {@code relation} (consumed here); every row is checked before any is added. */
    public synchronized void insertRows(String relation, Stream<Object[]> rows) {
        store.rows(relation).addAll(encodeRows(relation, rows.iterator()));
    }

    /**
     * Adds the rows whose columns are {@code columns}, one Java array per column of {@code relation}, all
     * of one length: int[] or long[] for number and unsigned columns, float[] or double[] for float,
     * String[] for symbol. The fast path for bulk loads: the arrays are read once and not kept.
     */
    public synchronized void insertColumns(String relation, Object... columns) {
        store.addColumns(relation, encodeColumns(relation, columns));
    }

    /** An appender that adds rows to {@code relation} one at a time (for generated data, without boxing). */
    public synchronized RowAppender appender(String relation) {
        return new RowAppender(store, relation);
    }

    /** Removes one row from {@code relation}'s given facts (absent rows are ignored). */
    public synchronized void retract(String relation, Object... row) {
        store.remove(relation, encodeRows(relation, java.util.List.<Object[]>of(row).iterator()).build());
    }

    /** Removes rows from {@code relation}'s given facts (absent rows are ignored); one pass for the whole batch. */
    public synchronized void retractRows(String relation, Iterable<Object[]> rows) {
        store.remove(relation, encodeRows(relation, rows.iterator()).build());
    }

    /** Removes the rows whose columns are {@code columns} (as {@link #insertColumns}) from {@code relation}'s given facts. */
    public synchronized void retractColumns(String relation, Object... columns) {
        store.remove(relation, encodeColumns(relation, columns));
    }

    /** Removes every fact given to {@code relation}. */
    public synchronized void clear(String relation) {
        store.clear(relation);
    }

    /** Evaluates the program over the facts given so far. */
    public Results evaluate() {
        return evaluate(null);
    }

    /**
     * Evaluates the program over the facts given so far, stopped with a
     * {@link io.leapfrog.common.LeapfrogException} once {@code timeout} has passed (null: no limit).
     */
    public synchronized Results evaluate(Duration timeout) {
        Map<String, Relation> facts = store.facts();
        Map<String, Relation> added = last == null ? null : FactStore.addedSince(lastFacts, facts);
        Results previous = last;
        Results r = guard.run(() -> {
            RunResult maintained = added == null ? null
                    : engine.evaluateInsertions(program, previous.database(), added);
            return maintained != null ? new Results(maintained, engine, true)
                    : new Results(engine.evaluate(program, store.symbols(), facts), engine, false);
        }, timeout);
        last = r;
        lastFacts = facts;
        return r;
    }

    /**
     * Stops the evaluation in progress on this session, if any (joins stop within a chunk of work,
     * recursive strata between rounds); it ends with a {@link io.leapfrog.common.LeapfrogException} saying
     * it was cancelled. Does nothing to a later evaluation. Callable from any thread.
     */
    public void cancel() {
        guard.cancel();
    }

    @Override
    public void close() {
        engine.close();
    }

    private RelationBuilder encodeRows(String relation, Iterator<Object[]> rows) {
        ColumnCodec[] codecs = store.codecs(relation);
        RelationBuilder out = new RelationBuilder(codecs.length);
        int[] tuple = new int[codecs.length];
        for (long row = 0; rows.hasNext(); row++) {
            Object[] values = rows.next();
            if (values == null || values.length != codecs.length) {
                throw new IllegalArgumentException("relation " + relation + " has " + codecs.length + " columns, row " + row
                        + " has " + (values == null ? "none (null)" : values.length + " values"));
            }
            for (int c = 0; c < codecs.length; c++) {
                tuple[c] = codecs[c].encode(values[c], row);
            }
            out.add(tuple);
        }
        return out;
    }

    private Relation encodeColumns(String relation, Object[] columns) {
        ColumnCodec[] codecs = store.codecs(relation);
        if (columns.length != codecs.length) {
            throw new IllegalArgumentException("relation " + relation + " has " + codecs.length + " columns, "
                    + columns.length + " column arrays were given");
        }
        int n = ColumnCodec.length(columns.length == 0 ? null : columns[0]);
        for (int c = 1; c < codecs.length; c++) {
            int length = ColumnCodec.length(columns[c]);
            if (n >= 0 && length >= 0 && length != n) {
                throw new IllegalArgumentException("relation " + relation + ": column 0 has " + n + " values, column " + c
                        + " has " + length + "; give columns of one length");
            }
        }
        int[][] stored = new int[codecs.length][];
        for (int c = 0; c < codecs.length; c++) {
            stored[c] = codecs[c].encodeColumn(columns[c]);   // a column that is no array of the column's type is rejected here
        }
        if (codecs.length == 2) {
            // Pairs sort as packed longs: packing is the one copy, where ofColumns would copy the columns first.
            long[] keys = new long[n];
            int[] a = stored[0];
            int[] b = stored[1];
            for (int i = 0; i < n; i++) {
                keys[i] = Relation.packPair(a[i], b[i]);
            }
            return Relation.fromPackedPairs(2, keys, n);
        }
        return codecs.length == 0 ? Relation.empty(0) : Relation.ofColumns(stored);
    }
}
