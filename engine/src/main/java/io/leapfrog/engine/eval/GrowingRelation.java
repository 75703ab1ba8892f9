package io.leapfrog.engine.eval;

import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;

import java.util.ArrayList;
import java.util.List;

/**
 * The full relation of a recursive stratum while it grows round by round. Kept as a few sorted runs
 * whose sizes at least halve from the oldest to the newest (merged like a binary counter), so adding a
 * round's new tuples costs O(log n) amortised per tuple instead of copying the whole relation every
 * round; the runs are merged into one {@link Relation} only when a rule reads the full relation.
 * Linear recursion (only the delta is joined) therefore never pays for a full copy per round.
 */
final class GrowingRelation {
    private final int arity;
    /**
     * A unary or binary relation also keeps every tuple in a {@link PackedTupleSet} (8 to 21 bytes a tuple)
     * while the set takes at most this share of the heap; past it, new tuples are found by merging.
     */
    private static final long HASH_HEAP_DIVISOR = 4;

    private final long hashBytes;
    private final List<Relation> runs = new ArrayList<>();
    private Relation merged;
    /** Every tuple, for membership tests; null for wider relations and past MAX_HASHED tuples. */
    private PackedTupleSet hashed;

    GrowingRelation(Relation initial) {
        this(initial, Runtime.getRuntime().maxMemory() / HASH_HEAP_DIVISOR);
    }

    /** @param hashBytes the most bytes the membership set may take, its growth included */
    GrowingRelation(Relation initial, long hashBytes) {
        this.hashBytes = hashBytes;
        this.arity = initial.arity();
        runs.add(initial);
        merged = initial;
        if ((arity == 1 || arity == 2) && hashFits(initial.size())) {
            hashed = new PackedTupleSet();
            addKeys(initial, null);
        }
    }

    /** Adds the relation's tuples to the set, and those that were new to {@code b} (in order) when it is not null. */
    private void addKeys(Relation r, RelationBuilder b) {
        int[] t = new int[arity];
        for (int row = 0; row < r.size(); row++) {
            t[0] = r.get(row, 0);
            if (arity == 2) {
                t[1] = r.get(row, 1);
            }
            if (hashed.add(PackedTupleSet.key(arity, t[0], arity == 2 ? t[1] : 0)) && b != null) {
                b.add(t);
            }
        }
    }

    /** Adds the tuples of {@code got} that are not yet present and returns exactly those (the delta). */
    Relation addNew(Relation got) {
        if (got.size() == 0) {
            return Relation.empty(arity);
        }
        Relation delta;
        if (hashed != null && hashFits(hashed.size() + (long) got.size())) {
            RelationBuilder b = new RelationBuilder(arity);
            addKeys(got, b);
            delta = b.build();
        } else {
            // each run taken away in turn, galloping through the large ones: no run is merged or copied
            hashed = null;
            delta = got;
            for (Relation run : runs) {
                delta = delta.minus(run);
            }
        }
        addRun(delta);
        return delta;
    }

    /**
     * Whether a set of this many tuples fits the heap share the membership set may take, counting the
     * half-size table that lives beside it while it grows.
     */
    private boolean hashFits(long tuples) {
        return PackedTupleSet.slotsFor(tuples) * Long.BYTES * 3 / 2 <= hashBytes;
    }

    /**
     * Whether new tuples can be offered as packed keys ({@link #addNewPacked}): the relation keeps its
     * tuples in a membership set, so a round's candidates need no sorting before they are checked.
     */
    boolean takesPackedKeys() {
        return hashed != null;
    }

    /** The set of every tuple so far (null when the relation keeps none), for candidates to be checked against. */
    PackedTupleSet membership() {
        return hashed;
    }

    /**
     * Adds the candidate tuples of {@code chunks} (packed keys, {@link PackedTupleSet#key}; any order,
     * duplicates allowed) that are not yet present, and returns exactly those (the delta): only the new
     * tuples are sorted, never the candidates.
     */
    Relation addNewPacked(List<PackedKeys> chunks) {
        long total = 0;
        for (PackedKeys c : chunks) {
            total += c.size();
        }
        long[] fresh = new long[(int) Math.min(total, Integer.MAX_VALUE - 8)];
        int m = 0;
        int next = 0;
        // each chunk checked against the set while the set, grown by the whole chunk, fits its heap share
        for (; next < chunks.size() && hashed != null; next++) {
            PackedKeys c = chunks.get(next);
            if (!hashFits(hashed.size() + (long) c.size()) || (long) m + c.size() > fresh.length) {
                break;
            }
            m += hashed.addAll(c.keys(), c.size(), fresh, m);
        }
        Relation delta = Relation.fromPackedPairs(arity, fresh, m);
        addRun(delta);
        if (next == chunks.size()) {
            return delta;
        }
        // past the set's share of the heap: the other chunks sorted one by one and found new by merging
        Relation rest = null;
        for (; next < chunks.size(); next++) {
            PackedKeys c = chunks.get(next);
            Relation r = Relation.fromPackedPairs(arity, c.keys(), c.size());
            rest = rest == null ? r : rest.union(r);
        }
        hashed = null;
        return delta.union(addNew(rest));
    }

    /** Keeps the runs' sizes at least halving from the oldest to the newest (merged like a binary counter). */
    private void addRun(Relation delta) {
        if (delta.size() > 0) {
            runs.add(delta);
            merged = null;
            while (runs.size() >= 2 && runs.get(runs.size() - 2).size() <= 2L * runs.get(runs.size() - 1).size()) {
                Relation last = runs.remove(runs.size() - 1);
                runs.set(runs.size() - 1, runs.get(runs.size() - 1).union(last));
            }
        }
    }

    long size() {
        long n = 0;
        for (Relation r : runs) {
            n += r.size();
        }
        return n;
    }

    /** The whole relation as one sorted run (merged on demand, then cached until the next growth). */
    synchronized Relation full() {
        if (merged == null) {
            Relation r = runs.get(0);
            for (int i = 1; i < runs.size(); i++) {
                r = r.union(runs.get(i));
            }
            runs.clear();
            runs.add(r);
            merged = r;
        }
        return merged;
    }
}
