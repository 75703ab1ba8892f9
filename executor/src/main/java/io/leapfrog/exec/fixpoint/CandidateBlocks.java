package io.leapfrog.exec.fixpoint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One thread's buffered keys by destination (a relation's bucket: {@code slot}), each destination a chain
 * of fixed-size blocks taken from the thread's own pool. Blocks go back to the pool when the keys have
 * been read ({@link #recycle}), so the memory held is about what one window buffers, whichever
 * destinations the keys go to, and nothing is copied as a destination fills.
 *
 * <p>One thread writes ({@link #block}, {@link #next}, {@link #setFill}); once it has stopped, any thread
 * may read a destination's blocks; {@link #recycle} runs when nobody reads.
 */
final class CandidateBlocks {
    /** Keys per block. */
    static final int BLOCK = 512;

    /** Per destination, its blocks; the last is being filled. */
    private final long[][][] chains;
    private final int[] length;
    /** Keys in the last block of each destination. */
    private final int[] fill;
    private final List<long[]> pool = new ArrayList<>();

    CandidateBlocks(int destinations) {
        chains = new long[destinations][][];
        length = new int[destinations];
        fill = new int[destinations];
    }

    /** The block being filled for destination d, with room ({@link #fill} below {@link #BLOCK}). */
    long[] block(int d) {
        return length[d] == 0 || fill[d] == BLOCK ? next(d) : chains[d][length[d] - 1];
    }

    /** Keys in destination d's last block. */
    int fill(int d) {
        return fill[d];
    }

    void setFill(int d, int n) {
        fill[d] = n;
    }

    /** A fresh block for destination d, appended to its chain (the last one is full, or there is none). */
    long[] next(int d) {
        long[] b = pool.isEmpty() ? new long[BLOCK] : pool.remove(pool.size() - 1);
        long[][] chain = chains[d];
        if (chain == null) {
            chain = chains[d] = new long[4][];
        } else if (length[d] == chain.length) {
            chain = chains[d] = Arrays.copyOf(chain, 2 * chain.length);
        }
        chain[length[d]++] = b;
        fill[d] = 0;
        return b;
    }

    /** Destination d's blocks (the first {@link #blocks} of them hold keys). */
    long[][] chain(int d) {
        return chains[d];
    }

    int blocks(int d) {
        return length[d];
    }

    /** Keys in destination d's block k. */
    int keysIn(int d, int k) {
        return k == length[d] - 1 ? fill[d] : BLOCK;
    }

    /** Empties every destination, its blocks back in the pool. */
    void recycle() {
        for (int d = 0; d < chains.length; d++) {
            for (int k = 0; k < length[d]; k++) {
                pool.add(chains[d][k]);
                chains[d][k] = null;
            }
            length[d] = 0;
            fill[d] = 0;
        }
    }
}
