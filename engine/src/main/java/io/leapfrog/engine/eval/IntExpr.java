package io.leapfrog.engine.eval;

/**
 * A compiled expression over a join binding (variables numbered in join order). Values are 32-bit:
 * numbers as themselves, symbols as their interned ids. Thread-safe: called concurrently by workers.
 */
@FunctionalInterface
public interface IntExpr {
    int eval(int[] binding);
}
