package io.leapfrog.exec.fixpoint;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A key buffer gives back the keys in the order they were added, one by one or in runs, across blocks. */
class KeyBufferTest {
    @Property(tries = 30)
    void keysComeBackInOrderAcrossBlocks(@ForAll @IntRange(min = 1, max = 1_000_000) int seed) {
        Random rnd = new Random(seed);
        DeltaBlocks blocks = new DeltaBlocks();
        KeyBuffer buffer = new KeyBuffer(blocks);
        int total = rnd.nextInt(3 * DeltaBlocks.SIZE);
        long[] want = new long[total];
        int n = 0;
        while (n < total) {
            if (rnd.nextBoolean()) {
                want[n] = rnd.nextLong();
                buffer.add(want[n++]);
            } else {
                int run = Math.min(total - n, rnd.nextInt(DeltaBlocks.SIZE + 2));
                long[] src = new long[run + 2];
                for (int i = 0; i < src.length; i++) {
                    src[i] = rnd.nextLong();
                }
                System.arraycopy(src, 1, want, n, run);
                buffer.addAll(src, 1, 1 + run);
                n += run;
            }
        }
        List<long[]> pieces = new ArrayList<>();
        buffer.drainTo(pieces);
        for (long[] piece : pieces) {
            assertTrue(piece.length > 0 && piece.length <= DeltaBlocks.SIZE);
        }
        assertArrayEquals(want, DeltaPieces.concat(pieces));
    }
}
