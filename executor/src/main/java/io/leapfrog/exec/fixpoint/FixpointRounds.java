package io.leapfrog.exec.fixpoint;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.storage.Relation;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

/**
 * The semi-naive loop of the CPU fixpoints: start from the known tuples and the delta, run rounds until
 * none finds a new tuple (or the hand-over asks for the rest elsewhere), then give each relation's size
 * and the relations asked for. A delta is kept as the pieces the threads found it in, never copied into
 * one array. How a round runs and how the tuples are kept is the subclass's.
 */
abstract class FixpointRounds {
    final FixpointProgram p;
    /** The helper threads (null: the caller's alone). */
    final ExecutorService pool;
    /** The caller and the helpers. */
    final int threads;
    /** Each relation's tuples so far. */
    final long[] sizes;

    FixpointRounds(FixpointProgram p, ExecutorService pool, int threads) {
        this.p = p;
        this.pool = pool;
        this.threads = pool == null ? 1 : Math.max(1, threads);
        this.sizes = new long[p.relationCount()];
    }

    /**
     * Runs body(w) for w in [0, parts) (at most {@link #threads}) on the pool's threads and the caller
     * (worker 0), and waits for all.
     */
    final void onWorkers(int parts, IntConsumer body) {
        if (parts == 1) {
            body.accept(0);
            return;
        }
        List<Future<?>> helpers = new ArrayList<>();
        for (int w = 1; w < parts; w++) {
            int worker = w;
            helpers.add(pool.submit(() -> body.accept(worker)));
        }
        try {
            body.accept(0);
        } finally {
            for (Future<?> f : helpers) {
                DeltaPieces.await(f, p.relations());
            }
        }
    }

    /** Adds the starting tuples: relation i's known ones {@code old[i]} and its delta {@code recent[i]}, as keys. */
    abstract void start(Relation[] known, Relation[] delta, long[][] old, long[][] recent);

    /** One round over the deltas (by relation); the new tuples it found, by relation, as pieces. */
    abstract List<List<long[]>> round(List<List<long[]>> deltas);

    /** Relation i's tuples as keys, in no order. */
    abstract long[] keys(int i);

    /** The candidate tuples the rounds made. */
    abstract long candidates();

    final CpuFixpoint.Outcome run(Relation[] known, Relation[] delta, boolean[] materialise,
                                  CpuFixpoint.HandOver handOver, CpuFixpoint.RoundListener listener, long t0) {
        int nrel = p.relationCount();
        long[][] old = new long[nrel][];
        long[][] recent = new long[nrel][];
        List<List<long[]>> deltas = new ArrayList<>();
        for (int i = 0; i < nrel; i++) {
            old[i] = TupleKeys.of(known[i]);
            recent[i] = TupleKeys.of(delta[i]);
            deltas.add(List.of(recent[i]));
            sizes[i] = (long) old[i].length + recent[i].length;
        }
        start(known, delta, old, recent);
        int rounds = 0;
        boolean grew = true;
        long roundStart = t0;
        while (grew) {
            long now = System.nanoTime();
            if (rounds > 0 && handOver.now(now - roundStart, DeltaPieces.totalOf(deltas))) {
                return handedOver(deltas, rounds, t0);
            }
            roundStart = now;
            rounds++;
            if (Thread.currentThread().isInterrupted()) {
                throw new LeapfrogException("error: evaluation interrupted in round " + rounds + " of the fixpoint of "
                        + p.relations());
            }
            List<List<long[]>> found = round(deltas);
            grew = false;
            long added = 0;
            for (int i = 0; i < nrel; i++) {
                long n = DeltaPieces.total(found.get(i));
                sizes[i] += n;
                added += n;
                grew |= n > 0;
                deltas.set(i, found.get(i));
            }
            listener.roundDone(rounds, System.nanoTime() - roundStart, added);
        }
        Relation[] out = new Relation[nrel];
        for (int i = 0; i < nrel; i++) {
            if (materialise[i]) {
                long[] keys = keys(i);
                out[i] = Relation.fromPackedPairs(p.arities()[i], keys, keys.length);
            }
        }
        return new CpuFixpoint.Outcome(sizes.clone(), out, rounds, candidates(), System.nanoTime() - t0, null, null);
    }

    /** Each relation's known tuples and delta as they stand after {@code rounds} rounds. */
    private CpuFixpoint.Outcome handedOver(List<List<long[]>> deltas, int rounds, long t0) {
        int nrel = p.relationCount();
        Relation[] known = new Relation[nrel];
        Relation[] delta = new Relation[nrel];
        for (int i = 0; i < nrel; i++) {
            long[] all = keys(i);
            long[] d = DeltaPieces.concat(deltas.get(i));
            delta[i] = Relation.fromPackedPairs(p.arities()[i], d, d.length);
            known[i] = Relation.fromPackedPairs(p.arities()[i], all, all.length).minus(delta[i]);
        }
        return new CpuFixpoint.Outcome(sizes.clone(), null, rounds, candidates(), System.nanoTime() - t0, known, delta);
    }
}
