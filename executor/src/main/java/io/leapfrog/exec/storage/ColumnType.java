package io.leapfrog.exec.storage;

import java.util.Locale;

/**
 * How a column's 32-bit values are read, written and compared: signed numbers, interned symbols,
 * unsigned numbers (the same bits, printed unsigned) and 32-bit floats (stored as their IEEE bits).
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
                return Integer.toUnsignedString(v);
            case FLOAT:
                return formatFloat(Float.intBitsToFloat(v));
            default:
                return Integer.toString(v);
        }
    }

    /** Floats print like Souffle's default stream output: integral values without a fraction. */
    private static String formatFloat(float f) {
        if (f == Math.rint(f) && !Float.isInfinite(f) && Math.abs(f) < 1e15) {
            return Long.toString((long) f);
        }
        return Float.toString(f);
    }
}
