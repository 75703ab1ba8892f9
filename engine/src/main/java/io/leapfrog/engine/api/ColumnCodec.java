package io.leapfrog.engine.api;

import io.leapfrog.common.FloatCodec;
import io.leapfrog.common.UnsignedCodec;
import io.leapfrog.engine.Database;
import io.leapfrog.exec.storage.ColumnType;
import io.leapfrog.exec.storage.SymbolTable;

/**
 * Turns Java values given for one column of a relation into the column's stored ints, checking each
 * against the column's declared base type: a number is a 32-bit signed integer, an unsigned one an
 * integer in 0 .. 2^32-1, a float any Java number (rounded to the nearest 32-bit float), a symbol a
 * String (interned). A value that does not fit is an IllegalArgumentException naming the relation, the
 * column and the row.
 */
final class ColumnCodec {
    private final Database.Schema schema;
    private final int column;
    private final ColumnType type;
    private final SymbolTable symbols;

    ColumnCodec(Database.Schema schema, int column, SymbolTable symbols) {
        this.schema = schema;
        this.column = column;
        this.type = ColumnType.fromName(schema.columnTypes().get(column));
        this.symbols = symbols;
    }

    /** The stored value of {@code v}, the value of this column in row {@code row} (counted from 0). */
    int encode(Object v, long row) {
        if (v == null) {
            throw reject(row, "null; a relation holds no NULL, give " + javaTypes());
        }
        switch (type) {
            case SYMBOL -> {
                if (v instanceof String s) {
                    return symbols.intern(s);
                }
            }
            case FLOAT -> {
                if (v instanceof Number n) {
                    return FloatCodec.encode(n.floatValue());
                }
            }
            default -> {
                if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
                    return encodeInteger(((Number) v).longValue(), row);
                }
            }
        }
        throw reject(row, v.getClass().getSimpleName() + " " + quoted(v) + "; give " + javaTypes());
    }

    /** A number or unsigned column's stored value of the integer {@code v}. */
    int encodeInteger(long v, long row) {
        if (type == ColumnType.UNSIGNED) {
            if (v < 0 || v > UnsignedCodec.MAX) {
                throw reject(row, v + ", outside unsigned's range 0 .. " + UnsignedCodec.MAX);
            }
            return UnsignedCodec.encode((int) v);
        }
        if (type != ColumnType.NUMBER) {
            throw reject(row, "an integer; give " + javaTypes());
        }
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw reject(row, v + ", outside number's range " + Integer.MIN_VALUE + " .. " + Integer.MAX_VALUE);
        }
        return (int) v;
    }

    /** The stored column of a Java array given for this column (int[], long[], float[], double[] or String[]). */
    int[] encodeColumn(Object array) {
        if (array instanceof int[] a && (type == ColumnType.NUMBER || type == ColumnType.UNSIGNED)) {
            if (type == ColumnType.NUMBER) {
                return a; // every int is a number
            }
            int[] out = new int[a.length];
            for (int i = 0; i < a.length; i++) {
                out[i] = encodeInteger(a[i], i);
            }
            return out;
        }
        if (array instanceof long[] a && (type == ColumnType.NUMBER || type == ColumnType.UNSIGNED)) {
            int[] out = new int[a.length];
            for (int i = 0; i < a.length; i++) {
                out[i] = encodeInteger(a[i], i);
            }
            return out;
        }
        if (array instanceof float[] a && type == ColumnType.FLOAT) {
            int[] out = new int[a.length];
            for (int i = 0; i < a.length; i++) {
                out[i] = FloatCodec.encode(a[i]);
            }
            return out;
        }
        if (array instanceof double[] a && type == ColumnType.FLOAT) {
            int[] out = new int[a.length];
            for (int i = 0; i < a.length; i++) {
                out[i] = FloatCodec.encode((float) a[i]);
            }
            return out;
        }
        if (array instanceof String[] a && type == ColumnType.SYMBOL) {
            int[] out = new int[a.length];
            for (int i = 0; i < a.length; i++) {
                out[i] = encode(a[i], i);
            }
            return out;
        }
        String given = array == null ? "null" : array.getClass().getSimpleName();
        throw new IllegalArgumentException("relation " + schema.name() + ", " + columnLabel() + ": got " + given
                + " as the column; give " + arrayTypes());
    }

    /** The Java length of a column array this codec takes, or -1 when {@code array} is not an array. */
    static int length(Object array) {
        return array != null && array.getClass().isArray() ? java.lang.reflect.Array.getLength(array) : -1;
    }

    private String javaTypes() {
        return switch (type) {
            case SYMBOL -> "a String";
            case FLOAT -> "a Float or Double";
            case UNSIGNED -> "an Integer or Long in 0 .. " + UnsignedCodec.MAX;
            default -> "an Integer (or a Long in the int range)";
        };
    }

    private String arrayTypes() {
        return switch (type) {
            case SYMBOL -> "a String[]";
            case FLOAT -> "a float[] or double[]";
            default -> "an int[] or long[]";
        };
    }

    private IllegalArgumentException reject(long row, String what) {
        return new IllegalArgumentException("relation " + schema.name() + ", " + columnLabel() + ", row " + row
                + ": got " + what);
    }

    private String columnLabel() {
        return "column " + column + " (" + schema.columnNames().get(column) + ":" + schema.columnTypes().get(column) + ")";
    }

    private static String quoted(Object v) {
        return v instanceof String s ? "\"" + s + "\"" : String.valueOf(v);
    }
}
