package io.leapfrog.engine.eval;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A worker's candidates: those the relation holds are dropped, and every new tuple is kept exactly once
 * (the extreme keys included).
 */
class PackedKeysTest {
    private static final IntExpr[] PAIR = {b -> b[0], b -> b[1]};

    @Test
    void keepsEveryNewTupleAndNoKnownOne() {
        Random rnd = new Random(3);
        PackedTupleSet known = new PackedTupleSet();
        for (int i = 0; i < 500; i++) {
            known.add(PackedTupleSet.key(2, rnd.nextInt(40), rnd.nextInt(40)));
        }
        PackedKeys sink = new PackedKeys(PAIR, known);
        Set<Long> offered = new HashSet<>();
        int candidates = 0;
        for (int i = 0; i < 20_000; i++) {
            int[] t = i % 1000 == 0 ? new int[]{Integer.MAX_VALUE, Integer.MAX_VALUE} : new int[]{rnd.nextInt(40), rnd.nextInt(40)};
            sink.accept(t);
            offered.add(PackedTupleSet.key(2, t[0], t[1]));
            candidates++;
        }
        Set<Long> kept = new HashSet<>();
        for (int i = 0; i < sink.size(); i++) {
            long k = sink.keys()[i];
            assertTrue(!known.contains(k), "a known tuple was kept");
            kept.add(k);
        }
        offered.removeIf(known::contains);
        assertEquals(offered, kept);
        assertEquals(kept.size(), sink.size(), "a new tuple was kept twice");
        assertTrue(sink.size() < candidates / 4, sink.size() + " of " + candidates + " candidates kept");
    }
}
