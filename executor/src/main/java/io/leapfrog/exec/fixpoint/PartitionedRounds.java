package io.leapfrog.exec.fixpoint;

import io.leapfrog.exec.storage.Relation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The CPU fixpoint's rounds for non-linear programs, whose rules look up relations of the stratum: a
 * rule's candidates fall anywhere in the relation (Andersen's store rule makes a tuple keyed by a value
 * its delta tuple does not hold), so they are not added as they are made. Each round alternates two
 * phases: the threads run the rules over chunks of the delta, reading the relations and appending each
 * candidate to a buffer of its own for the candidate's {@link BucketedGroups bucket}; then each thread
 * takes whole buckets and adds every thread's candidates for them, without locks, to groups that fit in
 * cache. The threads stop for an adding phase whenever their buffers hold a window of candidates
 * ({@link #WINDOW} by default), so the buffers stay bounded whatever a round makes, and a window holds
 * the candidates of all the round's rules. Phases never overlap, so the relations are read while nobody
 * adds to them; a rule may read tuples added earlier in its own round, which semi-naive evaluation
 * allows (they are in the next delta as well).
 *
 * <p>Each relation of the stratum is kept grouped by its first column (the set that deduplicates), and,
 * when a rule looks it up by its second column, grouped by that too: an adding phase's new tuples are
 * added there, reversed, by a second pass of the same kind.
 */
final class PartitionedRounds extends FixpointRounds {
    /** Delta tuples a thread takes at a time. */
    private static final int CHUNK = 256;
    /** Candidates the threads buffer together before the round stops to add them (8 bytes each). */
    static final long WINDOW = 1 << 24;
    /** Rounds or phases with less work than this run on the calling thread alone. */
    private static final int PARALLEL_WORK = 4096;
    /** The most keys a grouping addresses directly (4 bytes each). */
    private static final long MAX_DIRECT_SPAN = 1L << 26;
    /** Keys a grouping addresses directly per tuple the stratum starts from and reads. */
    private static final long DIRECT_PER_TUPLE = 8;
    /** A unary tuple (v) is kept as the pair (v >> UNARY_SHIFT, v): groups of up to 2^UNARY_SHIFT values. */
    private static final int UNARY_SHIFT = 8;

    /** Relation i grouped by column c: {@code index[i][c]} (column 1 only when a rule looks it up by it). */
    private final BucketedGroups[][] index;
    private final boolean[] unary;
    /** Per relation grouped by its second column: the keys its tuples' first columns must have to be kept there, or null. */
    private final KeyedColumns[] reversedOnly;
    private final Worker[] workers;
    /** The blocks the new tuples of a round are kept in, reused once the next round has read them. */
    private final DeltaBlocks blocks = new DeltaBlocks();
    private final List<CompiledRule> rules;
    /** Candidates a thread buffers before an adding phase. */
    private final long window;

    /**
     * @param pool    the helper threads (null: the caller's alone)
     * @param threads the caller and the helpers
     * @param window  candidates the threads buffer together before an adding phase
     */
    PartitionedRounds(FixpointProgram p, ExecutorService pool, int threads, long window) {
        super(p, pool, threads);
        int nrel = p.relationCount();
        index = new BucketedGroups[nrel][2];
        unary = new boolean[nrel];
        reversedOnly = new KeyedColumns[nrel];
        for (int i = 0; i < nrel; i++) {
            unary[i] = p.arities()[i] == 1;
        }
        this.rules = CompiledRule.compile(p);
        this.window = Math.max(1, window / this.threads);
        workers = new Worker[this.threads];
        for (int w = 0; w < workers.length; w++) {
            workers[w] = new Worker(nrel);
        }
    }

    /** One thread's candidates by relation and bucket, and the new tuples its adding phases found. */
    private final class Worker {
        /** Destination {@code slot * BUCKETS + bucket}: slots 0..n-1 the relations, n..2n-1 their reversed pairs. */
        final CandidateBlocks buffers;
        final int[] vars = new int[FixpointProgram.MAX_VARS];
        /** Per relation, the new tuples this thread's adding phases found in the round (null: none yet). */
        final KeyBuffer[] found;
        /** The new tuples of the bucket being added, sorted before they join {@link #found}. */
        final LongList fresh = new LongList();
        /**
         * Per lookup of the rule running, the last key a lookup into the stratum read and its group: the
         * same key comes back for every value of an earlier lookup, and for delta tuples in a row.
         */
        final int[] lastKey = new int[FixpointProgram.MAX_LOOKUPS];
        final BucketedGroups.Group[] lastGroup = new BucketedGroups.Group[FixpointProgram.MAX_LOOKUPS];
        final boolean[] remembered = new boolean[FixpointProgram.MAX_LOOKUPS];
        long pending;
        long made;
        /** While a factored rule runs: the delta tuples whose second columns each binding takes. */
        long[] run;
        int runFrom;
        int runTo;

        Worker(int relations) {
            buffers = new CandidateBlocks(2 * relations * BucketedGroups.BUCKETS);
            found = new KeyBuffer[relations];
        }

        /** Buffers the candidate {@code key} of relation rel. */
        void emit(int rel, long key) {
            int a = unary[rel] ? TupleKeys.col0(key) >> UNARY_SHIFT : TupleKeys.col0(key);
            put(rel * BucketedGroups.BUCKETS + index[rel][0].bucketOf(a), key);
            made++;
        }

        /** Buffers tuple {@code key} (a, v) of relation rel as the pair (v, a), for its grouping by the second column. */
        void emitReversed(int rel, long key) {
            int v = TupleKeys.col1(key);
            put((p.relationCount() + rel) * BucketedGroups.BUCKETS + index[rel][1].bucketOf(v),
                    TupleKeys.pack(v, TupleKeys.col0(key)));
        }

        private void put(int d, long key) {
            long[] block = buffers.block(d);
            int f = buffers.fill(d);
            block[f] = key;
            buffers.setFill(d, f + 1);
            pending++;
        }

        /** Buffers the candidates (a, second column of {@code keys[from..to)}) of binary relation rel. */
        void emitRun(int rel, int a, long[] keys, int from, int to) {
            int d = rel * BucketedGroups.BUCKETS + index[rel][0].bucketOf(a);
            long hi = (long) a << 32;
            long[] block = buffers.block(d);
            int f = buffers.fill(d);
            for (int i = from; i < to; i++) {
                if (f == CandidateBlocks.BLOCK) {
                    buffers.setFill(d, f);
                    block = buffers.next(d);
                    f = 0;
                }
                block[f++] = hi | (keys[i] & 0xFFFFFFFFL);
            }
            buffers.setFill(d, f);
            pending += to - from;
            made += to - from;
        }

        /** Buffers the candidates (a, v) of binary relation rel for the values v of {@code values[from..to)}. */
        void emitValues(int rel, int a, int[] values, int from, int to) {
            int d = rel * BucketedGroups.BUCKETS + index[rel][0].bucketOf(a);
            long[] block = buffers.block(d);
            int f = buffers.fill(d);
            for (int i = from; i < to; i++) {
                if (f == CandidateBlocks.BLOCK) {
                    buffers.setFill(d, f);
                    block = buffers.next(d);
                    f = 0;
                }
                block[f++] = TupleKeys.pack(a, values[i]);
            }
            buffers.setFill(d, f);
            pending += to - from;
            made += to - from;
        }

        /** Buffers the candidates (a, v) of binary relation rel for the values v of group g. */
        void emitGroup(int rel, int a, BucketedGroups.Group g) {
            int d = rel * BucketedGroups.BUCKETS + index[rel][0].bucketOf(a);
            long hi = (long) a << 32;
            long[] block = buffers.block(d);
            int f = buffers.fill(d);
            int[] slots = g.slots;
            int i = 0;
            while (i < slots.length) {
                if (f == CandidateBlocks.BLOCK) {
                    buffers.setFill(d, f);
                    block = buffers.next(d);
                    f = 0;
                }
                int end = Math.min(slots.length, i + CandidateBlocks.BLOCK - f);   // as many slots as the block has room for
                for (; i < end; i++) {
                    int s = slots[i];
                    block[f] = hi | (s & 0xFFFFFFFFL);   // without a branch: a free slot's key is overwritten
                    f += s != 0 ? 1 : 0;
                }
            }
            buffers.setFill(d, f);
            if (g.hasEmpty) {
                put(d, TupleKeys.pack(a, BucketedGroups.EMPTY));
            }
            pending += g.size;
            made += g.count();
        }
    }

    /** A growable array of keys, emptied and reused. */
    private static final class LongList {
        long[] keys = new long[256];
        int n;

        void add(long k) {
            if (n == keys.length) {
                keys = Arrays.copyOf(keys, n * 2);
            }
            keys[n++] = k;
        }
    }

    @Override
    void start(Relation[] known, Relation[] delta, long[][] old, long[][] recent) {
        makeIndexes(known, delta);
        for (int i = 0; i < old.length; i++) {
            for (long k : old[i]) {
                workers[0].emit(i, k);
            }
            for (long k : recent[i]) {
                workers[0].emit(i, k);
            }
        }
        addBuffered();   // the starting tuples, into both groupings
        for (Worker w : workers) {
            Arrays.fill(w.found, null);
            w.made = 0;
        }
        blocks.discardLent();
    }

    @Override
    List<List<long[]>> round(List<List<long[]>> deltas) {
        runRound(deltas);
        List<List<long[]>> found = new ArrayList<>();
        for (int i = 0; i < p.relationCount(); i++) {
            List<long[]> pieces = new ArrayList<>();
            for (Worker w : workers) {
                if (w.found[i] != null) {
                    w.found[i].drainTo(pieces);
                    w.found[i] = null;
                }
            }
            found.add(pieces);
        }
        blocks.recycle();
        return found;
    }

    @Override
    long candidates() {
        long n = 0;
        for (Worker w : workers) {
            n += w.made;
        }
        return n;
    }

    /**
     * Each relation's grouping by its first column, and by its second where a rule looks it up by that:
     * addressed directly over the stratum's values when their span is at most {@link #DIRECT_PER_TUPLE}
     * times the tuples the stratum starts from and reads (and {@link #MAX_DIRECT_SPAN}), else hashed.
     */
    private void makeIndexes(Relation[] known, Relation[] delta) {
        ValueRange range = ValueRange.of(p, known, delta);
        long tuples = 0;
        for (int i = 0; i < known.length; i++) {
            tuples += known[i].size() + delta[i].size();
        }
        for (FixpointProgram.Rule r : p.rules()) {
            for (FixpointProgram.Lookup l : r.lookups()) {
                tuples += l.isRecursive() ? 0 : l.relation().size();
            }
        }
        for (int i = 0; i < index.length; i++) {
            index[i][0] = groups(range, unary[i], tuples);
        }
        for (FixpointProgram.Rule r : p.rules()) {
            for (FixpointProgram.Lookup l : r.lookups()) {
                if (l.isRecursive() && l.keyColumn() == 1 && index[l.source()][1] == null) {
                    index[l.source()][1] = groups(range, false, tuples);
                    reversedOnly[l.source()] = semiJoin(l.source());
                }
            }
        }
    }

    /**
     * The earlier relation whose keys are the only first columns worth keeping in relation rel's grouping
     * by its second column, or null (keep all): when every lookup of rel by its second column binds a
     * variable that a lookup of that same relation (by the same column) then takes as its key, a tuple
     * whose first column that relation lacks can make no binding, and is left out (as Andersen's
     * {@code load(p, q), pointsTo(q, r)} read from r needs only the q's that some load reads).
     */
    private KeyedColumns semiJoin(int rel) {
        Relation only = null;
        int column = -1;
        for (FixpointProgram.Rule r : p.rules()) {
            for (FixpointProgram.Lookup l : r.lookups()) {
                if (!l.isRecursive() || l.source() != rel || l.keyColumn() != 1) {
                    continue;
                }
                FixpointProgram.Lookup next = null;
                for (FixpointProgram.Lookup m : r.lookups()) {
                    if (!m.isRecursive() && l.outVar() >= 0 && m.keyVar() == l.outVar()) {
                        next = m;
                    }
                }
                if (next == null || (only != null && (only != next.relation() || column != next.keyColumn()))) {
                    return null;
                }
                only = next.relation();
                column = next.keyColumn();
            }
        }
        return only == null ? null : KeyedColumns.of(only, column);
    }

    private static BucketedGroups groups(ValueRange range, boolean unary, long tuples) {
        int min = unary ? range.min() >> UNARY_SHIFT : range.min();
        int max = unary ? range.max() >> UNARY_SHIFT : range.max();
        long span = (long) max - min + 1;
        return span <= Math.min(MAX_DIRECT_SPAN, DIRECT_PER_TUPLE * tuples + BucketedGroups.BUCKETS)
                ? BucketedGroups.direct(min, max) : BucketedGroups.hashed();
    }

    /**
     * Every rule over its delta's pieces, in windows of generating and adding. The threads take
     * chunks numbered across all rules and pieces, so a window holds the candidates of several rules and
     * each adding phase passes over the relations once for all of them.
     */
    private void runRound(List<List<long[]>> deltas) {
        List<CompiledRule> taskRule = new ArrayList<>();
        List<long[]> taskPiece = new ArrayList<>();
        long n = 0;
        for (CompiledRule c : rules) {
            for (long[] d : deltas.get(c.rule.delta())) {
                if (d.length > 0) {
                    taskRule.add(c);
                    taskPiece.add(d);
                    n += d.length;
                }
            }
        }
        int[] firstChunk = new int[taskPiece.size() + 1];
        for (int i = 0; i < taskPiece.size(); i++) {
            firstChunk[i + 1] = Math.addExact(firstChunk[i], (taskPiece.get(i).length + CHUNK - 1) / CHUNK);
        }
        int total = firstChunk[taskPiece.size()];
        AtomicInteger next = new AtomicInteger();
        int parallel = n < PARALLEL_WORK ? 1 : threads;
        while (next.get() < total) {
            onWorkers(parallel, w -> {
                Worker me = workers[w];
                CompiledRule running = null;
                int task = 0;
                while (me.pending < window) {
                    int chunk = next.getAndIncrement();
                    if (chunk >= total) {
                        return;
                    }
                    while (firstChunk[task + 1] <= chunk) {   // chunks are taken in increasing order
                        task++;
                    }
                    CompiledRule c = taskRule.get(task);
                    if (c != running) {
                        Arrays.fill(me.remembered, false);   // another rule's lookups, or groups added since
                        running = c;
                    }
                    long[] d = taskPiece.get(task);
                    int from = runStart(d, (chunk - firstChunk[task]) * CHUNK);
                    int to = runStart(d, Math.min(d.length, (chunk - firstChunk[task] + 1) * CHUNK));
                    expandChunk(c, d, from, to, me);
                }
            });
            addBuffered();
        }
    }

    /** Rule c over the delta tuples {@code d[from..to)}, which start and end on runs of equal first columns. */
    private void expandChunk(CompiledRule c, long[] d, int from, int to, Worker me) {
        int[] vars = me.vars;
        if (!c.factored) {
            for (int i = from; i < to; i++) {
                if (c.bindDelta(d[i], vars)) {
                    expand(c, 0, vars, me);
                }
            }
            return;
        }
        me.run = d;
        for (int i = from; i < to; ) {
            int end = i + 1;
            while (end < to && TupleKeys.col0(d[end]) == TupleKeys.col0(d[i])) {
                end++;
            }
            me.runFrom = i;
            me.runTo = end;
            if (c.bindDelta(d[i], vars)) {
                expand(c, 0, vars, me);
            }
            i = end;
        }
        me.run = null;
    }

    /**
     * Binds lookup j's values in turn (and the later lookups' under each); at the end, tests and buffers
     * the head's tuple.
     */
    private void expand(CompiledRule c, int j, int[] vars, Worker out) {
        if (j == c.lookups.length) {
            if (!c.lateTestsHold(vars)) {
                return;
            }
            if (out.run != null) {
                out.emitRun(c.target, c.headFirst(vars), out.run, out.runFrom, out.runTo);
            } else {
                out.emit(c.target, c.head(vars));
            }
            return;
        }
        boolean tail = c.tailRun && j == c.lookups.length - 1;
        int key = c.key(j, vars);
        int ov = c.outVar[j];
        KeyedColumns k = c.lookups[j];
        if (k == null) {
            BucketedGroups.Group g;
            if (out.remembered[j] && out.lastKey[j] == key) {
                g = out.lastGroup[j];
            } else {
                g = index[c.source[j]][c.keyColumn[j]].get(key);
                out.lastKey[j] = key;
                out.lastGroup[j] = g;
                out.remembered[j] = true;
            }
            if (g == null || g.count() == 0) {
                return;
            }
            if (ov == FixpointProgram.IGNORED) {
                expand(c, j + 1, vars, out);
                return;
            }
            if (tail) {
                out.emitGroup(c.target, c.headFirst(vars), g);
                return;
            }
            for (int s : g.slots) {
                if (s != 0) {
                    vars[ov] = s ^ BucketedGroups.SIGN;
                    expand(c, j + 1, vars, out);
                }
            }
            if (g.hasEmpty) {
                vars[ov] = BucketedGroups.EMPTY;
                expand(c, j + 1, vars, out);
            }
            return;
        }
        int slot = k.slot(key);
        if (slot < 0) {
            return;
        }
        long a = k.offsets[slot];
        long b = k.offsets[slot + 1];
        if (ov == FixpointProgram.IGNORED) {
            if (a < b) {
                expand(c, j + 1, vars, out);
            }
            return;
        }
        int[] values = k.values;
        if (tail) {
            out.emitValues(c.target, c.headFirst(vars), values, (int) a, (int) b);
            return;
        }
        for (int x = (int) a; x < (int) b; x++) {
            vars[ov] = values[x];
            expand(c, j + 1, vars, out);
        }
    }

    /**
     * Adds every worker's buffered candidates to their relations, bucket by bucket; the new ones go to the
     * adding worker's found list and, for a relation also grouped by its second column, to that worker's
     * buffers of reversed pairs, added to that grouping in a second pass the same way.
     */
    private void addBuffered() {
        long pending = 0;
        for (Worker w : workers) {
            pending += w.pending;
            w.pending = 0;
        }
        if (pending == 0) {
            return;
        }
        int nrel = p.relationCount();
        int parallel = pending < PARALLEL_WORK ? 1 : threads;
        AtomicInteger next = new AtomicInteger();
        onWorkers(parallel, w -> {
            Worker me = workers[w];
            for (int b = next.getAndIncrement(); b < BucketedGroups.BUCKETS; b = next.getAndIncrement()) {
                for (int rel = 0; rel < nrel; rel++) {
                    LongList fresh = me.fresh;
                    fresh.n = 0;
                    addBucket(rel, b, index[rel][0], unary[rel], fresh);
                    if (fresh.n == 0) {
                        continue;
                    }
                    // the next delta's tuples with one first column together, for factored rules and chunking
                    Arrays.sort(fresh.keys, 0, fresh.n);
                    if (me.found[rel] == null) {
                        me.found[rel] = new KeyBuffer(blocks);
                    }
                    me.found[rel].addAll(fresh.keys, 0, fresh.n);
                    KeyedColumns only = reversedOnly[rel];
                    for (int i = 0; index[rel][1] != null && i < fresh.n; i++) {
                        long key = fresh.keys[i];
                        if (only == null || only.has(TupleKeys.col0(key))) {
                            me.emitReversed(rel, key);
                        }
                    }
                }
            }
        });
        long reversed = 0;
        for (Worker w : workers) {
            reversed += w.pending;
            w.pending = 0;
        }
        if (reversed > 0) {
            AtomicInteger nextReversed = new AtomicInteger();
            onWorkers(reversed < PARALLEL_WORK ? 1 : threads, w -> {
                for (int b = nextReversed.getAndIncrement(); b < BucketedGroups.BUCKETS;
                     b = nextReversed.getAndIncrement()) {
                    for (int rel = 0; rel < nrel; rel++) {
                        if (index[rel][1] != null) {
                            addBucket(nrel + rel, b, index[rel][1], false, null);
                        }
                    }
                }
            });
        }
        for (Worker w : workers) {
            w.buffers.recycle();
        }
    }

    /**
     * Adds the pairs every worker buffered in slot {@code slot}, bucket b, to {@code set}; those that were
     * new to {@code found} when given.
     */
    private void addBucket(int slot, int b, BucketedGroups set, boolean unaryKeys, LongList found) {
        int d = slot * BucketedGroups.BUCKETS + b;
        for (Worker from : workers) {
            CandidateBlocks buffers = from.buffers;
            long[][] chain = buffers.chain(d);
            BucketedGroups.Group g = null;
            int lastA = 0;
            for (int k = 0; k < buffers.blocks(d); k++) {
                long[] block = chain[k];
                int n = buffers.keysIn(d, k);
                for (int i = 0; i < n; i++) {
                    long key = block[i];
                    int a;
                    int v;
                    if (unaryKeys) {
                        v = TupleKeys.col0(key);
                        a = v >> UNARY_SHIFT;
                    } else {
                        a = TupleKeys.col0(key);
                        v = TupleKeys.col1(key);
                    }
                    if (g == null || a != lastA) {
                        g = set.getOrAdd(a);
                        lastA = a;
                    }
                    if (g.add(v) && found != null) {
                        found.add(key);
                    }
                }
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

    @Override
    long[] keys(int i) {
        long[] keys = new long[Math.toIntExact(sizes[i])];
        int n = index[i][0].keys(keys, 0);
        if (n != keys.length) {
            throw new IllegalStateException("relation " + p.relations().get(i) + " holds " + n + " tuples, counted "
                    + keys.length);
        }
        if (unary[i]) {
            for (int j = 0; j < keys.length; j++) {
                keys[j] = TupleKeys.pack(TupleKeys.col1(keys[j]), 0);
            }
        }
        return keys;
    }
}
