package io.leapfrog.engine.eval;

import io.leapfrog.exec.join.TupleSink;
import io.leapfrog.exec.storage.Relation;

/**
 * A worker's candidate head tuples of arity 1 or 2 as packed keys ({@link PackedTupleSet#key}), unsorted, as
 * a recursive round produces them: the growing relation's membership set checks them directly, so they are
 * never sorted ({@link GrowingRelation#addNewPacked}). Candidates the relation already holds ({@code known},
 * read while the round adds nothing to it) are dropped at once, and the rest are kept once per worker (a
 * set of the worker's new keys): a non-linear rule derives the same tuple many times over, and keeping
 * every derivation until the round ends would take memory in proportion to the derivations rather than
 * to the new tuples.
 */
final class PackedKeys implements TupleSink {
    private final IntExpr[] head;
    private final PackedTupleSet known;
    private final PackedTupleSet kept;
    private long[] keys = new long[1024];
    private int size;

    /** @param known the relation's tuples so far (candidates it holds are dropped), or null */
    PackedKeys(IntExpr[] head, PackedTupleSet known) {
        if (head.length != 1 && head.length != 2) {
            throw new IllegalArgumentException("packed keys hold tuples of one or two columns, not " + head.length);
        }
        this.head = head;
        this.known = known;
        this.kept = new PackedTupleSet();
    }

    @Override
    public void accept(int[] binding) {
        int a = head[0].eval(binding);
        long key = PackedTupleSet.key(head.length, a, head.length == 2 ? head[1].eval(binding) : 0);
        if (known != null && known.contains(key) || !kept.add(key)) {
            return;
        }
        if (size == keys.length) {
            keys = java.util.Arrays.copyOf(keys, keys.length * 2);
        }
        keys[size++] = key;
    }

    /** The tuples of a unary or binary relation as packed keys. */
    static PackedKeys of(Relation r) {
        PackedKeys k = new PackedKeys(r.arity());
        k.keys = new long[Math.max(1, r.size())];
        for (int row = 0; row < r.size(); row++) {
            k.keys[row] = PackedTupleSet.key(r.arity(), r.get(row, 0), r.arity() == 2 ? r.get(row, 1) : 0);
        }
        k.size = r.size();
        return k;
    }

    private PackedKeys(int arity) {
        if (arity != 1 && arity != 2) {
            throw new IllegalArgumentException("packed keys hold tuples of one or two columns, not " + arity);
        }
        this.head = null;
        this.known = null;
        this.kept = null;
    }

    long[] keys() {
        return keys;
    }

    int size() {
        return size;
    }
}
