package io.leapfrog.exec.gpu.fixpoint;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.fixpoint.FixpointProgram;
import io.leapfrog.exec.fixpoint.ValueRange;
import io.leapfrog.exec.fixpoint.KeyedColumns;
import io.leapfrog.exec.fixpoint.TupleKeys;
import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.DeviceMemoryPool;
import io.leapfrog.exec.gpu.GpuAbortedException;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.GpuOutOfMemoryException;
import io.leapfrog.exec.gpu.join.DeviceScan;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.kernels.layout.KernelConstants;
import io.leapfrog.kernels.layout.LfFixLookup;
import io.leapfrog.kernels.layout.LfFixRule;
import io.leapfrog.kernels.layout.LfFixTest;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Semi-naive evaluation of a {@link FixpointProgram} resident on the device. Each relation of the stratum
 * is a {@link DeviceTupleSet} for the whole loop; a round runs every rule's variant over its delta (the
 * tail of the delta relation's log): fix_count, a scan, and fix_expand in windows that fit the head
 * relation's set, whose insertions deduplicate the candidates against each other and against every known
 * tuple at once. The loop ends when no relation's log grew. Only the sizes come back to the host, and
 * the tuples of the relations the caller asks for, once, at the end. A non-linear rule's lookups into
 * relations of the stratum read {@link DeviceIndex}es rebuilt from the logs before each round, and rules
 * whose lookups chain run in stages ({@link LookupStages}).
 */
public final class GpuFixpoint {
    static final int THREADS = KernelConstants.LF_FIX_THREADS;
    private static final int TILE = KernelConstants.LF_FIX_THREADS * KernelConstants.LF_FIX_ITEMS;
    /** Delta tuples counted per fix_count launch (the size of the counts' buffer). */
    private static final int CHUNK = 1 << 24;
    /** Most tuples a relation brought back to the host may have (one Java array of keys). */
    private static final long MAX_HOST_TUPLES = Integer.MAX_VALUE - 8;

    /** Most parts a fixpoint is split into before it gives up on the device. */
    private static final int MAX_PARTS = 4096;

    /**
     * What a run found: each relation's size, the relations asked for (null for the others), the rounds
     * (summed over the parts), the candidate tuples the rules made (before deduplication), the device
     * memory peak, the time, and the parts it ran in (1 unless it outgrew the device).
     */
    public record Outcome(long[] sizes, Relation[] relations, int rounds, long candidates, long peakBytes, long nanos,
                          int parts) {
    }

    private final GpuDevice dev;
    private final GpuDevice.Diagnostics diagnostics;
    private final long memoryLimit;

    /** @param memoryLimit device bytes the fixpoint may use (0: the device's budget) */
    public GpuFixpoint(GpuDevice dev, GpuDevice.Diagnostics diagnostics, long memoryLimit) {
        this.dev = dev;
        this.diagnostics = diagnostics;
        this.memoryLimit = memoryLimit;
    }

    /**
     * Runs the program to its fixpoint from relation i's tuples {@code known[i]} and {@code delta[i]}
     * (disjoint; the delta is the first round's input, and every consequence of the known tuples alone is
     * among them already, as semi-naive evaluation leaves them after any round). {@code materialise[i]}:
     * bring relation i's tuples back as a relation.
     *
     * <p>When the relations outgrow the device's budget and the program has a {@link
     * FixpointProgram#carriedColumn}, the fixpoint starts again in parts (by a hash of that column's value),
     * four times as many each time, each part to its own fixpoint with the whole device.
     *
     * @throws io.leapfrog.exec.gpu.GpuOutOfMemoryException when the relations outgrow the device's budget
     *                                                      and cannot be split (further), or the values of
     *                                                      a non-linear program are too spread out to index
     * @throws IllegalArgumentException                     when {@link #unsupported} says why not
     */
    public Outcome run(FixpointProgram program, Relation[] known, Relation[] delta, boolean[] materialise) {
        LookupStages.Staged staged = LookupStages.of(program);
        if (staged.program() == null) {
            throw new IllegalArgumentException(staged.reason());
        }
        FixpointProgram p = staged.program();
        int nrel = program.relationCount();
        if (p.relationCount() > nrel) {
            known = java.util.Arrays.copyOf(known, p.relationCount());
            delta = java.util.Arrays.copyOf(delta, p.relationCount());
            materialise = java.util.Arrays.copyOf(materialise, p.relationCount());
            for (int i = nrel; i < p.relationCount(); i++) {
                known[i] = Relation.empty(p.arities()[i]);
                delta[i] = Relation.empty(p.arities()[i]);
            }
        }
        ValueRange range = p.isNonLinear() ? ValueRange.of(p, known, delta) : null;
        if (range != null && range.span() > DeviceIndex.MAX_SPAN) {
            throw new GpuOutOfMemoryException("the values of " + program.relations() + " span " + range.span() + " (from "
                    + range.min() + " to " + range.max() + "): an index of a relation of the stratum on the device takes"
                    + " 16 bytes per value of that range, and at most " + DeviceIndex.MAX_SPAN + " values", 16 * range.span());
        }
        Relation[] k0 = known;
        Relation[] d0 = delta;
        boolean[] m0 = materialise;
        Outcome o = dev.run(diagnostics, () -> {
            long t0 = System.nanoTime();
            DeviceMemoryPool pool = dev.pool();
            pool.setLimit(memoryLimit <= 0 ? pool.budget() : Math.min(memoryLimit, pool.budget()));
            pool.resetPeak();
            int carried = p.carriedColumn();
            try (Statics statics = new Statics()) {
                for (int parts = 1; ; parts *= 4) {
                    try {
                        return inParts(p, k0, d0, m0, statics, range, carried, parts, t0);
                    } catch (GpuOutOfMemoryException e) {
                        if (carried < 0 || parts * 4 > MAX_PARTS) {
                            throw e;
                        }
                    }
                }
            } finally {
                pool.setLimit(0);
            }
        });
        if (p.relationCount() == nrel) {
            return o;
        }
        return new Outcome(java.util.Arrays.copyOf(o.sizes(), nrel), java.util.Arrays.copyOf(o.relations(), nrel),
                o.rounds(), o.candidates(), o.peakBytes(), o.nanos(), o.parts());
    }

