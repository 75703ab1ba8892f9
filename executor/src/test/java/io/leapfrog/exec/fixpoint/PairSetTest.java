package io.leapfrog.exec.fixpoint;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Pairs added from two threads at once, with first columns small, large, negative and at the int
 * extremes (and second columns at the int minimum, the groups' empty marker): each is new exactly once,
 * and the set lists exactly them. One group through its forms: values dense, spread, in far-apart
 * clusters and at the int extremes, settled between batches, each found new exactly once.
 */
class PairSetTest {

    @Test
    void twoThreadsAddEveryPairOnceWhereverItsFirstColumnFalls() throws Exception {
        int[] firsts = {0, 1, 4095, 4096, (1 << 22) - 1, 1 << 22, 123_456_789, -1, -4096, Integer.MIN_VALUE, Integer.MAX_VALUE};
        Random rnd = new Random(9);
        long[] pairs = new long[40_000];
        for (int i = 0; i < pairs.length; i++) {
            int a = i % 3 == 0 ? firsts[rnd.nextInt(firsts.length)] : rnd.nextInt(1 << 20);
            int b = i % 7 == 0 ? Integer.MIN_VALUE + rnd.nextInt(3) : rnd.nextInt(500) - 250;
            pairs[i] = TupleKeys.pack(a, b);
        }
        PairSet set = new PairSet();
        long[] newCount = new long[2];
        Thread[] workers = new Thread[2];
        for (int w = 0; w < 2; w++) {
            int worker = w;
            workers[w] = new Thread(() -> {
                int[] one = new int[1];
                int[] fresh = new int[1];
                for (long k : pairs) {   // both threads offer every pair
                    one[0] = TupleKeys.col1(k);
                    newCount[worker] += set.group(TupleKeys.col0(k)).addAll(one, 1, fresh);
                }
            });
            workers[w].start();
        }
        for (Thread t : workers) {
            t.join();
        }
        Set<Long> distinct = new HashSet<>();
        for (long k : pairs) {
            distinct.add(k);
        }
        assertEquals(distinct.size(), newCount[0] + newCount[1]);
        long[] listed = set.keys(distinct.size());
        Set<Long> got = new HashSet<>();
        Arrays.stream(listed).forEach(got::add);
        assertEquals(distinct, got);
        assertEquals(distinct.size(), listed.length);
    }

    @Property(tries = 200)
    void aGroupFindsEachValueNewOnceThroughEveryChangeOfForm(@ForAll @IntRange(min = 1, max = 1_000_000) int seed) {
        Random rnd = new Random(seed);
        int clusters = 1 + rnd.nextInt(4);
        int[] centre = new int[clusters];
        int[] width = new int[clusters];
        for (int c = 0; c < clusters; c++) {
            centre[c] = switch (rnd.nextInt(4)) {
                case 0 -> Integer.MIN_VALUE + rnd.nextInt(100);
                case 1 -> Integer.MAX_VALUE - rnd.nextInt(100);
                case 2 -> rnd.nextInt();
                default -> rnd.nextInt(1000);
            };
            width[c] = 1 << rnd.nextInt(16);
        }
        PairSet.Group g = new PairSet.Group(null);
        Set<Integer> model = new HashSet<>();
        int[] batch = new int[1 + rnd.nextInt(300)];
        int[] fresh = new int[batch.length];
        for (int round = 0, rounds = 1 + rnd.nextInt(30); round < rounds; round++) {
            int n = rnd.nextInt(batch.length + 1);
            int expectedNew = 0;
            Set<Integer> inBatch = new HashSet<>();
            for (int i = 0; i < n; i++) {
                int c = rnd.nextInt(clusters);
                batch[i] = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE,
                        (long) centre[c] + rnd.nextInt(width[c]) - width[c] / 2));
                if (!model.contains(batch[i]) && inBatch.add(batch[i])) {
                    expectedNew++;
                }
            }
            int k = g.addAll(batch, n, fresh);
            assertEquals(expectedNew, k);
            for (int i = 0; i < k; i++) {
                assertEquals(true, model.add(fresh[i]));
            }
            if (rnd.nextInt(3) == 0) {
                g.settle(false);
            }
        }
        long[] listed = new long[model.size()];
        assertEquals(model.size(), g.keys(7, listed, 0));
        Set<Integer> got = new HashSet<>();
        for (long key : listed) {
            assertEquals(7, TupleKeys.col0(key));
            got.add(TupleKeys.col1(key));
        }
        assertEquals(model, got);
        g.settle(true);
        assertThrows(IllegalStateException.class, () -> g.keys(7, new long[model.size()], 0));
    }
}
