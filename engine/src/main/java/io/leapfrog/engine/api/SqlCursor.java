package io.leapfrog.engine.api;

import io.leapfrog.planner.sql.SqlResult;

import java.math.BigDecimal;
import java.util.List;

/** A {@link RowCursor} over a SQL answer's rows, in the answer's order; NULL is null. */
final class SqlCursor implements RowCursor {
    private final SqlResult result;
    /** The rows as text, made on the first {@link #getString} (dates and decimals written as SQL writes them). */
    private List<List<String>> text;
    private int row = -1;

    SqlCursor(SqlResult result) {
        this.result = result;
    }

    @Override
    public List<String> columnNames() {
        return result.columns();
    }

    @Override
    public List<String> columnTypes() {
        return result.columnTypes();
    }

    @Override
    public boolean next() {
        if (row < result.values().size()) {
            row++;
        }
        return row < result.values().size();
    }

    @Override
    public boolean isNull(int column) {
        return value(column) == null;
    }

    @Override
    public int getInt(int column) {
        long v = getLong(column);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw misread(column, "value " + v + " does not fit an int; use getLong");
        }
        return (int) v;
    }

    @Override
    public long getLong(int column) {
        Object v = nonNull(column);
        if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof BigDecimal d) {
            try {
                return d.longValueExact();
            } catch (ArithmeticException e) {
                throw misread(column, "value " + d.toPlainString() + " is not a long; use getDouble or getObject");
            }
        }
        throw misread(column, "a " + v.getClass().getSimpleName() + " is not an integer; use "
                + (v instanceof Number ? "getDouble" : "getString or getObject"));
    }

    @Override
    public double getDouble(int column) {
        Object v = nonNull(column);
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        throw misread(column, "a " + v.getClass().getSimpleName() + " is not a number; use getString or getObject");
    }

    @Override
    public String getString(int column) {
        Object v = value(column);
        if (v == null) {
            return null;
        }
        if (v instanceof String s) {
            return s;
        }
        if (text == null) {
            text = result.rows();
        }
        return text.get(row).get(column);
    }

    @Override
    public Object getObject(int column) {
        return value(column);
    }

    private Object nonNull(int column) {
        Object v = value(column);
        if (v == null) {
            throw misread(column, "NULL has no primitive value; test isNull first, or use getObject");
        }
        return v;
    }

    private Object value(int column) {
        if (row < 0 || row >= result.values().size()) {
            throw new IllegalStateException(row < 0 ? "no current row: call next() first" : "the cursor is past its last row");
        }
        List<Object> values = result.values().get(row);
        if (column < 0 || column >= values.size()) {
            throw new IndexOutOfBoundsException("column " + column + " of a SQL answer with " + values.size()
                    + " columns (numbered from 0)");
        }
        return values.get(column);
    }

    private IllegalStateException misread(int column, String how) {
        return new IllegalStateException("SQL column " + column + " (" + result.columns().get(column) + ":"
                + result.columnTypes().get(column) + "): " + how);
    }
}
