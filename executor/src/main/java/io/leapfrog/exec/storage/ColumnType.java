package io.leapfrog.exec.storage;

import io.leapfrog.common.FloatCodec;
import io.leapfrog.common.UnsignedCodec;

import java.util.Locale;

/**
 * How a column's 32-bit values are read, written and compared: signed numbers, interned symbols,
 * unsigned numbers and 32-bit floats (stored as {@link UnsignedCodec} and {@link FloatCodec} order them).
 */
public enum ColumnType {
    NUMBER,
    SYMBOL,
    UNSIGNED,
    FLOAT;

    /** The column type for a Souffle base type name ({@code number}, {@code symbol}, {@code unsigned}, {@code float}). */
    public static ColumnType fromName(String name) {
        switch (name.toLowerCase(Locale.ROOT)) {
            case "number":
            case "i":
                return NUMBER;
            case "symbol":
            case "s":
                return SYMBOL;
            case "unsigned":
            case "u":
                return UNSIGNED;
            case "float":
            case "f":
                return FLOAT;
            default:
                throw new IllegalArgumentException("unknown column type '" + name + "'");
        }
    }

    /** Column types for base type names. */
    public static ColumnType[] fromNames(Iterable<String> names) {
        java.util.List<ColumnType> out = new java.util.ArrayList<>();
        for (String n : names) {
            out.add(fromName(n));
        }
        return out.toArray(new ColumnType[0]);
    }

    /** n columns of one type. */
    public static ColumnType[] repeat(ColumnType t, int n) {
        ColumnType[] out = new ColumnType[n];
        java.util.Arrays.fill(out, t);
        return out;
    }

    /** The text for value {@code v} of this type ({@code symbols} is needed for SYMBOL only). */
    public String format(int v, SymbolTable symbols) {
        switch (this) {
            case SYMBOL:
                return symbols.symbol(v);
            case UNSIGNED:
                return UnsignedCodec.format(v);
            case FLOAT:
                return FloatCodec.format(FloatCodec.decode(v));
            default:
                return Integer.toString(v);
        }
    }
}
