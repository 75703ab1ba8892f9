package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.Trie;
import io.leapfrog.kernels.layout.LfLevel;
import io.leapfrog.kernels.layout.LfPart;
import io.leapfrog.kernels.layout.LfPlan;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The GPU plan compiler: slots, shared slots of duplicate participants, kept positions, the byte layout. */
class GpuPlanTest {
    private static final Trie EDGES = Relation.of(2, new int[][]{{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}, {5, 6}})
            .trie(new int[]{0, 1});
    private static final Trie NODES = Relation.of(1, new int[][]{{1}, {2}}).trie(new int[]{0});

    /** e(x,y), e(y,z), e(x,z), x < y < z. */
    private static JoinQuery triangles() {
        return JoinQuery.builder(3).atom(EDGES, 0, 1).atom(EDGES, 1, 2).atom(EDGES, 0, 2)
                .lowerBound(1, 0, true).lowerBound(2, 1, true).build();
    }

    /** Stand-in device addresses: trie identity and level encoded, so the test can read them back. */
    private static final ResidentTries.Lookup FAKE = new ResidentTries.Lookup() {
        @Override
        public long values(Trie t, int level) {
            return 0x1000L * (t == EDGES ? 1 : 2) + level;
        }

        @Override
        public long offsets(Trie t, int level) {
            return 0x100000L * (t == EDGES ? 1 : 2) + level;
        }

        @Override
        public long rank(Trie t) {
            return 0x7000L;
        }

        @Override
        public CoreBitmaps.OnDevice bits(Trie t, int level) {
            return new CoreBitmaps.OnDevice(0x9000L + level, new CoreBitmaps.Shape(3, 5, 7, 11));
        }
    };

    @Test
    void duplicateParticipantsShareASlotAndParentsPointBack() {
        GpuPlan p = GpuPlan.of(triangles());
        // level 0: e(x,y) and e(x,z) read the same list: one participant, one slot
        assertEquals(1, p.partAtom[0].length);
        assertEquals(2, p.partAtom[1].length);
        assertEquals(2, p.partAtom[2].length);
        assertEquals(5, p.nslots);
        assertEquals("v4p4", p.variant());
        // level 2: e(y,z)[1] has e(y,z)[0] (set at level 1) as parent; e(x,z)[1] has the shared level-0 slot
        int[] parents = p.partParentSlot[2].clone();
        java.util.Arrays.sort(parents);
        int level1SlotOfYz = -1;
        for (int i = 0; i < p.partAtom[1].length; i++) {
            if (p.partTrieLevel[1][i] == 0) {
                level1SlotOfYz = p.partSlot[1][i];
            }
        }
        assertArrayEquals(new int[]{0, level1SlotOfYz}, parents);
        assertEquals(4, p.driverLength(), "e's first level holds 0, 1, 2, 5");
    }

    @Test
    void keptSlotsAreThoseLaterLevelsRead() {
        GpuPlan p = GpuPlan.of(triangles());
        int slotX = p.partSlot[0][0];
        int slotYz0 = -1;
        for (int i = 0; i < p.partAtom[1].length; i++) {
            if (p.partTrieLevel[1][i] == 0) {
                slotYz0 = p.partSlot[1][i];
            }
        }
        assertEquals((1 << slotX), p.keepSlotsAfter(0), "level 1 and 2 read x's position");
        assertEquals((1 << slotX) | (1 << slotYz0), p.keepSlotsAfter(1), "level 2 reads x's and e(y,z)'s positions");
        assertEquals(0, p.keepSlotsAfter(2));
    }

