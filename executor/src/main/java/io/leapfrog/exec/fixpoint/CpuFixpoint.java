package io.leapfrog.exec.fixpoint;

import io.leapfrog.exec.storage.Relation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Semi-naive evaluation of a {@link FixpointProgram} on the CPU, as the GPU fixpoint does it: each
 * relation of the stratum is a {@link PairSet} of its tuples, and a round runs every rule's variant over
 * the last round's delta, its threads each taking chunks of delta tuples, following their lookups and
 * adding each head tuple to the head relation's set; the tuples the set did not have are the next delta.
 * Deduplication and the difference against the known tuples are that one insertion: nothing is sorted,
 * merged or rebuilt between rounds. A thread adds its candidates in runs that share their first column,
 * each run to one small table under one lock. That suits linear programs, whose candidates mostly keep
 * their delta tuple's first column; a non-linear program's rounds run as {@link PartitionedRounds}.
 */
public final class CpuFixpoint {
    /** Delta tuples a thread takes at a time. */
    private static final int CHUNK = 512;
    /** Rounds whose window has fewer delta tuples run on the calling thread alone. */
    private static final int PARALLEL_DELTA = 4096;
    /** Candidates a thread gathers before adding them (fewer when their first column changes). */
    private static final int RUN = 256;
    /** A unary tuple (v) is kept as the pair (v >> UNARY_SHIFT, v): groups of up to 2^UNARY_SHIFT values. */
    private static final int UNARY_SHIFT = 8;

    /**
     * Asked between rounds: whether the rest of the fixpoint should move elsewhere (the GPU), given how
     * long the last round took and the tuples it found.
     */
    public interface HandOver {
        HandOver NEVER = (lastRoundNanos, lastDelta) -> false;

        boolean now(long lastRoundNanos, long lastDelta);
    }

    /**
     * What a run found: each relation's size and the relations asked for (null for the others), the rounds
     * and candidate tuples; or, when it handed over, each relation's known tuples and delta as they stood.
     */
    public record Outcome(long[] sizes, Relation[] relations, int rounds, long candidates, long nanos,
                          Relation[] known, Relation[] delta) {
        public boolean handedOver() {
            return known != null;
        }
    }

    private final int threads;
    private final RoundListener rounds;

    public CpuFixpoint(int threads) {
        this(threads, RoundListener.NONE);
    }

    /** With {@code rounds} told of each round as it ends (a profile, a progress line). */
    public CpuFixpoint(int threads, RoundListener rounds) {
        this.threads = Math.max(1, threads);
        this.rounds = rounds;
    }

    /** Told of each round of a fixpoint as it ends, on the evaluating thread. */
    @FunctionalInterface
    public interface RoundListener {
        RoundListener NONE = (round, nanos, newTuples) -> { };

        /** Round {@code round} (from 1) took {@code nanos} and found {@code newTuples} new tuples. */
        void roundDone(int round, long nanos, long newTuples);
    }

