package io.leapfrog.planner.sql;

/**
 * A condition of a SQL leapfrog join over a partial binding (the ints of the levels bound so far),
 * compiled by Calcite's code generator from the condition's row expression: symbol fields are decoded
 * through {@code symbols}. Thread-safe: the join's workers call it concurrently.
 */
public interface BindingPredicate {
    boolean test(int[] binding, QuerySymbols symbols);
}
