package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.storage.Trie;
import io.leapfrog.kernels.layout.LfLevel;
import io.leapfrog.kernels.layout.LfPart;
import io.leapfrog.kernels.layout.LfPlan;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link JoinQuery} compiled for the join kernels: per level its participants, each with the slot
 * that receives its matched position and the slot holding its parent's position (duplicates of a
 * participant share its slot), and the level's bounds. {@link #encode} lays it out as the kernels'
 * {@code LfPlan}, with the device addresses of the tries.
 *
 * <p>Queries with computed values or filters (arithmetic comparisons, {@code !=}, negation, built-ins)
 * are not compiled: those run on the CPU; {@link GpuEligibility} says why.
 */
final class GpuPlan {
    /** Per-thread state sizes the kernels are instantiated for (leapfrog.cu): {vars, parts}. */
    static final int[][] VARIANTS = {{4, 4}, {8, 8}, {16, 8}};

    final JoinQuery query;
    final int nvars;
    final int outVars;
    final int nslots;
    /** Per level, per participant. */
    final int[][] partAtom;
    final int[][] partTrieLevel;
    final int[][] partSlot;
    final int[][] partParentSlot;
    final JoinQuery.LevelShape[] shapes;
    /** Level at which each slot is set. */
    final int[] slotLevel;
    /** The distinct tries the query reads, in first-use order. */
    final List<Trie> tries;
    /** Tuples over {@link #tries}: the join's input size. */
    final long inputTuples;
    private final String variant;

    private GpuPlan(JoinQuery q) {
        this.query = q;
        this.nvars = q.varCount();
        this.outVars = q.outputVars();
        this.shapes = new JoinQuery.LevelShape[nvars];
        this.partAtom = new int[nvars][];
        this.partTrieLevel = new int[nvars][];
        this.partSlot = new int[nvars][];
        this.partParentSlot = new int[nvars][];
        Map<Long, Integer> slotOf = new java.util.HashMap<>();   // (atom << 8 | trieLevel) -> slot
        List<Integer> levelOfSlot = new ArrayList<>();
        int maxWidth = 1;
        for (int l = 0; l < nvars; l++) {
            JoinQuery.LevelShape s = q.shape(l);
            shapes[l] = s;
            int m = s.atom().length;
            maxWidth = Math.max(maxWidth, m);
            partAtom[l] = s.atom();
            partTrieLevel[l] = s.trieLevel();
            partSlot[l] = new int[m];
            partParentSlot[l] = new int[m];
            for (int p = 0; p < m; p++) {
                int slot = levelOfSlot.size();
                levelOfSlot.add(l);
                slotOf.put(key(s.atom()[p], s.trieLevel()[p]), slot);
                partSlot[l][p] = slot;
                int t = s.trieLevel()[p];
                partParentSlot[l][p] = t == 0 ? 0 : slotOf.get(key(s.atom()[p], t - 1));
            }
            for (int i = 0; i < s.aliasAtom().length; i++) {
                slotOf.put(key(s.aliasAtom()[i], s.aliasTrieLevel()[i]), partSlot[l][s.aliasOf()[i]]);
            }
        }
        this.nslots = levelOfSlot.size();
        this.slotLevel = levelOfSlot.stream().mapToInt(Integer::intValue).toArray();
        Map<Trie, Boolean> seen = new IdentityHashMap<>();
        List<Trie> ts = new ArrayList<>();
        for (int a = 0; a < q.atomCount(); a++) {
            if (seen.put(q.atomTrie(a), Boolean.TRUE) == null) {
                ts.add(q.atomTrie(a));
            }
        }
        this.tries = ts;
        long n = 0;
        for (Trie t : ts) {
            n += t.size();
        }
        this.inputTuples = n;
        String v = null;
        for (int[] var : VARIANTS) {
            if (nvars <= var[0] && maxWidth <= var[1]) {
                v = variant(var);
                break;
            }
        }
        this.variant = v;
    }

    /** The kernel name suffix of a per-thread state size {vars, parts}: "v4p4". */
    static String variant(int[] size) {
        return "v" + size[0] + "p" + size[1];
    }

    private static long key(int atom, int trieLevel) {
        return ((long) atom << 8) | trieLevel;
    }

    /** The compiled plan; {@code q} must be eligible. */
    static GpuPlan of(JoinQuery q) {
        String why = GpuEligibility.reason(q);
        if (why != null) {
            throw new IllegalArgumentException("not GPU-eligible: " + why);
        }
        return new GpuPlan(q);
    }

    /** Kernel name suffix of the smallest per-thread state that holds this query, e.g. "v4p4". */
    String variant() {
        return variant;
    }

    /** Number of values of the level-0 driver (participant 0 of level 0). */
    int driverLength() {
        return query.atomTrie(partAtom[0][0]).values[partTrieLevel[0][0]].length;
    }

