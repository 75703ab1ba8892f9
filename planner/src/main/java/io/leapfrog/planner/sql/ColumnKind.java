package io.leapfrog.planner.sql;

import io.leapfrog.common.FloatCodec;
import io.leapfrog.common.UnsignedCodec;
import io.leapfrog.exec.storage.SymbolTable;

/**
 * A column's base type and how SQL sees its stored ints: a 32-bit number ({@code INTEGER}), a symbol
 * interned in the catalog's symbol table ({@code VARCHAR}), a 32-bit float ({@code DOUBLE}: the float's
 * shortest decimal, which keeps the floats' order) or an unsigned 32-bit number ({@code BIGINT}, 0 ..
 * 2^32-1).
 */
public enum ColumnKind {
    NUMBER, SYMBOL, FLOAT, UNSIGNED;

    /** The value SQL computes with for the stored int {@code v}. */
    Object decode(int v, SymbolTable symbols) {
        return switch (this) {
            case NUMBER -> (long) v;
            case SYMBOL -> symbols.symbol(v);
            // the float's shortest decimal, so that 0.1 stored as a float compares equal to the literal 0.1
            case FLOAT -> Double.parseDouble(Float.toString(FloatCodec.decode(v)));
            case UNSIGNED -> UnsignedCodec.value(v);
        };
    }
}
