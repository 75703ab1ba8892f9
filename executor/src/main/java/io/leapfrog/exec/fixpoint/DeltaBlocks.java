package io.leapfrog.exec.fixpoint;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Blocks of keys lent to a fixpoint's buffers of new tuples ({@link KeyBuffer}): a round's delta is kept
 * as the blocks it was found in, and they come back once the next round has read them, so a long
 * fixpoint reuses a few rounds' worth of blocks instead of leaving the collector a delta's worth of
 * garbage every round, and never allocates an array larger than a block. Any thread may take a block.
 */
final class DeltaBlocks {
    /** Keys per block (256 KiB: well under the collector's regions, so never a humongous allocation). */
    static final int SIZE = 1 << 15;
    private final ConcurrentLinkedQueue<long[]> free = new ConcurrentLinkedQueue<>();
    /** Blocks lent since the last {@link #recycle}. */
    private final ConcurrentLinkedQueue<long[]> lent = new ConcurrentLinkedQueue<>();
    private List<long[]> reading = List.of();

    long[] take() {
        long[] b = free.poll();
        b = b != null ? b : new long[SIZE];
        lent.add(b);
        return b;
    }

    /**
     * After a round: the blocks of the delta that round read are free again, and those it lent hold
     * the delta the next round reads.
     */
    void recycle() {
        free.addAll(reading);
        List<long[]> next = new ArrayList<>(lent);
        lent.clear();
        reading = next;
    }

    /** Every block lent since the last {@link #recycle} is free again: what they held is not needed. */
    void discardLent() {
        free.addAll(lent);
        lent.clear();
    }
}
