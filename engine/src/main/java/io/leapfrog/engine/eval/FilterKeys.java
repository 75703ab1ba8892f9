package io.leapfrog.engine.eval;

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

    private enum Kind { NUMBER, BITS, SYMBOL }

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
                default -> Kind.BITS;
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
            case BITS -> v & 0xffffffffL;
            case SYMBOL -> symbolHash(v);
        };
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
