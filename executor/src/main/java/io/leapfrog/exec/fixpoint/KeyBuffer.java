package io.leapfrog.exec.fixpoint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Keys found new by one thread, appended as it finds them, in {@link DeltaBlocks}; the delta is kept as the blocks. */
final class KeyBuffer {
    private final DeltaBlocks blocks;
    private final List<long[]> full = new ArrayList<>();
    private long[] keys;
    private int n;

    KeyBuffer(DeltaBlocks blocks) {
        this.blocks = blocks;
        this.keys = blocks.take();
    }

    void add(long k) {
        if (n == keys.length) {
            full.add(keys);
            keys = blocks.take();
            n = 0;
        }
        keys[n++] = k;
    }

    /** Appends keys[from..to). */
    void addAll(long[] from, int start, int end) {
        int i = start;
        while (i < end) {
            if (n == keys.length) {
                full.add(keys);
                keys = blocks.take();
                n = 0;
            }
            int k = Math.min(end - i, keys.length - n);
            System.arraycopy(from, i, keys, n, k);
            n += k;
            i += k;
        }
    }

    /** The keys as pieces (a partly filled block as a copy of its keys: the block goes back to the pool). */
    void drainTo(List<long[]> pieces) {
        pieces.addAll(full);
        if (n > 0) {
            pieces.add(n == keys.length ? keys : Arrays.copyOf(keys, n));
        }
    }
}