    /** For explain: how the GPU runs the program's rules of same generation's shape, or null when it has none. */
    public static String sameGenerationStages(FixpointProgram p) {
        return LookupStages.describeCross(p);
    }

    /** Why the device cannot run the program (a chain of lookups that carries more than two values), or null. */
    public static String unsupported(FixpointProgram p) {
        return LookupStages.of(p).reason();
    }

    /** The earlier relations the rules read, on the device for the whole run (every part). */
    private static final class Statics implements AutoCloseable {
        final Map<Relation, StaticIndex[]> indexes = new IdentityHashMap<>();
        final Map<Relation, MemberKeys> members = new IdentityHashMap<>();

        @Override
        public void close() {
            for (StaticIndex[] byColumn : indexes.values()) {
                for (StaticIndex s : byColumn) {
                    if (s != null) {
                        s.close();
                    }
                }
            }
            for (MemberKeys m : members.values()) {
                m.close();
            }
        }
    }

    /** The stratum's relations on the device during one part's fixpoint. */
    private static final class Resources implements AutoCloseable {
        final Statics statics;
        DeviceTupleSet[] sets = new DeviceTupleSet[0];
        /** Per relation of the stratum, its indexes by column 0 and 1 (null where no lookup reads one). */
        DeviceIndex[][] indexes = new DeviceIndex[0][];
        DeviceBuffer counts;
        long countsCapacity;

        Resources(Statics statics) {
            this.statics = statics;
        }

        @Override
        public void close() {
            for (DeviceTupleSet s : sets) {
                if (s != null) {
                    s.close();
                }
            }
            for (DeviceIndex[] byColumn : indexes) {
                for (DeviceIndex x : byColumn) {
                    if (x != null) {
                        x.close();
                    }
                }
            }
            if (counts != null) {
                counts.close();
            }
        }
    }

    /**
     * The fixpoint as {@code parts} independent ones, part q taking the tuples whose carried column's value
     * hashes to q (all of them when parts is 1); sizes summed, relations joined.
     */
    private Outcome inParts(FixpointProgram p, Relation[] known, Relation[] delta, boolean[] materialise, Statics statics,
                            ValueRange range, int carried, int parts, long t0) {
        int nrel = p.relationCount();
        long[] sizes = new long[nrel];
        List<List<long[]>> kept = new ArrayList<>();
        for (int i = 0; i < nrel; i++) {
            kept.add(new ArrayList<>());
        }
        int rounds = 0;
        long candidates = 0;
        long[][] allKnown = new long[nrel][];
        long[][] allDelta = new long[nrel][];
        for (int i = 0; i < nrel; i++) {
            allKnown[i] = TupleKeys.of(known[i]);
            allDelta[i] = TupleKeys.of(delta[i]);
        }
        for (int q = 0; q < parts; q++) {
            long[][] k = new long[nrel][];
            long[][] d = new long[nrel][];
            for (int i = 0; i < nrel; i++) {
                k[i] = parts == 1 ? allKnown[i] : part(allKnown[i], carried, parts, q);
                d[i] = parts == 1 ? allDelta[i] : part(allDelta[i], carried, parts, q);
            }
            try (Resources res = new Resources(statics)) {
                PartResult r = loop(p, k, d, materialise, range, res);
                rounds += r.rounds;
                candidates += r.candidates;
                for (int i = 0; i < nrel; i++) {
                    sizes[i] += r.sizes[i];
                    if (r.keys[i] != null) {
                        kept.get(i).add(r.keys[i]);
                    }
                }
            }
        }
        Relation[] out = new Relation[nrel];
        for (int i = 0; i < nrel; i++) {
            if (materialise[i]) {
                checkHostSize(p, i, sizes[i]);
                long[] all = new long[(int) sizes[i]];
                int at = 0;
                for (long[] a : kept.get(i)) {
                    System.arraycopy(a, 0, all, at, a.length);
                    at += a.length;
                }
                out[i] = Relation.fromPackedPairs(p.arities()[i], all, all.length);
            }
        }
        return new Outcome(sizes, out, rounds, candidates, dev.pool().peak(), System.nanoTime() - t0, parts);
    }

