package io.leapfrog.engine.eval;

import io.leapfrog.common.FloatCodec;
import io.leapfrog.common.UnsignedCodec;
import io.leapfrog.exec.filter.FingerprintHash;
import io.leapfrog.exec.storage.SymbolTable;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The 64-bit key a filter relation stores for a tuple, the same in every run (docs/filters.md, "In the
 * dialect"). A column's value is its 64-bit form: a number sign-extended, an unsigned or a float its 32 bits,
 * a symbol the hash of its text (FNV-1a over its UTF-8 bytes, then {@code fmix64}) — never its interned id,
 * which depends on the order a run met its symbols. A tuple of one column is that value; a longer one folds
 * its columns as {@code h = fmix64(h * 0x9E3779B97F4A7C15 + v)} from {@code h = arity}.
 */
final class FilterKeys {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private enum Kind { NUMBER, UNSIGNED, FLOAT, SYMBOL }

    private final Kind[] kinds;
    private final SymbolTable symbols;
    /** Text hashes by symbol id, 0 where not computed yet; grown (copied) under the lock. */
    private volatile AtomicLongArray symbolHashes = new AtomicLongArray(64);

    /** @param columnTypes the relation's base types: number, unsigned, float or symbol */
    FilterKeys(List<String> columnTypes, SymbolTable symbols) {
        this.symbols = symbols;
        this.kinds = new Kind[columnTypes.size()];
        for (int c = 0; c < kinds.length; c++) {
            kinds[c] = switch (columnTypes.get(c)) {
                case "symbol" -> Kind.SYMBOL;
                case "number" -> Kind.NUMBER;
                case "float" -> Kind.FLOAT;
                default -> Kind.UNSIGNED;
            };
        }
    }

    /** The key of {@code tuple} (one value per column). */
    long key(int[] tuple) {
        if (kinds.length == 1) {
            return value(0, tuple[0]);
        }
        long h = kinds.length;
        for (int c = 0; c < kinds.length; c++) {
            h = FingerprintHash.mix(h * GOLDEN + value(c, tuple[c]));
        }
        return h;
    }

    private long value(int column, int v) {
        return switch (kinds[column]) {
            case NUMBER -> v;
            case UNSIGNED, FLOAT -> v & 0xffffffffL;
            case SYMBOL -> symbolHash(v);
        };
    }

    /**
     * The key of a tuple given as SQL values (a number column's Integer, an unsigned one's Long, a float one's
     * Double, a symbol one's String; any number for a numeric column, text for a symbol one), or null when a
     * value cannot be one of its column (a fraction for a number, text for a number, out of range, NULL): no
     * tuple of the relation has it.
     */
    Long keyOfValues(List<?> values) {
        if (values.size() != kinds.length) {
            return null;
        }
        long[] v = new long[kinds.length];
        for (int c = 0; c < kinds.length; c++) {
            Object x = values.get(c);
            if (x == null) {
                return null;
            }
            if (kinds[c] == Kind.SYMBOL) {
                v[c] = textHash(x.toString());
                continue;
            }
            if (!(x instanceof Number n)) {
                return null;
            }
            java.math.BigDecimal d = n instanceof java.math.BigDecimal b ? b : new java.math.BigDecimal(n.toString());
            switch (kinds[c]) {
                case NUMBER -> {
                    if (d.stripTrailingZeros().scale() > 0 || d.compareTo(java.math.BigDecimal.valueOf(Integer.MIN_VALUE)) < 0
                            || d.compareTo(java.math.BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
                        return null;
                    }
                    v[c] = d.intValue();
                }
                case UNSIGNED -> {
                    if (d.stripTrailingZeros().scale() > 0 || d.signum() < 0 || d.compareTo(java.math.BigDecimal.valueOf(0xffffffffL)) > 0) {
                        return null;
                    }
                    v[c] = UnsignedCodec.encodeValue(d.longValue()) & 0xffffffffL;
                }
                default -> v[c] = FloatCodec.encode(n.floatValue()) & 0xffffffffL;
            }
        }
        if (kinds.length == 1) {
            return v[0];
        }
        long h = kinds.length;
        for (long x : v) {
            h = FingerprintHash.mix(h * GOLDEN + x);
        }
        return h;
    }

    private long symbolHash(int id) {
        AtomicLongArray table = symbolHashes;
        if (id < table.length()) {
            long h = table.get(id);
            if (h != 0) {
                return h;
            }
        }
        long h = textHash(symbols.symbol(id));
        if (id >= table.length()) {
            table = grow(id);
        }
        table.set(id, h);
        return h;
    }

    private synchronized AtomicLongArray grow(int id) {
        AtomicLongArray table = symbolHashes;
        if (id < table.length()) {
            return table;
        }
        AtomicLongArray bigger = new AtomicLongArray(Math.max(id + 1, table.length() * 2));
        for (int i = 0; i < table.length(); i++) {
            bigger.set(i, table.get(i));
        }
        symbolHashes = bigger;
        return bigger;
    }

    /** FNV-1a (64-bit) over the text's UTF-8 bytes, then {@code fmix64}. */
    static long textHash(String text) {
        long h = FNV_OFFSET;
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= FNV_PRIME;
        }
        return FingerprintHash.mix(h);
    }
}
