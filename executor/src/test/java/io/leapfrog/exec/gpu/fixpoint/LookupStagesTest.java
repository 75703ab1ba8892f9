package io.leapfrog.exec.gpu.fixpoint;

import io.leapfrog.exec.fixpoint.CpuFixpoint;
import io.leapfrog.exec.fixpoint.FixpointProgram;
import io.leapfrog.exec.fixpoint.FixpointProgram.Lookup;
import io.leapfrog.exec.fixpoint.FixpointProgram.Rule;
import io.leapfrog.exec.fixpoint.FixpointProgram.Test;
import io.leapfrog.exec.fixpoint.FixpointProgram.TestKind;
import io.leapfrog.exec.storage.Relation;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rewriting of chained lookups into stages: a staged program reaches the same fixpoint as the chained
 * one (both run by the CPU's hash fixpoint, which follows chains itself), and a chain that would carry
 * more than two values says so.
 */
class LookupStagesTest {
    /** {@code r(x, z) :- r(x, y), e(y, w), f(w, z), w != x.} with {@code r(x, y) :- e(x, y)} as the start. */
    @Property(tries = 40)
    void stagedChainsReachTheSameFixpoint(@ForAll @IntRange(min = 1, max = 1_000_000) int seed) {
        Random rnd = new Random(seed);
        int nodes = 5 + rnd.nextInt(40);
        Relation e = random(rnd, nodes, 1 + rnd.nextInt(3 * nodes));
        Relation f = random(rnd, nodes, 1 + rnd.nextInt(3 * nodes));
        Rule chained = new Rule("r", 0, 0, new int[]{0, 1},
                List.of(Lookup.of(e, 0, 1, 0, 2), Lookup.of(f, 0, 2, 0, 3)),
                List.of(Test.compare(TestKind.NE, 1, 2, 0, 0, 0)), new int[]{0, 3}, new int[2]);
        FixpointProgram p = new FixpointProgram(List.of("r"), new int[]{2}, List.of(chained));
        assertTrue(p.hasChains());
        LookupStages.Staged staged = LookupStages.of(p);
        assertNull(staged.reason());
        FixpointProgram s = staged.program();
        assertEquals(2, s.relationCount());
        assertFalse(s.hasChains());

        CpuFixpoint cpu = new CpuFixpoint(1 + seed % 2);
        CpuFixpoint.Outcome want = cpu.run(p, new Relation[]{Relation.empty(2)}, new Relation[]{e}, new boolean[]{true},
                CpuFixpoint.HandOver.NEVER);
        CpuFixpoint.Outcome got = cpu.run(s, new Relation[]{Relation.empty(2), Relation.empty(2)},
                new Relation[]{e, Relation.empty(2)}, new boolean[]{true, false}, CpuFixpoint.HandOver.NEVER);
        assertEquals(want.sizes()[0], got.sizes()[0]);
        assertEquals(rows(want.relations()[0]), rows(got.relations()[0]));
    }

    /**
     * {@code sg(x, y) :- e(a, x), sg(a, b), e(b, y).} (the lookups in either order) from random pairs: split
     * into {@code t(a, y)} and its join with {@code e(a, x)}, it reaches the same fixpoint.
     */
    @Property(tries = 40)
    void sameGenerationInTwoStagesReachesTheSameFixpoint(@ForAll @IntRange(min = 1, max = 1_000_000) int seed) {
        Random rnd = new Random(seed);
        int nodes = 5 + rnd.nextInt(40);
        Relation e = random(rnd, nodes, 1 + rnd.nextInt(15 * nodes));
        Relation start = random(rnd, nodes, 1 + rnd.nextInt(nodes));
        List<Lookup> lookups = rnd.nextBoolean()
                ? List.of(Lookup.of(e, 0, 0, 0, 2), Lookup.of(e, 0, 1, 0, 3))
                : List.of(Lookup.of(e, 0, 1, 0, 3), Lookup.of(e, 0, 0, 0, 2));
        Rule sg = new Rule("sg", 0, 0, new int[]{0, 1}, lookups, List.of(), new int[]{2, 3}, new int[2]);
        FixpointProgram p = new FixpointProgram(List.of("sg"), new int[]{2}, List.of(sg));
        LookupStages.Staged staged = LookupStages.of(p);
        assertNull(staged.reason());
        FixpointProgram s = staged.program();
        if (LookupStages.weightedDegree(e, 0) < LookupStages.CROSS_STAGE_DEGREE) {
            assertSame(p, s);   // few values per key: not worth a stage
            return;
        }
        assertEquals(2, s.relationCount());
        assertEquals(2, s.rules().size());
        assertTrue(s.rules().stream().allMatch(r -> r.crossLookups() == null && r.lookups().size() == 1));

        CpuFixpoint cpu = new CpuFixpoint(1 + seed % 2);
        CpuFixpoint.Outcome want = cpu.run(p, new Relation[]{Relation.empty(2)}, new Relation[]{start},
                new boolean[]{true}, CpuFixpoint.HandOver.NEVER);
        CpuFixpoint.Outcome got = cpu.run(s, new Relation[]{Relation.empty(2), Relation.empty(2)},
                new Relation[]{start, Relation.empty(2)}, new boolean[]{true, false}, CpuFixpoint.HandOver.NEVER);
        assertEquals(want.sizes()[0], got.sizes()[0]);
        assertEquals(rows(want.relations()[0]), rows(got.relations()[0]));
    }

    @org.junit.jupiter.api.Test
    void aColumnsWeightedDegreeIsItsKeysCountsSquaredOverItsTuples() {
        Relation r = Relation.of(2, new int[][]{{1, 5}, {1, 6}, {1, 7}, {2, 5}});
        assertEquals((9.0 + 1.0) / 4, LookupStages.weightedDegree(r, 0));
        assertEquals((4.0 + 1.0 + 1.0) / 4, LookupStages.weightedDegree(r, 1));
        assertEquals(0.0, LookupStages.weightedDegree(Relation.empty(2), 0));
    }

    @org.junit.jupiter.api.Test
    void explainSaysWhetherSameGenerationIsSplitAndWhy() {
        int[][] star = new int[20][];
        for (int i = 0; i < star.length; i++) {
            star[i] = new int[]{i % 2, 100 + i};   // two keys of 10 values: 10 weighted by tuples
        }
        Relation dense = Relation.of(2, star);
        Relation sparse = Relation.of(2, new int[][]{{1, 2}, {2, 3}, {3, 4}});
        for (Relation e : List.of(dense, sparse)) {
            Rule sg = new Rule("sg rule", 0, 0, new int[]{0, 1},
                    List.of(Lookup.of(e, 0, 0, 0, 2), Lookup.of(e, 0, 1, 0, 3)), List.of(), new int[]{2, 3}, new int[2]);
            String said = LookupStages.describeCross(new FixpointProgram(List.of("sg"), new int[]{2}, List.of(sg)));
            assertEquals(e == dense
                    ? "sg rule in two stages (its first lookup's keys have 10.0 values weighted by tuples; two stages from 8)"
                    : "sg rule whole (its first lookup's keys have 1.0 values weighted by tuples; two stages from 8)", said);
        }
        Rule tc = new Rule("tc", 0, 0, new int[]{0, 1}, List.of(Lookup.of(sparse, 0, 1, 0, 2)), List.of(),
                new int[]{0, 2}, new int[2]);
        assertNull(LookupStages.describeCross(new FixpointProgram(List.of("tc"), new int[]{2}, List.of(tc))));
    }

    @org.junit.jupiter.api.Test
    void aChainCarryingThreeValuesCannotBeStaged() {
        Relation e = Relation.of(2, new int[][]{{1, 2}});
        // r(x, v) :- r(x, y), e(y, w), e(w, z), e(z, v), x != z, w != v: after e(y, w), x, w and later z are needed
        Rule r = new Rule("r at t.dl:3:1", 0, 0, new int[]{0, 1},
                List.of(Lookup.of(e, 0, 1, 0, 2), Lookup.of(e, 0, 2, 0, 3), Lookup.of(e, 0, 3, 0, 4)),
                List.of(Test.compare(TestKind.NE, 1, 0, 0, 3, 0), Test.compare(TestKind.NE, 1, 2, 0, 4, 0)),
                new int[]{0, 4}, new int[2]);
        String why = LookupStages.of(new FixpointProgram(List.of("r"), new int[]{2}, List.of(r))).reason();
        assertNotNull(why);
        assertTrue(why.startsWith("r at t.dl:3:1: 3 values pass"), why);
    }

    private static Relation random(Random rnd, int nodes, int edges) {
        int[][] rows = new int[edges][];
        for (int i = 0; i < edges; i++) {
            rows[i] = new int[]{rnd.nextInt(nodes), rnd.nextInt(nodes)};
        }
        return Relation.of(2, rows);
    }

    private static java.util.Set<List<Integer>> rows(Relation r) {
        java.util.Set<List<Integer>> out = new java.util.HashSet<>();
        for (int i = 0; i < r.size(); i++) {
            out.add(List.of(r.get(i, 0), r.get(i, 1)));
        }
        return out;
    }
}
