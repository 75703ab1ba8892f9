package io.leapfrog.exec.storage;

/**
 * Interns symbols (strings) to dense non-negative ints, thread-safe. Symbol order is insertion order,
 * as in Souffle, so comparisons on symbols compare their numbers.
 *
 * CONTRACT: int intern(String s); String symbol(int id); int size().
 */
public final class SymbolTable {
}
