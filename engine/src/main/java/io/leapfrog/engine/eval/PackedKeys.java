package io.leapfrog.engine.eval;

import io.leapfrog.exec.join.TupleSink;
import io.leapfrog.exec.storage.Relation;

/**
 * A worker's candidate head tuples of arity 1 or 2 as packed keys ({@link PackedTupleSet#key}), unsorted and
 * with duplicates, as a recursive round produces them: the growing relation's membership set checks them
 * directly, so they are never sorted ({@link GrowingRelation#addNewPacked}).
 */
final class PackedKeys implements TupleSink {
    private final IntExpr[] head;
    private long[] keys = new long[1024];
    private int size;

    PackedKeys(IntExpr[] head) {
        if (head.length != 1 && head.length != 2) {
            throw new IllegalArgumentException("packed keys hold tuples of one or two columns, not " + head.length);
        }
        this.head = head;
    }

    @Override
    public void accept(int[] binding) {
        if (size == keys.length) {
            keys = java.util.Arrays.copyOf(keys, keys.length * 2);
        }
        int a = head[0].eval(binding);
        keys[size++] = PackedTupleSet.key(head.length, a, head.length == 2 ? head[1].eval(binding) : 0);
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
    }

    long[] keys() {
        return keys;
    }

    int size() {
        return size;
    }
}