    @Test
    void encodesTheKernelLayout() {
        JoinQuery q = JoinQuery.builder(2).atom(EDGES, 0, 1).atom(NODES, 1)
                .lowerBoundConst(0, 1, false).upperBound(1, 0, true).outputVars(1).build();
        GpuPlan p = GpuPlan.of(q);
        byte[] bytes = p.encode(FAKE);
        assertEquals(LfPlan.BYTES, bytes.length);
        assertEquals(16 + 16 * (96 + 8 * 72), LfPlan.BYTES, "sizeof(LfPlan) in layout.def");
        LfPlan b = new LfPlan(bytes);
        assertEquals(2, b.nvars());
        assertEquals(1, b.outVars());
        LfLevel l0 = b.level(0);
        assertEquals(1, l0.width());
        assertEquals(1, l0.lowerConst());
        assertEquals(Integer.MAX_VALUE, l0.upperConst());
        LfPart part = l0.part(0);
        assertEquals(0x1000L, part.vals());
        assertEquals(0L, part.parentOff(), "trie level 0 has no parent");
        assertEquals(0L, part.rank(), "a first level of 4 values gets no rank table");
        assertEquals(4, part.len());
        LfLevel l1 = b.level(1);
        assertEquals(2, l1.width());
        assertEquals(1, l1.nUpper());
        assertEquals(0, l1.upperVar(0));
        assertEquals(1, l1.upperSub(0), "y < x: y <= x - 1");
        boolean sawChild = false;
        for (int i = 0; i < 2; i++) {
            LfPart pb = l1.part(i);
            if (pb.vals() == 0x1001L) {
                sawChild = true;
                assertEquals(0x100000L, pb.parentOff());
                assertEquals(0x9001L, pb.bits(), "the child level's core bitmap");
                assertEquals(3, pb.bitsRow0());
                assertEquals(5, pb.bitsRows());
                assertEquals(7, pb.bitsCol0());
                assertEquals(11, pb.bitsWords());
                assertEquals(p.partSlot[0][0], pb.parentSlot());
            }
        }
        assertTrue(sawChild, "e(x,y)'s second level takes part in level 1");
    }

    @Test
    void filtersAndComputedValuesStayOnTheCpu() {
        JoinQuery filtered = JoinQuery.builder(2).atom(EDGES, 0, 1).filter(1, b -> b[0] != b[1]).build();
        assertNotNull(GpuEligibility.reason(filtered));
        assertTrue(GpuEligibility.reason(filtered).contains("filter"));
        JoinQuery computed = JoinQuery.builder(2).atom(NODES, 0).computed(1, b -> b[0] + 1L).build();
        assertTrue(GpuEligibility.reason(computed).contains("computed"));
        assertNull(GpuEligibility.reason(triangles()));
        JoinQuery.Builder wide = JoinQuery.builder(17);
        for (int v = 0; v < 17; v++) {
            wide.atom(NODES, v);
        }
        assertTrue(GpuEligibility.reason(wide.build()).contains("17 variables"));
    }

    @Test
    void aLargeDenseFirstLevelGetsARankTableInThePlan() {
        int n = RankTables.MIN_VALUES;
        int[][] rows = new int[n][];
        for (int i = 0; i < n; i++) {
            rows[i] = new int[]{100 + 2 * i, i};   // every other value of [100, 100 + 2n - 1)
        }
        Trie dense = Relation.of(2, rows).trie(new int[]{0, 1});
        assertEquals(2 * n - 1, RankTables.span(dense.values[0]));
        assertEquals(4L * (2 * n - 1), RankTables.bytes(dense));
        GpuPlan p = GpuPlan.of(JoinQuery.builder(2).atom(dense, 0, 1).build());
        LfPlan b = new LfPlan(p.encode(FAKE));
        LfPart part = b.level(0).part(0);
        assertEquals(0x7000L, part.rank());
        assertEquals(100, part.rankMin());
        assertEquals(2 * n - 1, part.rankSpan());
        assertEquals(0L, b.level(1).part(0).rank(), "only first trie levels have rank tables");
    }

    @Test
    void sparseOrSmallFirstLevelsGetNoRankTable() {
        int n = RankTables.MIN_VALUES;
        int[] sparse = new int[n];
        for (int i = 0; i < n; i++) {
            sparse[i] = 5 * i;
        }
        assertEquals(0, RankTables.span(sparse), "a span of 5 values per value is too sparse");
        assertEquals(0, RankTables.span(new int[]{1, 2, 3}), "small levels are bisected");
    }
}
