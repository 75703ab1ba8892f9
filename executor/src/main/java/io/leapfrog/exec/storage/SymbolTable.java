package io.leapfrog.exec.storage;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Interns symbols (strings) to dense non-negative ints, thread-safe. Symbol order is insertion order,
 * as in Souffle, so comparisons on symbols compare their numbers: {@link #intern} gives a string's id
 * (the next free one on first sight), {@link #symbol} the string of an id, {@link #lookup} an id without
 * interning, {@link #size} how many ids were handed out.
 */
public final class SymbolTable {
    private final ConcurrentHashMap<String, Integer> ids = new ConcurrentHashMap<>();
    /** id -> symbol; grown under the lock, read without it through the volatile reference. */
    private volatile String[] names = new String[64];
    private volatile int size;

    /** The id of {@code s}, assigning the next free id on first sight. */
    public int intern(String s) {
        Integer id = ids.get(s);
        if (id != null) {
            return id;
        }
        synchronized (this) {
            id = ids.get(s);
            if (id != null) {
                return id;
            }
            int next = size;
            String[] n = names;
            if (next == n.length) {
                n = java.util.Arrays.copyOf(n, n.length * 2);
            }
            n[next] = s;
            names = n;
            // Publish the name before the id so a reader that sees the id also sees the name.
            size = next + 1;
            ids.put(s, next);
            return next;
        }
    }

    /** The symbol with id {@code id}; IllegalArgumentException if no such id was handed out. */
    public String symbol(int id) {
        int n = size;
        if (id < 0 || id >= n) {
            throw new IllegalArgumentException("unknown symbol id " + id + " (table holds " + n + ")");
        }
        return names[id];
    }

    /** The id of {@code s}, or -1 when it was never interned (does not intern). */
    public int lookup(String s) {
        Integer id = ids.get(s);
        return id == null ? -1 : id;
    }

    public int size() {
        return size;
    }
}
