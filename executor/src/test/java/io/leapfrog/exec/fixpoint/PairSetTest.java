package io.leapfrog.exec.fixpoint;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Pairs added from two threads at once, with first columns small, large, negative and at the int
 * extremes (and second columns at the int minimum, the groups' empty marker): each is new exactly once,
 * and the set lists exactly them.
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
}