    /** Slots set at levels <= {@code level} that a participant of a later level reads as its parent. */
    int keepSlotsAfter(int level) {
        int mask = 0;
        for (int l = level + 1; l < nvars; l++) {
            for (int p = 0; p < partSlot[l].length; p++) {
                if (partTrieLevel[l][p] > 0) {
                    int s = partParentSlot[l][p];
                    if (slotLevel[s] <= level) {
                        mask |= 1 << s;
                    }
                }
            }
        }
        return mask;
    }

    /**
     * The trie of a two-participant {@code level} whose both participants read one trie level (as
     * e(y,z) and e(x,z) read e's second level at z's level), or null: such a level's rows may be counted
     * from that level's core bitmap (lw_count_bits).
     */
    Trie sharedTrieLevel(int level) {
        if (partAtom[level].length != 2 || partTrieLevel[level][0] != partTrieLevel[level][1]) {
            return null;
        }
        Trie t = query.atomTrie(partAtom[level][0]);
        return t == query.atomTrie(partAtom[level][1]) ? t : null;
    }

    /**
     * The device arrays the plan's participants search (values, the offsets above them, rank tables),
     * each once, as {address, bytes} pairs: the values of deeper trie levels and their offsets first (a
     * binary search reads them), then first levels, then rank tables (one read per lookup).
     */
    List<long[]> searchedArrays(ResidentTries.Lookup tries) {
        LinkedHashMap<Long, long[]> deep = new LinkedHashMap<>();
        LinkedHashMap<Long, long[]> first = new LinkedHashMap<>();
        LinkedHashMap<Long, long[]> ranks = new LinkedHashMap<>();
        for (int l = 0; l < nvars; l++) {
            for (int p = 0; p < partAtom[l].length; p++) {
                Trie t = query.atomTrie(partAtom[l][p]);
                int tl = partTrieLevel[l][p];
                long vals = tries.values(t, tl);
                if (tl > 0) {
                    deep.putIfAbsent(vals, new long[] {vals, 4L * t.values[tl].length});
                    long offs = tries.offsets(t, tl - 1);
                    deep.putIfAbsent(offs, new long[] {offs, 4L * t.offsets[tl - 1].length});
                } else {
                    first.putIfAbsent(vals, new long[] {vals, 4L * t.values[0].length});
                    int span = RankTables.span(t.values[0]);
                    long rank = span > 0 ? tries.rank(t) : 0;
                    if (rank != 0) {
                        ranks.putIfAbsent(rank, new long[] {rank, 4L * span});
                    }
                }
            }
        }
        List<long[]> all = new ArrayList<>(deep.values());
        all.addAll(first.values());
        all.addAll(ranks.values());
        return all;
    }

    /** The plan as the kernels' LfPlan, reading tries at the given device addresses. */
    byte[] encode(ResidentTries.Lookup tries) {
        LfPlan plan = new LfPlan().nvars(nvars).outVars(outVars).nslots(nslots);
        for (int l = 0; l < nvars; l++) {
            LfLevel level = plan.level(l);
            JoinQuery.LevelShape s = shapes[l];
            int m = partAtom[l].length;
            level.width(m).nLower(s.lowerVars().length).nUpper(s.upperVars().length)
                    .lowerConst(s.lowerConst()).upperConst(s.upperConst());
            for (int i = 0; i < s.lowerVars().length; i++) {
                level.lowerVar(i, s.lowerVars()[i]).lowerAdd(i, s.lowerAdd()[i]);
            }
            for (int i = 0; i < s.upperVars().length; i++) {
                level.upperVar(i, s.upperVars()[i]).upperSub(i, s.upperSub()[i]);
            }
            for (int p = 0; p < m; p++) {
                LfPart part = level.part(p);
                Trie t = query.atomTrie(partAtom[l][p]);
                int tl = partTrieLevel[l][p];
                part.vals(tries.values(t, tl)).parentOff(tl == 0 ? 0L : tries.offsets(t, tl - 1))
                        .parentSlot(partParentSlot[l][p]).slot(partSlot[l][p]).len(t.values[tl].length);
                CoreBitmaps.OnDevice bits = tl == 0 ? null : tries.bits(t, tl);
                if (bits != null) {
                    CoreBitmaps.Shape core = bits.shape();
                    part.bits(bits.address()).bitsRow0(core.row0()).bitsRows(core.rows()).bitsCol0(core.col0())
                            .bitsWords(core.words());
                }
                int rankSpan = tl == 0 ? RankTables.span(t.values[0]) : 0;
                if (rankSpan > 0 && tries.rank(t) != 0) {
                    part.rank(tries.rank(t)).rankMin(t.values[0][0]).rankSpan(rankSpan);
                }
            }
        }
        return plan.array();
    }
}
