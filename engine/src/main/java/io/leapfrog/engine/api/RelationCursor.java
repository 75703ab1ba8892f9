package io.leapfrog.engine.api;

import io.leapfrog.common.FloatCodec;
import io.leapfrog.common.UnsignedCodec;
import io.leapfrog.engine.Database;
import io.leapfrog.exec.storage.ColumnType;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;

import java.util.List;

/** A {@link RowCursor} over an evaluated relation's tuples, in its sorted order, decoding stored values. */
final class RelationCursor implements RowCursor {
    private final Database.Schema schema;
    private final ColumnType[] types;
    private final int[][] columns;
    private final int size;
    private final SymbolTable symbols;
    private int row = -1;

    RelationCursor(Database.Schema schema, Relation relation, SymbolTable symbols) {
        this.schema = schema;
        this.types = ColumnType.fromNames(schema.columnTypes());
        this.columns = new int[relation.arity()][];
        for (int c = 0; c < columns.length; c++) {
            columns[c] = relation.column(c);
        }
        this.size = relation.size();
        this.symbols = symbols;
    }

    @Override
    public List<String> columnNames() {
        return schema.columnNames();
    }

    @Override
    public List<String> columnTypes() {
        return schema.columnTypes();
    }

    @Override
    public boolean next() {
        if (row < size) {
            row++;
        }
        return row < size;
    }

    @Override
    public boolean isNull(int column) {
        stored(column);
        return false;
    }

    @Override
    public int getInt(int column) {
        int v = stored(column);
        return switch (types[column]) {
            case NUMBER -> v;
            case UNSIGNED -> {
                long u = UnsignedCodec.value(v);
                if (u > Integer.MAX_VALUE) {
                    throw misread(column, "value " + u + " does not fit an int; use getLong");
                }
                yield (int) u;
            }
            case FLOAT -> throw misread(column, "use getDouble");
            case SYMBOL -> throw misread(column, "use getString");
        };
    }

    @Override
    public long getLong(int column) {
        int v = stored(column);
        return switch (types[column]) {
            case NUMBER -> v;
            case UNSIGNED -> UnsignedCodec.value(v);
            case FLOAT -> throw misread(column, "use getDouble");
            case SYMBOL -> throw misread(column, "use getString");
        };
    }

    @Override
    public double getDouble(int column) {
        int v = stored(column);
        return switch (types[column]) {
            case NUMBER -> v;
            case UNSIGNED -> UnsignedCodec.value(v);
            case FLOAT -> FloatCodec.decode(v);
            case SYMBOL -> throw misread(column, "use getString");
        };
    }

    @Override
    public String getString(int column) {
        return types[column].format(stored(column), symbols);
    }

    @Override
    public Object getObject(int column) {
        int v = stored(column);
        return switch (types[column]) {
            case NUMBER -> v;
            case UNSIGNED -> UnsignedCodec.value(v);
            case FLOAT -> FloatCodec.decode(v);
            case SYMBOL -> symbols.symbol(v);
        };
    }

    private int stored(int column) {
        if (row < 0 || row >= size) {
            throw new IllegalStateException(row < 0 ? "no current row: call next() first" : "the cursor is past its last row");
        }
        if (column < 0 || column >= columns.length) {
            throw new IndexOutOfBoundsException("column " + column + " of relation " + schema.name() + ", which has "
                    + columns.length + " (numbered from 0)");
        }
        return columns[column][row];
    }

    private IllegalStateException misread(int column, String how) {
        return new IllegalStateException("relation " + schema.name() + ", column " + column + " ("
                + schema.columnNames().get(column) + ":" + schema.columnTypes().get(column) + "): " + how);
    }
}
