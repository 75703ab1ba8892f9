package io.leapfrog.engine.api;

import io.leapfrog.exec.storage.RelationBuilder;

/**
 * Adds rows to one relation of a {@link Session}, one at a time, each checked against the relation's
 * column types as it is added (an IllegalArgumentException names the relation, column and row, the
 * row counted from 0 over this appender's life; a rejected row is not added, the rows before it are).
 * The rows join the session's facts at once and count at its next {@link Session#evaluate()}. Made by
 * {@link Session#appender(String)}; used from the session's thread, not concurrently with the session.
 */
public final class RowAppender {
    private final FactStore store;
    private final String relation;
    private final ColumnCodec[] codecs;
    private final int[] tuple;
    private long rows;

    RowAppender(FactStore store, String relation) {
        this.store = store;
        this.relation = relation;
        this.codecs = store.codecs(relation);
        this.tuple = new int[codecs.length];
    }

    /** Adds a row of Java values (Integer/Long for number and unsigned, Float/Double for float, String for symbol). */
    public RowAppender add(Object... values) {
        checkArity(values.length);
        for (int c = 0; c < codecs.length; c++) {
            tuple[c] = codecs[c].encode(values[c], rows);
        }
        return append();
    }

    /** Adds a row of a relation whose columns are all number or unsigned, without boxing. */
    public RowAppender addInts(int... values) {
        checkArity(values.length);
        for (int c = 0; c < codecs.length; c++) {
            tuple[c] = codecs[c].encodeInteger(values[c], rows);
        }
        return append();
    }

    /** Adds a row of a relation whose columns are all number or unsigned, without boxing. */
    public RowAppender addLongs(long... values) {
        checkArity(values.length);
        for (int c = 0; c < codecs.length; c++) {
            tuple[c] = codecs[c].encodeInteger(values[c], rows);
        }
        return append();
    }

    /** The rows added through this appender so far. */
    public long rowsAdded() {
        return rows;
    }

    private RowAppender append() {
        RelationBuilder b = store.rows(relation);
        b.add(tuple);
        rows++;
        return this;
    }

    private void checkArity(int given) {
        if (given != codecs.length) {
            throw new IllegalArgumentException("relation " + relation + " has " + codecs.length + " columns, row " + rows
                    + " has " + given + " values");
        }
    }
}
