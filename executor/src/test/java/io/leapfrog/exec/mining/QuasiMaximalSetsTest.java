package io.leapfrog.exec.mining;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The final filter of the quasi-clique search: the sets no other set strictly contains, with per-vertex
 * bit rows and with per-vertex lists of kept sets (forced by a zero size limit), against a comparison of
 * every pair.
 */
class QuasiMaximalSetsTest {

    @Test
    void dropsExactlyTheSetsInsideAnother() {
        VertexSets in = new VertexSets();
        add(in, 1, 2, 3);
        add(in, 3, 2, 1);      // a duplicate, in another order
        add(in, 1, 2);         // inside {1, 2, 3}
        add(in, 2, 3, 4);
        add(in, 7);            // alone in its group
        add(in, 5, 6);
        add(in, 4, 5, 6, 2);   // holds {5, 6}
        add(in, 1, 2, 3, 4, 5, 6);
        for (long limit : new long[]{0, Long.MAX_VALUE}) {
            assertEquals(List.of("[1, 2, 3, 4, 5, 6]", "[7]"), text(MaximalSets.of(in, 8, limit).sorted()));
        }
    }

    @Property(tries = 200)
    void bothWaysMatchAComparisonOfEveryPair(@ForAll @IntRange(min = 0, max = 1_000_000_000) int seed) {
        Random rnd = new Random(seed);
        int vertices = 1 + rnd.nextInt(120);
        int count = 1 + rnd.nextInt(300);
        int span = 1 + rnd.nextInt(Math.min(vertices, 20));
        VertexSets in = new VertexSets();
        List<int[]> all = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            // Sets drawn from windows of nearby vertices, so that groups form and sets nest.
            int base = rnd.nextInt(vertices - span + 1);
            int size = 1 + rnd.nextInt(span);
            int[] s = rnd.ints(size, base, base + span).distinct().sorted().toArray();
            in.add(s, s.length);
            all.add(s);
        }
        List<int[]> want = new ArrayList<>();
        for (int[] q : in.sorted()) {
            boolean inside = false;
            for (int[] r : all) {
                inside |= r.length > q.length && Arrays.stream(q).allMatch(v -> Arrays.binarySearch(r, v) >= 0);
            }
            if (!inside) {
                want.add(q);
            }
        }
        for (long limit : new long[]{0, 1 + rnd.nextInt(40), Long.MAX_VALUE}) {
            assertEquals(text(want), text(MaximalSets.of(in, vertices, limit).sorted()), "limit " + limit);
        }
    }

    private static void add(VertexSets sets, int... members) {
        sets.add(members, members.length);
    }

    private static List<String> text(List<int[]> sets) {
        List<String> out = new ArrayList<>();
        for (int[] s : sets) {
            out.add(Arrays.toString(s));
        }
        return out;
    }
}
