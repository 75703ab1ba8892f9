package io.leapfrog.exec.join;

import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link LeapfrogJoin#sampleWork}: the sampled estimate of a join's work under its variable order. */
class WorkEstimateTest {

    /** An oriented graph (src < dst) with a few hubs: R-MAT-like skew, where sampling the first level alone fails. */
    private static Relation skewedOrientedGraph(long seed, int nodes, int edges) {
        return skewedOrientedGraph(seed, nodes, edges, 30);
    }

    /** ... with {@code hubPercent} of the edges' first ends on 8 hub nodes (ids 0-7). */
    private static Relation skewedOrientedGraph(long seed, int nodes, int edges, int hubPercent) {
        Random rnd = new Random(seed);
        RelationBuilder b = new RelationBuilder(2);
        for (int i = 0; i < edges; i++) {
            int x = rnd.nextInt(100) < hubPercent ? rnd.nextInt(8) : rnd.nextInt(nodes);
            int y = rnd.nextInt(nodes);
            if (x != y) {
                b.add(Math.min(x, y), Math.max(x, y));
            }
        }
        return b.build();
    }

    /** The 4-clique query w < x < y < z over the oriented edges, with variables bound in {@code order}. */
    private static JoinQuery fourCliques(Relation e, int[] order) {
        int[][] atoms = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
        int[] levelOf = new int[4];
        for (int l = 0; l < 4; l++) {
            levelOf[order[l]] = l;
        }
        JoinQuery.Builder b = JoinQuery.builder(4);
        for (int[] a : atoms) {
            int s = levelOf[a[0]];
            int d = levelOf[a[1]];
            b = s < d ? b.atom(e.trie(new int[]{0, 1}), s, d) : b.atom(e.trie(new int[]{1, 0}), d, s);
        }
        return b.build();
    }

    @Test
    void strideOneIsTheWholeJoinAndSamplesStayClose() {
        Relation e = skewedOrientedGraph(7, 400, 6000);
        int[][] orders = {{0, 1, 2, 3}, {2, 3, 1, 0}, {1, 3, 0, 2}, {3, 0, 2, 1}};
        for (int[] order : orders) {
            JoinQuery q = fourCliques(e, order);
            long whole = LeapfrogJoin.sampleWork(q, 1, Long.MAX_VALUE);
            long sampled = LeapfrogJoin.sampleWork(q, 16, Long.MAX_VALUE);
            assertTrue(whole > 10_000, "a join with real work: " + whole);
            assertEquals(sampled, LeapfrogJoin.sampleWork(q, 16, Long.MAX_VALUE), "deterministic");
            double ratio = (double) sampled / whole;
            assertTrue(ratio > 0.6 && ratio < 1.6, "sample within 60% of the whole: " + sampled + " vs " + whole);
        }
    }

    @Test
    void separatesAGoodOrderFromABadOne() {
        // Every clique's lowest variable first reads the hubs' long out-lists at every level; the highest
        // first reads short in-lists (here 2.4x faster on one thread): the estimates must rank the orders
        // as their whole work does.
        Relation e = skewedOrientedGraph(11, 2000, 20000, 50);
        JoinQuery lowFirst = fourCliques(e, new int[]{0, 1, 2, 3});
        JoinQuery highFirst = fourCliques(e, new int[]{3, 2, 1, 0});
        long wholeLow = LeapfrogJoin.sampleWork(lowFirst, 1, Long.MAX_VALUE);
        long wholeHigh = LeapfrogJoin.sampleWork(highFirst, 1, Long.MAX_VALUE);
        long sampledLow = LeapfrogJoin.sampleWork(lowFirst, 32, Long.MAX_VALUE);
        long sampledHigh = LeapfrogJoin.sampleWork(highFirst, 32, Long.MAX_VALUE);
        assertTrue(wholeLow > 1.3 * wholeHigh, "the orders differ: " + wholeLow + " vs " + wholeHigh);
        assertEquals(Long.compare(wholeLow, wholeHigh), Long.compare(sampledLow, sampledHigh),
                "whole " + wholeLow + " / " + wholeHigh + ", sampled " + sampledLow + " / " + sampledHigh);
    }

    @Test
    void limitEmptyAndUnmeasurable() {
        Relation e = skewedOrientedGraph(3, 300, 3000);
        JoinQuery q = fourCliques(e, new int[]{0, 1, 2, 3});
        long all = LeapfrogJoin.sampleWork(q, 1, Long.MAX_VALUE);
        assertEquals(Long.MAX_VALUE, LeapfrogJoin.sampleWork(q, 1, all / 2), "stops past the limit");
        assertEquals(all, LeapfrogJoin.sampleWork(q, 1, all), "the limit itself is not passed");
        Relation empty = new RelationBuilder(2).build();
        assertEquals(0, LeapfrogJoin.sampleWork(fourCliques(empty, new int[]{0, 1, 2, 3}), 8, Long.MAX_VALUE));
        JoinQuery computedFirst = JoinQuery.builder(2).computed(0, b -> 5).atom(e.trie(), 0, 1).build();
        assertEquals(-1, LeapfrogJoin.sampleWork(computedFirst, 8, Long.MAX_VALUE));
        // A computed second level (y = x + 1, a membership test) is sampled like any other.
        JoinQuery computedSecond = JoinQuery.builder(3).atom(e.trie(), 0, 2).computed(1, b -> b[0] + 1)
                .atom(e.trie(), 1, 2).build();
        long whole = LeapfrogJoin.sampleWork(computedSecond, 1, Long.MAX_VALUE);
        long sampled = LeapfrogJoin.sampleWork(computedSecond, 4, Long.MAX_VALUE);
        assertTrue(sampled > 0.5 * whole && sampled < 1.5 * whole, sampled + " vs " + whole);
    }

    @Test
    void measuringLeavesTheJoinsResultsAlone() {
        Relation e = skewedOrientedGraph(5, 300, 4000);
        JoinQuery q = fourCliques(e, new int[]{1, 0, 3, 2});
        long before = LeapfrogJoin.count(q, 2);
        LeapfrogJoin.sampleWork(q, 8, Long.MAX_VALUE);
        assertEquals(before, LeapfrogJoin.count(q, 2));
        assertEquals(before, LeapfrogJoin.count(fourCliques(e, new int[]{0, 1, 2, 3}), 1));
    }
}
