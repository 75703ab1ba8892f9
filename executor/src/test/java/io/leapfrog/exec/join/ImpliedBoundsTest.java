package io.leapfrog.exec.join;

import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;
import io.leapfrog.exec.storage.Trie;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Bounds a join adds because a trie's tuples all increase (or decrease) from its first level to its second. */
class ImpliedBoundsTest {
    private static final int[] FORWARD = {0, 1};
    private static final int[] BACKWARD = {1, 0};

    /** Random edges (a, b) with a < b, some ids negative. */
    static Relation increasingGraph(Random rnd, int nodes, int edges) {
        RelationBuilder b = new RelationBuilder(2);
        for (int i = 0; i < edges; i++) {
            int x = rnd.nextInt(nodes) - nodes / 3;
            int y = rnd.nextInt(nodes) - nodes / 3;
            if (x != y) {
                b.add(Math.min(x, y), Math.max(x, y));
            }
        }
        return b.build();
    }

    @Test
    void aTrieKnowsWhetherItsLevelsIncrease() {
        Relation up = increasingGraph(new Random(1), 50, 200);
        assertEquals(Trie.LevelOrder.INCREASING, up.trie(FORWARD).levelOrder());
        assertEquals(Trie.LevelOrder.DECREASING, up.trie(BACKWARD).levelOrder());
        RelationBuilder mixed = new RelationBuilder(2);
        mixed.add(1, 2);
        mixed.add(3, 2);
        assertEquals(Trie.LevelOrder.NONE, mixed.build().trie(FORWARD).levelOrder());
        RelationBuilder loop = new RelationBuilder(2);
        loop.add(1, 2);
        loop.add(2, 2);
        assertEquals(Trie.LevelOrder.NONE, loop.build().trie(FORWARD).levelOrder(), "a loop is neither");
        assertEquals(Trie.LevelOrder.NONE, new RelationBuilder(2).build().trie(FORWARD).levelOrder());
        RelationBuilder unary = new RelationBuilder(1);
        unary.add(1);
        assertEquals(Trie.LevelOrder.NONE, unary.build().trie(new int[]{0}).levelOrder());
    }

    @Test
    void trianglesOverIncreasingEdgesGetTheTightestBoundsOnly() {
        Trie e = increasingGraph(new Random(2), 40, 150).trie(FORWARD);
        JoinQuery q = JoinQuery.builder(3).atom(e, 0, 1).atom(e, 1, 2).atom(e, 0, 2).build();
        assertArrayEquals(new int[0], q.shape(0).lowerVars());
        assertArrayEquals(new int[]{0}, q.shape(1).lowerVars());
        assertArrayEquals(new int[]{1}, q.shape(2).lowerVars(), "z > y; z > x follows");
        assertArrayEquals(new int[0], q.shape(2).upperVars());
        // a bound the query states is not repeated
        JoinQuery stated = JoinQuery.builder(3).atom(e, 0, 1).atom(e, 1, 2).atom(e, 0, 2).lowerBound(2, 1, true).build();
        assertArrayEquals(new int[]{1}, stated.shape(2).lowerVars());
        // over the reversed trie the later variable is bounded above: e(y, x) with x bound first
        JoinQuery back = JoinQuery.builder(2).atom(e, 0, 1).atom(increasingGraph(new Random(3), 40, 150).trie(BACKWARD), 0, 1).build();
        assertArrayEquals(new int[]{0}, back.shape(1).lowerVars());
        assertArrayEquals(new int[]{0}, back.shape(1).upperVars());
    }

    @Test
    void sixCliquesKeepOneBoundPerLevel() {
        Trie e = increasingGraph(new Random(4), 20, 150).trie(FORWARD);
        JoinQuery.Builder b = JoinQuery.builder(6);
        for (int i = 0; i < 6; i++) {
            for (int j = i + 1; j < 6; j++) {
                b.atom(e, i, j);
            }
        }
        JoinQuery q = b.build();
        for (int l = 1; l < 6; l++) {
            assertArrayEquals(new int[]{l - 1}, q.shape(l).lowerVars(), "level " + l);
        }
    }

    /** Implied bounds must not change any answer: each query against nested loops, which add none. */
    @Test
    void joinsOverOrderedTriesMatchNaive() {
        Random rnd = new Random(5);
        for (int round = 0; round < 8; round++) {
            Relation e = increasingGraph(rnd, 20 + 8 * round, 80 + 40 * round);
            Relation f = LeapfrogJoinTest.randomGraph(rnd, 20 + 8 * round, 80 + 40 * round, false);
            Trie ef = e.trie(FORWARD);
            Trie eb = e.trie(BACKWARD);
            LeapfrogJoinTest.assertSame(new NaiveJoin(3).atom(e, 0, 1).atom(e, 1, 2).atom(e, 0, 2).results(),
                    JoinQuery.builder(3).atom(ef, 0, 1).atom(ef, 1, 2).atom(ef, 0, 2).build());
            JoinQuery.Builder k4 = JoinQuery.builder(4);
            NaiveJoin n4 = new NaiveJoin(4);
            for (int i = 0; i < 4; i++) {
                for (int j = i + 1; j < 4; j++) {
                    k4.atom(ef, i, j);
                    n4.atom(e, i, j);
                }
            }
            LeapfrogJoinTest.assertSame(n4.results(), k4.build());
            // e(x,y), e(z,y), f(x,z): y bounded below by x, z above by y (reversed trie), f unordered
            LeapfrogJoinTest.assertSame(new NaiveJoin(3).atom(e, 0, 1).atom(e, 2, 1).atom(f, 0, 2).results(),
                    JoinQuery.builder(3).atom(ef, 0, 1).atom(eb, 1, 2).atom(f.trie(FORWARD), 0, 2).build());
            // with stated bounds, non-strict and constant, and an existential tail
            LeapfrogJoinTest.assertSame(
                    new NaiveJoin(4).atom(e, 0, 1).atom(e, 1, 2).atom(e, 2, 3).atom(f, 0, 3)
                            .bound(3, 1, false, true).constBound(2, 5, true, false).outputVars(2).results(),
                    JoinQuery.builder(4).atom(ef, 0, 1).atom(ef, 1, 2).atom(ef, 2, 3).atom(f.trie(FORWARD), 0, 3)
                            .lowerBound(3, 1, false).upperBoundConst(2, 5, true).outputVars(2).build());
            // a cycle over increasing edges has no answers
            LeapfrogJoinTest.assertSame(new NaiveJoin(3).atom(e, 0, 1).atom(e, 1, 2).atom(e, 2, 0).results(),
                    JoinQuery.builder(3).atom(ef, 0, 1).atom(ef, 1, 2).atom(eb, 0, 2).build());
        }
    }
}
