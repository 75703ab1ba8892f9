package io.leapfrog.engine.eval;

import io.leapfrog.exec.storage.Relation;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link GrowingRelation}'s deltas against a plain set, for the hashed (arity 1, 2) and the sorted-run paths. */
class GrowingRelationTest {

    private static Relation relation(int arity, List<int[]> rows) {
        return Relation.of(arity, rows.toArray(new int[0][]));
    }

    private static List<int[]> rows(Relation r) {
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < r.size(); i++) {
            out.add(r.row(i));
        }
        return out;
    }

    @Test
    void deltasAreExactlyTheNewTuples() {
        Random rnd = new Random(3);
        for (int arity = 1; arity <= 3; arity++) {
            TreeSet<int[]> seen = new TreeSet<>(Arrays::compare);
            List<int[]> initial = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                initial.add(randomTuple(rnd, arity));
            }
            Relation start = relation(arity, initial);
            seen.addAll(rows(start));
            GrowingRelation g = new GrowingRelation(start);
            for (int round = 0; round < 40; round++) {
                List<int[]> got = new ArrayList<>();
                for (int i = 0, n = rnd.nextInt(300); i < n; i++) {
                    got.add(randomTuple(rnd, arity));
                }
                Relation delta = g.addNew(relation(arity, got));
                TreeSet<int[]> expected = new TreeSet<>(Arrays::compare);
                for (int[] t : got) {
                    if (!seen.contains(t)) {
                        expected.add(t);
                    }
                }
                assertEquals(new ArrayList<>(expected).stream().map(Arrays::toString).toList(),
                        rows(delta).stream().map(Arrays::toString).toList(), "arity " + arity + ", round " + round);
                seen.addAll(expected);
                assertEquals(seen.size(), g.size());
            }
            assertEquals(new ArrayList<>(seen).stream().map(Arrays::toString).toList(),
                    rows(g.full()).stream().map(Arrays::toString).toList());
        }
    }

    private static int[] randomTuple(Random rnd, int arity) {
        int[] t = new int[arity];
        for (int c = 0; c < arity; c++) {
            int pick = rnd.nextInt(10);
            // mostly small values (many repeats), sometimes the extremes (the packed set's empty key)
            t[c] = pick == 0 ? Integer.MIN_VALUE : pick == 1 ? Integer.MAX_VALUE : rnd.nextInt(40) - 20;
        }
        return t;
    }

    @Test
    void packedSetKeepsEveryKeyIncludingTheSentinel() {
        PackedTupleSet s = new PackedTupleSet();
        long sentinelKey = PackedTupleSet.key(2, Integer.MIN_VALUE, Integer.MIN_VALUE);
        assertEquals(Long.MIN_VALUE, sentinelKey, "the pair packed to the table's empty marker");
        assertTrue(s.add(sentinelKey));
        assertFalse(s.add(sentinelKey));
        for (int i = 0; i < 100_000; i++) {
            assertTrue(s.add(PackedTupleSet.key(2, i, -i)), "key " + i);
        }
        for (int i = 0; i < 100_000; i++) {
            assertFalse(s.add(PackedTupleSet.key(2, i, -i)));
        }
        assertEquals(100_001, s.size());
        assertTrue(s.add(PackedTupleSet.key(2, 0, 1)));
        assertTrue(s.add(PackedTupleSet.key(1, -1, 0)));
    }

    /**
     * Candidates offered as packed keys (unsorted, with duplicates, in several workers' chunks) give the same
     * deltas as a plain set, with the membership set kept throughout and with one that outgrows a small
     * share of memory mid-way (the rest then found new by merging against the sorted runs).
     */
    @Test
    void packedCandidatesGiveTheSameDeltas() {
        for (long hashBytes : new long[]{Long.MAX_VALUE, 3 * 1024}) {
            for (int arity = 1; arity <= 2; arity++) {
                Random rnd = new Random(11 + arity);
                TreeSet<int[]> seen = new TreeSet<>(Arrays::compare);
                List<int[]> initial = new ArrayList<>();
                for (int i = 0; i < 30; i++) {
                    initial.add(randomTuple(rnd, arity));
                }
                Relation start = relation(arity, initial);
                seen.addAll(rows(start));
                GrowingRelation g = new GrowingRelation(start, hashBytes);
                for (int round = 0; round < 40; round++) {
                    List<PackedKeys> chunks = new ArrayList<>();
                    TreeSet<int[]> expected = new TreeSet<>(Arrays::compare);
                    for (int w = 0, workers = 1 + rnd.nextInt(3); w < workers; w++) {
                        List<int[]> got = new ArrayList<>();
                        for (int i = 0, n = rnd.nextInt(200); i < n; i++) {
                            int[] t = randomTuple(rnd, arity);
                            got.add(t);
                            got.add(t); // a candidate found twice
                            if (!seen.contains(t)) {
                                expected.add(t);
                            }
                        }
                        chunks.add(PackedKeys.of(relation(arity, got)));
                    }
                    Relation delta = g.addNewPacked(chunks);
                    assertEquals(new ArrayList<>(expected).stream().map(Arrays::toString).toList(),
                            rows(delta).stream().map(Arrays::toString).toList(),
                            "arity " + arity + ", round " + round + ", set bytes " + hashBytes);
                    seen.addAll(expected);
                    assertEquals(seen.size(), g.size());
                }
                // 3 KiB hold about 190 tuples: the pairs outgrow it, the 42 values of one column never do
                assertEquals(hashBytes == Long.MAX_VALUE || arity == 1, g.takesPackedKeys(),
                        "arity " + arity + ", set bytes " + hashBytes + ", tuples " + seen.size());
            }
        }
    }
}
