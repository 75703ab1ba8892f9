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
    /** Up to this many tuples, a unary or binary relation also keeps a {@link PackedTupleSet} (8-16 bytes a tuple). */
    static final int MAX_HASHED = 1 << 24;

    private final List<Relation> runs = new ArrayList<>();
    private Relation merged;
    /** Every tuple, for membership tests; null for wider relations and past MAX_HASHED tuples. */
    private PackedTupleSet hashed;

    GrowingRelation(Relation initial) {
        this.arity = initial.arity();
        runs.add(initial);
        merged = initial;
        if ((arity == 1 || arity == 2) && initial.size() <= MAX_HASHED) {
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
        if (hashed != null && hashed.size() + (long) got.size() <= MAX_HASHED) {
            RelationBuilder b = new RelationBuilder(arity);
            addKeys(got, b);
            delta = b.build();
        } else if (got.size() >= size() / 4) {
            hashed = null;
            delta = got.minus(full()); // a large round: one merge pass is cheaper than probing
        } else {
            hashed = null;
            RelationBuilder b = new RelationBuilder(arity);
            int[] t = new int[arity];
            for (int row = 0; row < got.size(); row++) {
                for (int c = 0; c < arity; c++) {
                    t[c] = got.get(row, c);
                }
                if (!contains(t)) {
                    b.add(t);
                }
            }
            delta = b.build();
        }
        if (delta.size() > 0) {
            runs.add(delta);
            merged = null;
            while (runs.size() >= 2 && runs.get(runs.size() - 2).size() <= 2L * runs.get(runs.size() - 1).size()) {
                Relation last = runs.remove(runs.size() - 1);
                runs.set(runs.size() - 1, runs.get(runs.size() - 1).union(last));
            }
        }
        return delta;
    }

    private boolean contains(int[] t) {
        for (Relation r : runs) {
            if (r.contains(t)) {
                return true;
            }
        }
        return false;
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
