package io.leapfrog.engine.api;

import java.util.List;

/**
 * A forward-only cursor over the rows of a relation or of a SQL answer, read column by column with
 * typed getters, as a JDBC {@code ResultSet} is. Start with {@link #next()}; columns are numbered from 0.
 *
 * <p>What each getter accepts, by column type:
 * <ul>
 *   <li>a {@code number} column: {@link #getInt}, {@link #getLong}, {@link #getDouble}, {@link #getString}
 *       (decimal text), {@link #getObject} (an Integer);</li>
 *   <li>an {@code unsigned} column: {@link #getLong} (0 .. 2^32-1), {@link #getInt} when the value fits an
 *       int, {@link #getDouble}, {@link #getString}, {@link #getObject} (a Long);</li>
 *   <li>a {@code float} column: {@link #getDouble}, {@link #getString} (as Souffle writes floats),
 *       {@link #getObject} (a Float);</li>
 *   <li>a {@code symbol} column: {@link #getString}, {@link #getObject} (a String);</li>
 *   <li>a SQL answer's column: {@link #getObject} gives the value as {@code SqlResult} holds it (Integer,
 *       Long, Double, BigDecimal, String, Boolean, LocalDate, ...), {@link #getString} its text, and the
 *       numeric getters any number that fits them exactly (a Double only through {@link #getDouble}).</li>
 * </ul>
 * A getter that does not fit the value throws IllegalStateException saying which getter does.
 * SQL's NULL is Java's null: {@link #isNull} is true, {@link #getObject} and {@link #getString} return
 * null, and the primitive getters throw IllegalStateException (test {@link #isNull} first).
 * A relation's cursor never holds NULL.
 *
 * <p>Cursors read an immutable evaluated state: they stay valid after the session changes its facts or
 * evaluates again, and several may be read at once from different threads (one cursor per thread).
 */
public interface RowCursor extends AutoCloseable {

    /** The columns' names: a relation's attribute names, or a SQL answer's column labels. */
    List<String> columnNames();

    /**
     * The columns' types: a relation's base types ({@code number}, {@code unsigned}, {@code float},
     * {@code symbol}), or a SQL answer's SQL types ({@code INTEGER}, {@code BIGINT}, {@code DOUBLE},
     * {@code VARCHAR}, ...).
     */
    List<String> columnTypes();

    /** The number of columns. */
    default int columnCount() {
        return columnNames().size();
    }

    /** Moves to the next row; false when there is none (the cursor is then exhausted). */
    boolean next();

    /** Whether the current row's value in {@code column} is SQL NULL. */
    boolean isNull(int column);

    /** The value as an int. */
    int getInt(int column);

    /** The value as a long. */
    long getLong(int column);

    /** The value as a double. */
    double getDouble(int column);

    /** The value as text; null for NULL. */
    String getString(int column);

    /** The value as a Java object (see the class comment for the classes); null for NULL. */
    Object getObject(int column);

    /** Releases nothing today (cursors hold only memory); present so cursors fit try-with-resources. */
    @Override
    default void close() {
    }
}
