package io.leapfrog.exec.storage;

import java.util.Arrays;

/**
 * Collects tuples (duplicates allowed, any order) in growable primitive arrays and builds a
 * {@link Relation}: sorted, de-duplicated. Not thread-safe; use one per worker and merge them with
 * {@link #addAll(RelationBuilder)}. {@link #size()} counts the tuples added, duplicates included;
 * {@link #build()} may be called again after more tuples are added.
 */
public final class RelationBuilder {
    private final int arity;
    /** Row-major tuples: tuple i is data[i*arity .. (i+1)*arity). */
    private int[] data;
    private int size;

    public RelationBuilder(int arity) {
        this(arity, 16);
    }

    public RelationBuilder(int arity, int expectedTuples) {
        if (arity < 0) {
            throw new IllegalArgumentException("negative arity " + arity);
        }
        this.arity = arity;
        this.data = new int[Math.max(1, arity * Math.max(1, expectedTuples))];
    }

    public int arity() {
        return arity;
    }

    /** Adds one tuple; its length must equal the arity. */
    public void add(int... tuple) {
        if (tuple.length != arity) {
            throw new IllegalArgumentException("tuple of length " + tuple.length + " for arity " + arity);
        }
        add(tuple, 0);
    }

    /** Adds the tuple {@code src[offset .. offset+arity)}. */
    public void add(int[] src, int offset) {
        ensure(size + 1);
        System.arraycopy(src, offset, data, size * arity, arity);
        size++;
    }

    public void addAll(RelationBuilder other) {
        if (other.arity != arity) {
            throw new IllegalArgumentException("arity " + other.arity + " into builder of arity " + arity);
        }
        ensure(size + other.size);
        System.arraycopy(other.data, 0, data, size * arity, other.size * arity);
        size += other.size;
    }

    /** Adds every tuple of {@code r}. */
    public void addAll(Relation r) {
        if (r.arity() != arity) {
            throw new IllegalArgumentException("arity " + r.arity() + " into builder of arity " + arity);
        }
        ensure(size + r.size());
        for (int c = 0; c < arity; c++) {
            int[] col = r.column(c);
            for (int i = 0, o = size * arity + c; i < col.length; i++, o += arity) {
                data[o] = col[i];
            }
        }
        size += r.size();
    }

    /** Number of tuples added so far, duplicates included. */
    public int size() {
        return size;
    }

    /** The relation of the distinct tuples added so far; the builder stays usable. */
    public Relation build() {
        if (arity == 0) {
            return Relation.ofSortedColumns(0, new int[0][], size > 0 ? 1 : 0);
        }
        int[][] cols = new int[arity][size];
        for (int c = 0; c < arity; c++) {
            int[] col = cols[c];
            for (int i = 0, o = c; i < size; i++, o += arity) {
                col[i] = data[o];
            }
        }
        return Relation.fromUnsortedColumns(cols, size);
    }

    private void ensure(int tuples) {
        long need = (long) tuples * arity;
        if (need > data.length) {
            if (need > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("relation too large: " + tuples + " tuples of arity " + arity);
            }
            int cap = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, (long) data.length * 2));
            data = Arrays.copyOf(data, cap);
        }
    }
}
