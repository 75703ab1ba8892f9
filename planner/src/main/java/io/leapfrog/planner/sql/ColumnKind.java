package io.leapfrog.planner.sql;

import io.leapfrog.common.FloatCodec;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.SouffleNumbers;
import io.leapfrog.common.UnsignedCodec;
import io.leapfrog.exec.storage.SymbolTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A column's stored form and how SQL sees its stored ints: a 32-bit number ({@code INTEGER}), a symbol
 * interned in the catalog's symbol table ({@code VARCHAR}), a 32-bit float ({@code DOUBLE}: the float's
 * shortest decimal, which keeps the floats' order) or an unsigned 32-bit number ({@code BIGINT}, 0 ..
 * 2^32-1). The {@code NULLABLE_} kinds are text columns (stored as symbols) whose empty cells are SQL
 * NULLs and whose other cells are read as numbers, floats or strings: the columns of fact files with empty
 * cells, which SQL reads as DuckDB reads a CSV file.
 */
public enum ColumnKind {
    NUMBER(SqlTypeName.INTEGER),
    SYMBOL(SqlTypeName.VARCHAR),
    FLOAT(SqlTypeName.DOUBLE),
    UNSIGNED(SqlTypeName.BIGINT),
    NULLABLE_NUMBER(SqlTypeName.INTEGER),
    NULLABLE_FLOAT(SqlTypeName.DOUBLE),
    NULLABLE_SYMBOL(SqlTypeName.VARCHAR);

    private final SqlTypeName sqlType;

    ColumnKind(SqlTypeName sqlType) {
        this.sqlType = sqlType;
    }

    /** The column's SQL type. */
    public SqlTypeName sqlType() {
        return sqlType;
    }

    /** Whether the column may hold NULL (an empty cell of a text column). */
    public boolean nullable() {
        return this == NULLABLE_NUMBER || this == NULLABLE_FLOAT || this == NULLABLE_SYMBOL;
    }

    /**
     * The value Calcite's generated code computes with for the stored int {@code v}: an {@link Integer},
     * {@link String}, {@link Double}, {@link Long} or null; {@code where} names the column in errors.
     */
    Object decode(int v, SymbolTable symbols, String where) {
        return switch (this) {
            case NUMBER -> v;
            case SYMBOL -> symbols.symbol(v);
            // the float's shortest decimal, so that 0.1 stored as a float compares equal to the literal 0.1
            case FLOAT -> Double.parseDouble(Float.toString(FloatCodec.decode(v)));
            case UNSIGNED -> UnsignedCodec.value(v);
            case NULLABLE_SYMBOL -> nullIfEmpty(symbols.symbol(v));
            case NULLABLE_NUMBER -> parseNumber(symbols.symbol(v), where);
            case NULLABLE_FLOAT -> parseFloat(symbols.symbol(v), where);
        };
    }

    private static String nullIfEmpty(String s) {
        return s.isEmpty() ? null : s;
    }

    /** A decimal number with an optional sign and exponent, as SQL (DuckDB) reads a DOUBLE from text. */
    private static final java.util.regex.Pattern DECIMAL =
            java.util.regex.Pattern.compile("[+-]?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?");

    /**
     * Whether a nullable number column reads {@code cell} (not blank) as an INTEGER: a fact file's number
     * (decimal, 32 bits: {@link SouffleNumbers#factNumber}) with the space around it removed.
     */
    public static boolean isIntegerCell(String cell) {
        try {
            SouffleNumbers.factNumber(cell.strip());
            return true;
        } catch (NumberFormatException | ArithmeticException e) {
            return false;
        }
    }

    /** Whether a nullable float column reads {@code cell} (not blank) as a DOUBLE: a finite decimal number. */
    public static boolean isDoubleCell(String cell) {
        String s = cell.strip();
        return DECIMAL.matcher(s).matches() && Double.isFinite(Double.parseDouble(s));
    }

    private static Integer parseNumber(String cell, String where) {
        String s = cell.strip();
        if (s.isEmpty()) {
            return null;
        }
        if (isIntegerCell(s)) {
            return SouffleNumbers.factNumber(s);
        }
        throw new LeapfrogException("sql: error: " + where + " holds '" + cell + "', which is not a 32-bit integer;"
                + " the column's type was sniffed from the file's first lines: declare the table in a program (-p) to"
                + " give the column another type");
    }

    private static Double parseFloat(String cell, String where) {
        String s = cell.strip();
        if (s.isEmpty()) {
            return null;
        }
        if (isDoubleCell(s)) {
            return Double.parseDouble(s);   // the exact double, as DuckDB reads it
        }
        throw new LeapfrogException("sql: error: " + where + " holds '" + cell + "', which is not a number;"
                + " the column's type was sniffed from the file's first lines: declare the table in a program (-p)"
                + " to give the column another type");
    }
}
