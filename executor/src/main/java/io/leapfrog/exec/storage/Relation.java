package io.leapfrog.exec.storage;

/**
 * An immutable set of int tuples of one arity, kept column-wise, sorted lexicographically in
 * column order 0..arity-1 and free of duplicates. Tries for other column orders are built on demand
 * and cached ({@link #trie(int[])}); all methods are thread-safe.
 *
 * CONTRACT (owned by the join-core work): the public signatures below are used by the engine, the
 * planner, the CLI and the benchmarks. Add, do not change.
 */
public final class Relation {
    // public static Relation empty(int arity)
    // public int arity()
    // public int size()
    // public int get(int row, int column)          values in natural sorted order
    // public int[] column(int c)                   natural sorted order (do not mutate)
    // public boolean contains(int[] tuple)
    // public Trie trie(int[] columnOrder)          cached; columnOrder is a permutation of 0..arity-1
    // public long distinctCount(int column)        cached statistics for the planner
    // public Relation union(Relation other)
    // public Relation minus(Relation other)        tuples of this not in other (semi-naive deltas)
    // public Relation select(int column, int value) / selectEqualColumns(int c1, int c2) / project(int... columns)
}
