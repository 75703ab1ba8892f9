package io.leapfrog.exec.storage;

/**
 * A relation laid out as a trie array (CSR-like), in a given column order: level {@code l} holds the
 * values of column {@code order[l]}; {@code values[0]} is the sorted distinct first-level values;
 * the children of node {@code j} at level {@code l} are {@code values[l+1][offsets[l][j] .. offsets[l][j+1])},
 * sorted and distinct. Plain int arrays so a column can be copied to a GPU in one transfer.
 *
 * CONTRACT: public final int arity; public final int[][] values; public final int[][] offsets (length arity-1).
 */
public final class Trie {
}