    /**
     * Runs the program from relation i's tuples {@code known[i]} and {@code delta[i]} (disjoint; every
     * consequence of the known tuples alone is among them, as after any semi-naive round).
     * {@code materialise[i]}: return relation i's tuples as a relation (else only its size). Lookups may
     * chain, and may read relations of the stratum (a non-linear program).
     */
    public Outcome run(FixpointProgram p, Relation[] known, Relation[] delta, boolean[] materialise, HandOver handOver) {
        long t0 = System.nanoTime();
        ExecutorService pool = threads > 1 ? Executors.newFixedThreadPool(threads - 1, r -> {
            Thread t = new Thread(r, "leapfrog-fixpoint");
            t.setDaemon(true);
            return t;
        }) : null;
        try {
            if (p.isNonLinear()) {
                return new PartitionedRounds(p, pool, threads, PartitionedRounds.WINDOW)
                        .run(known, delta, materialise, handOver, rounds, t0);
            }
            return new Run(p, pool, threads, releasable(p, materialise, handOver)).run(known, delta, materialise, handOver, rounds, t0);
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
    }

    /**
     * Which relations may let go of a group's values once it stops growing: one that is not asked for,
     * in a fixpoint that never hands over, of one binary relation whose every rule keeps the delta
     * tuple's first column as the head's (transitive closure). There a group that found nothing new in a
     * round has no delta tuple, so no later round makes a candidate for it: only its size is still needed.
     */
    static boolean[] releasable(FixpointProgram p, boolean[] materialise, HandOver handOver) {
        boolean[] out = new boolean[p.relationCount()];
        if (p.relationCount() != 1 || p.arities()[0] != 2 || materialise[0] || handOver != HandOver.NEVER) {
            return out;
        }
        for (FixpointProgram.Rule r : p.rules()) {
            int[] dv = r.deltaVars();
            int[] hv = r.headVars();
            if (dv.length != 2 || hv.length != 2 || hv[0] < 0 || hv[0] != dv[0]) {
                return out;
            }
        }
        out[0] = true;
        return out;
    }

    /**
     * One thread's pending candidates: a run of pairs (a, b[i]) for one relation and one a, added together;
     * the new ones go to the thread's buffer of that relation.
     */
    private static final class Batch {
        final KeyBuffer[] found;
        int target = -1;
        int a;
        final int[] b = new int[RUN];
        final int[] fresh = new int[RUN];
        int n;
        long candidates;
        final IntScratchSet union = new IntScratchSet();

        Batch(int relations) {
            found = new KeyBuffer[relations];
        }
    }

    private static final class Run extends FixpointRounds {
        private final PairSet[] sets;
        private final List<CompiledRule> rules;
        /** Relation i may let go of its settled groups' values ({@link #releasable}). */
        private final boolean[] release;
        private final DeltaBlocks blocks = new DeltaBlocks();
        private long candidates;

        Run(FixpointProgram p, ExecutorService pool, int threads, boolean[] release) {
            super(p, pool, threads);
            this.release = release;
            this.sets = new PairSet[p.relationCount()];
            this.rules = CompiledRule.compile(p);
        }

        @Override
        void start(Relation[] known, Relation[] delta, long[][] old, long[][] recent) {
            for (int i = 0; i < sets.length; i++) {
                sets[i] = new PairSet();
                Batch b = new Batch(sets.length);
                for (long k : old[i]) {
                    add(b, i, k);
                }
                for (long k : recent[i]) {
                    add(b, i, k);
                }
                flush(b);
            }
        }

        @Override
        List<List<long[]>> round(List<List<long[]>> deltas) {
            List<List<long[]>> found = new ArrayList<>();
            for (int i = 0; i < sets.length; i++) {
                found.add(new ArrayList<>());
            }
            for (CompiledRule c : rules) {
                runRule(c, deltas.get(c.rule.delta()), found);
            }
            for (int i = 0; i < sets.length; i++) {
                settle(i);
            }
            blocks.recycle();
            return found;
        }

        /** Settles relation i's groups quiet for a round ({@link PairSet#settle}), the threads taking slices of them. */
        private void settle(int i) {
            List<PairSet.Group> groups = sets[i].endRound();
            int n = groups.size();
            int parts = n < PARALLEL_DELTA ? 1 : threads * 4;
            long[] let = new long[parts];
            AtomicInteger next = new AtomicInteger();
            onWorkers(Math.min(threads, parts), w -> {
                for (int part; (part = next.getAndIncrement()) < parts; ) {
                    let[part] = PairSet.settle(groups, (int) ((long) n * part / parts),
                            (int) ((long) n * (part + 1) / parts), release[i]);
                }
            });
            sets[i].released(Arrays.stream(let).sum());
        }

        @Override
        long candidates() {
            return candidates;
        }

        /** One rule over the delta's pieces; the new tuples go to {@code found} (by relation). */
        private void runRule(CompiledRule c, List<long[]> delta, List<List<long[]>> found) {
            Batch[] batches = new Batch[threads];
            parallel(delta, (w, d, from, to) -> {
                Batch b = batches[w] == null ? (batches[w] = new Batch(p.relationCount())) : batches[w];
                if (c.crossFirst >= 0) {
                    crossRuns(c, d, from, to, b);
                } else {
                    int[] vars = new int[FixpointProgram.MAX_VARS];
                    for (int i = from; i < to; i++) {
                        if (c.bindDelta(d[i], vars)) {
                            expand(c, 0, vars, b);
                        }
                    }
                }
                flush(b);
            });
            for (Batch b : batches) {
                if (b == null) {
                    continue;
                }
                candidates += b.candidates;
                for (int i = 0; i < b.found.length; i++) {
                    if (b.found[i] != null) {
                        b.found[i].drainTo(found.get(i));
                    }
                }
            }
        }

        /**
         * A rule of the cross shape ({@link CompiledRule#crossFirst}) over the delta tuples d[from..to): for
         * each run (a, b1..bk), the second lookup's values of all the b's, each once, go to every x of a.
         */
        private void crossRuns(CompiledRule c, long[] d, int from, int to, Batch out) {
            KeyedColumns xs = c.lookups[c.crossFirst];
            KeyedColumns ys = c.lookups[c.crossSecond];
            IntScratchSet union = out.union;
            for (int i = from; i < to; ) {
                int a = TupleKeys.col0(d[i]);
                int end = i + 1;
                while (end < to && TupleKeys.col0(d[end]) == a) {
                    end++;
                }
                int ax = xs.slot(a);
                if (ax >= 0 && xs.offsets[ax] < xs.offsets[ax + 1]) {
                    union.clear();
                    for (int k = i; k < end; k++) {
                        int by = ys.slot(TupleKeys.col1(d[k]));
                        if (by >= 0) {
                            for (int y = (int) ys.offsets[by]; y < (int) ys.offsets[by + 1]; y++) {
                                union.add(ys.values[y]);
                            }
                        }
                    }
                    for (int x = (int) xs.offsets[ax]; x < (int) xs.offsets[ax + 1] && union.size > 0; x++) {
                        for (int y = 0; y < union.size; y++) {
                            add(out, c.target, TupleKeys.pack(xs.values[x], union.values[y]));
                        }
                    }
                }
                i = end;
            }
        }

        /** Adds tuple {@code key} of relation {@code rel} to the thread's batch. */
        private void add(Batch b, int rel, long key) {
            int a;
            int v;
            if (p.arities()[rel] == 1) {
                v = TupleKeys.col0(key);
                a = v >> UNARY_SHIFT;
            } else {
                a = TupleKeys.col0(key);
                v = TupleKeys.col1(key);
            }
            if (b.n == RUN || (b.n > 0 && (b.target != rel || b.a != a))) {
                flush(b);
            }
            b.target = rel;
            b.a = a;
            b.b[b.n++] = v;
        }

        /** Adds the batch's run to its relation's set; the new tuples go to the thread's buffer. */
        private void flush(Batch b) {
            if (b.n == 0) {
                return;
            }
            b.candidates += b.n;
            int k = sets[b.target].group(b.a).addAll(b.b, b.n, b.fresh);
            if (k > 0) {
                KeyBuffer out = b.found[b.target] == null ? (b.found[b.target] = new KeyBuffer(blocks)) : b.found[b.target];
                boolean unary = p.arities()[b.target] == 1;
                for (int i = 0; i < k; i++) {
                    out.add(unary ? TupleKeys.pack(b.fresh[i], 0) : TupleKeys.pack(b.a, b.fresh[i]));
                }
            }
            b.n = 0;
        }

        @Override
        long[] keys(int i) {
            long[] keys = sets[i].keys(sizes[i]);
            if (p.arities()[i] == 1) {
                for (int j = 0; j < keys.length; j++) {
                    keys[j] = TupleKeys.pack(TupleKeys.col1(keys[j]), 0);
                }
            }
            return keys;
        }

        /** Binds lookup j's values in turn (and the later lookups' under each); at the end, tests and adds the head's tuple. */
        private void expand(CompiledRule c, int j, int[] vars, Batch out) {
            if (j == c.lookups.length) {
                if (c.lateTestsHold(vars)) {
                    add(out, c.target, c.head(vars));
                }
                return;
            }
            KeyedColumns k = c.lookups[j];
            int slot = k.slot(c.key(j, vars));
            if (slot < 0) {
                return;
            }
            long a = k.offsets[slot];
            long b = k.offsets[slot + 1];
            int ov = c.outVar[j];
            if (ov == FixpointProgram.IGNORED) {
                if (a < b) {
                    expand(c, j + 1, vars, out);
                }
                return;
            }
            int[] values = k.values;
            for (int x = (int) a; x < (int) b; x++) {
                vars[ov] = values[x];
                expand(c, j + 1, vars, out);
            }
        }

        private interface Range {
            void run(int worker, long[] d, int from, int to);
        }

        /**
         * Runs body over the delta's pieces in chunks that the threads take in turn (the caller is worker 0),
         * all pieces in one pass: a round leaves its delta in a piece per thread and rule, and a pass per
         * piece would leave the threads idle on each small one. A chunk never splits a run of tuples with the
         * same first column: a delta whose equal first columns are together (as the relations' tuples start,
         * and as a round leaves them when each run went to one thread) gives each first column to one thread,
         * so no two threads add to the same group when the head keeps the delta's first column (transitive
         * closure).
         */
        private void parallel(List<long[]> pieces, Range body) {
            long n = 0;
            int[] firstChunk = new int[pieces.size() + 1];
            for (int i = 0; i < pieces.size(); i++) {
                int len = pieces.get(i).length;
                n += len;
                firstChunk[i + 1] = Math.addExact(firstChunk[i], (len + CHUNK - 1) / CHUNK);
            }
            if (n < PARALLEL_DELTA || threads == 1) {
                for (long[] d : pieces) {
                    body.run(0, d, 0, d.length);
                }
                return;
            }
            AtomicInteger next = new AtomicInteger();
            onWorkers(threads, w -> drain(w, pieces, firstChunk, next, body));
        }

        /** Takes chunks (numbered across the pieces: piece i's from {@code firstChunk[i]}) until none is left. */
        private void drain(int worker, List<long[]> pieces, int[] firstChunk, AtomicInteger next, Range body) {
            int total = firstChunk[pieces.size()];
            int piece = 0;
            while (true) {
                int chunk = next.getAndIncrement();
                if (chunk >= total) {
                    return;
                }
                while (firstChunk[piece + 1] <= chunk) {   // chunks are taken in increasing order
                    piece++;
                }
                long[] d = pieces.get(piece);
                int from = (chunk - firstChunk[piece]) * CHUNK;
                int lo = runStart(d, from);
                int hi = runStart(d, Math.min(d.length, from + CHUNK));
                if (lo < hi) {
                    body.run(worker, d, lo, hi);
                }
            }
        }

        /** The first index at or after i where a run of equal first columns starts (or d.length). */
        private static int runStart(long[] d, int i) {
            while (i > 0 && i < d.length && TupleKeys.col0(d[i - 1]) == TupleKeys.col0(d[i])) {
                i++;
            }
            return i;
        }
    }
}
