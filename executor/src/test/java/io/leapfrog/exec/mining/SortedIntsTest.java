package io.leapfrog.exec.mining;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The intersection of sorted slices, merging or galloping, against a plain membership test. */
class SortedIntsTest {
    @Property(tries = 300)
    void commonPositionsAreThoseOfSharedValues(@ForAll @IntRange(min = 1, max = 1_000_000) int seed) {
        Random rnd = new Random(seed);
        // Lengths from equal to a hundredfold apart, so both merging and galloping (either way) are used.
        int[] a = sortedDistinct(rnd, rnd.nextInt(seed % 3 == 0 ? 400 : 12), 600);
        int[] b = sortedDistinct(rnd, rnd.nextInt(seed % 3 == 1 ? 400 : 12), 600);
        int pad = rnd.nextInt(3);
        int[] bPadded = new int[b.length + 2 * pad];
        Arrays.fill(bPadded, Integer.MIN_VALUE);
        System.arraycopy(b, 0, bPadded, pad, b.length);
        int[] out = new int[Math.min(a.length, b.length) + 1];
        int c = SortedInts.commonPositions(a, 0, a.length, bPadded, pad, pad + b.length, out, 1);
        List<Integer> want = new ArrayList<>();
        for (int j = 0; j < b.length; j++) {
            if (Arrays.binarySearch(a, b[j]) >= 0) {
                want.add(j);
            }
        }
        List<Integer> got = new ArrayList<>();
        for (int k = 1; k <= c; k++) {
            got.add(out[k]);
        }
        assertEquals(want, got);
    }

    @Property(tries = 200)
    void firstNotBelowFindsTheFirstValueAtLeastTheKey(@ForAll @IntRange(min = 1, max = 1_000_000) int seed) {
        Random rnd = new Random(seed);
        int[] a = sortedDistinct(rnd, rnd.nextInt(200), 1000);
        int from = a.length == 0 ? 0 : rnd.nextInt(a.length + 1);
        int key = rnd.nextInt(1100) - 50;
        int want = from;
        while (want < a.length && a[want] < key) {
            want++;
        }
        assertEquals(want, SortedInts.firstNotBelow(a, from, a.length, key));
    }

    private static int[] sortedDistinct(Random rnd, int n, int range) {
        TreeSet<Integer> s = new TreeSet<>();
        while (s.size() < Math.min(n, range)) {
            s.add(rnd.nextInt(range));
        }
        return s.stream().mapToInt(Integer::intValue).toArray();
    }
}
