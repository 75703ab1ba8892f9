package io.leapfrog.exec.join;

/**
 * A conjunctive query ready for leapfrog triejoin. Variables are numbered 0..varCount-1 IN JOIN ORDER:
 * level {@code l} binds variable {@code l}. The planner has already renumbered variables and pushed
 * constants and repeated variables into the inputs (selected/projected relations), so every atom is
 * {@code trie(v_0, ..., v_k)} with strictly increasing variables.
 *
 * CONTRACT (builder; add, do not change):
 * <pre>
 *   JoinQuery.builder(int varCount)
 *     .atom(Trie trie, int... vars)                 trie level i binds vars[i]; vars strictly increasing
 *     .lowerBound(int var, int otherVar, boolean strict)   var > otherVar (strict) / >=; otherVar < var
 *     .upperBound(int var, int otherVar, boolean strict)   var < otherVar (strict) / <=; otherVar < var
 *     .lowerBoundConst(int var, int c, boolean strict) / .upperBoundConst(int var, int c, boolean strict)
 *     .filter(int level, LevelFilter f)             checked once variables 0..level are bound
 *     .computed(int var, ValueFunction f)           var's value is f(binding of 0..var-1); if atoms also
 *                                                   bind var it becomes a membership test
 *     .outputVars(int k)                            report each distinct binding of 0..k-1 once (existential
 *                                                   tail: stop at the first extension); default varCount
 *     .build()
 * </pre>
 * Comparison semantics are signed int unless a filter says otherwise.
 */
public final class JoinQuery {
}