    /** The keys whose carried column's value hashes to part q of parts. */
    private static long[] part(long[] keys, int column, int parts, int q) {
        int n = 0;
        long[] out = new long[keys.length];
        for (long k : keys) {
            int v = column == 0 ? TupleKeys.col0(k) : TupleKeys.col1(k);
            if (Math.floorMod(TupleKeys.mix(v), parts) == q) {
                out[n++] = k;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }


    /** Fails with one sentence when relation i, at {@code tuples}, is too large to bring back to the host. */
    private static void checkHostSize(FixpointProgram p, int i, long tuples) {
        if (tuples > MAX_HOST_TUPLES) {
            throw new LeapfrogException("error: " + p.relations().get(i) + " has " + tuples + " tuples, more than"
                    + " one relation on the host holds (" + MAX_HOST_TUPLES + "); ask only for its size (.printsize)");
        }
    }

    /** One part's fixpoint: sizes, the tuples asked for (as keys; null for the others), rounds and candidates. */
    private record PartResult(long[] sizes, long[][] keys, int rounds, long candidates) {
    }

    private PartResult loop(FixpointProgram p, long[][] known, long[][] delta, boolean[] materialise, ValueRange range,
                            Resources res) {
        int nrel = p.relationCount();
        res.sets = new DeviceTupleSet[nrel];
        long[] deltaStart = new long[nrel];
        long[] deltaEnd = new long[nrel];
        for (int i = 0; i < nrel; i++) {
            long[] old = known[i];
            long[] recent = delta[i];
            long[] keys = java.util.Arrays.copyOf(old, old.length + recent.length);
            System.arraycopy(recent, 0, keys, old.length, recent.length);
            res.sets[i] = DeviceTupleSet.of(dev, p.arities()[i], keys, keys.length);
            deltaStart[i] = old.length;
            deltaEnd[i] = keys.length;
        }
        res.indexes = new DeviceIndex[nrel][2];
        List<LfFixRule> encoded = new ArrayList<>();
        for (FixpointProgram.Rule r : p.rules()) {
            encoded.add(encode(r, p, range, res));
        }
        long candidates = 0;
        int rounds = 0;
        boolean grew = true;
        while (grew) {
            rounds++;
            if (Thread.currentThread().isInterrupted()) {
                throw new GpuAbortedException("error: evaluation interrupted in round " + rounds + " of the GPU fixpoint of "
                        + p.relations());
            }
            rebuildIndexes(p, encoded, res);
            for (int k = 0; k < encoded.size(); k++) {
                FixpointProgram.Rule r = p.rules().get(k);
                for (long c = deltaStart[r.delta()]; c < deltaEnd[r.delta()]; c += CHUNK) {
                    int m = (int) Math.min(CHUNK, deltaEnd[r.delta()] - c);
                    candidates += runChunk(encoded.get(k), res.sets[r.delta()], c, m, res.sets[r.target()], res);
                }
            }
            grew = false;
            for (int i = 0; i < nrel; i++) {
                deltaStart[i] = deltaEnd[i];
                deltaEnd[i] = res.sets[i].size();
                grew |= deltaEnd[i] > deltaStart[i];
            }
        }
        long[] sizes = new long[nrel];
        long[][] keys = new long[nrel][];
        for (int i = 0; i < nrel; i++) {
            sizes[i] = res.sets[i].size();
            if (materialise[i]) {
                checkHostSize(p, i, sizes[i]);
                keys[i] = res.sets[i].download(0, (int) sizes[i]);
            }
        }
        return new PartResult(sizes, keys, rounds, candidates);
    }

    /** Rebuilds the indexes of the stratum's relations from their logs and points the lookups at them. */
    private static void rebuildIndexes(FixpointProgram p, List<LfFixRule> encoded, Resources res) {
        for (int i = 0; i < res.indexes.length; i++) {
            for (DeviceIndex x : res.indexes[i]) {
                if (x != null) {
                    x.rebuild(res.sets[i].log(), res.sets[i].size());
                }
            }
        }
        for (int k = 0; k < encoded.size(); k++) {
            List<FixpointProgram.Lookup> lookups = p.rules().get(k).lookups();
            for (int j = 0; j < lookups.size(); j++) {
                FixpointProgram.Lookup l = lookups.get(j);
                if (l.isRecursive()) {
                    res.indexes[l.source()][l.keyColumn()].writeTo(encoded.get(k).lookup(j));
                }
            }
        }
    }

    /** One rule over delta tuples [from, from + m) of {@code src}'s log; returns the candidates it made. */
    private long runChunk(LfFixRule rule, DeviceTupleSet src, long from, int m, DeviceTupleSet dst, Resources res) {
        if (res.counts == null || res.countsCapacity < m + 1) {
            if (res.counts != null) {
                res.counts.close();
                res.counts = null;
            }
            res.countsCapacity = Math.min(CHUNK, Math.max(2L * m, 1 << 16)) + 1;
            res.counts = dev.allocate(8 * res.countsCapacity, "fixpoint counts");
        }
        int sms = dev.multiprocessors();
        dev.launchGrid(FixpointKernels.count(rule, src.log(), 8 * from, m, res.counts),
                (int) Math.min((m + THREADS - 1) / THREADS, 16L * sms), THREADS);
        long total = DeviceScan.longs(dev, res.counts, res.counts, m);
        for (long o = 0; o < total; ) {
            long w = dst.reserve(total - o);
            // reserve may have moved src's log (when src is dst): the launch reads the pointers as they are now
            long blocks = Math.min((w + TILE - 1) / TILE, 32L * sms);
            dev.launchGrid(FixpointKernels.expand(rule, src.log(), 8 * from, res.counts, m, o, o + w, dst.view()),
                    (int) blocks, THREADS);
            o += w;
            dst.readSize();
        }
        return total;
    }

    /** The kernels' form of a rule, its lookups and membership tests pointing at their device arrays. */
    private LfFixRule encode(FixpointProgram.Rule r, FixpointProgram p, ValueRange range, Resources res) {
        LfFixRule e = new LfFixRule();
        e.deltaArity(p.arities()[r.delta()]);
        e.headArity(p.arities()[r.target()]);
        e.nLookups(r.lookups().size());
        e.nTests(r.tests().size());
        for (int c = 0; c < 2; c++) {
            e.deltaVar(c, c < r.deltaVars().length ? r.deltaVars()[c] : FixpointProgram.IGNORED);
            e.headVar(c, c < r.headVars().length ? r.headVars()[c] : FixpointProgram.CONST);
            e.headConst(c, c < r.headConsts().length ? r.headConsts()[c] : 0);
        }
        for (int j = 0; j < r.lookups().size(); j++) {
            FixpointProgram.Lookup l = r.lookups().get(j);
            LfFixLookup d = e.lookup(j);
            if (l.isRecursive()) {
                DeviceIndex[] byColumn = res.indexes[l.source()];
                if (byColumn[l.keyColumn()] == null) {
                    byColumn[l.keyColumn()] = new DeviceIndex(dev, l.keyColumn(), range.min(), range.span());
                }
            } else {
                StaticIndex[] byColumn = res.statics.indexes.computeIfAbsent(l.relation(), k -> new StaticIndex[2]);
                if (byColumn[l.keyColumn()] == null) {
                    byColumn[l.keyColumn()] = StaticIndex.upload(dev, KeyedColumns.of(l.relation(), l.keyColumn()));
                }
                byColumn[l.keyColumn()].writeTo(d);
            }
            d.keyVar(l.keyVar());
            d.keyConst(l.keyConst());
            d.outVar(l.outVar());
        }
        for (int t = 0; t < r.tests().size(); t++) {
            FixpointProgram.Test test = r.tests().get(t);
            LfFixTest d = e.test(t);
            d.kind(test.kind().ordinal());
            d.stage(test.stage());
            d.lhs(test.lhs());
            d.lhsConst(test.lhsConst());
            d.rhs(test.rhs());
            d.rhsConst(test.rhsConst());
            if (test.members() != null) {
                MemberKeys m = res.statics.members.computeIfAbsent(test.members(), rel -> MemberKeys.upload(dev, rel));
                d.keys(m.keys.address());
                d.keyCount(m.count);
                d.arity(test.members().arity());
            }
        }
        return e;
    }
}
