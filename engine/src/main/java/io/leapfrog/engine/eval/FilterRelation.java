package io.leapfrog.engine.eval;

import io.leapfrog.ast.FilterSpec;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.filter.FilterKind;
import io.leapfrog.exec.filter.Multiplicity;
import io.leapfrog.exec.filter.QuotientFilter;
import io.leapfrog.exec.filter.QuotientFilters;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A relation declared {@code filter}: a quotient filter of its tuples' keys ({@link FilterKeys}). Everything
 * written to it (facts of inputs, the program's facts, its rules' tuples, filters loaded from files) is
 * gathered first, since all of it arrives before anything reads it (a filter relation is never recursive);
 * the first read builds the filter, sized for the distinct keys gathered at the declared rate, and merges
 * the loaded filters in (the result has the smaller fingerprint width of the two). A write after that
 * inserts into the built filter.
 */
public final class FilterRelation {
    private final String name;
    private final FilterSpec spec;
    private final FilterKeys keys;
    private long[] pending = new long[16];
    private int pendingCount;
    private final List<QuotientFilter> loaded = new ArrayList<>();
    private QuotientFilter filter;

    FilterRelation(String name, FilterSpec spec, List<String> columnTypes, SymbolTable symbols) {
        this.name = name;
        this.spec = spec;
        this.keys = new FilterKeys(columnTypes, symbols);
    }

    public String name() {
        return name;
    }

    public FilterSpec spec() {
        return spec;
    }

    /** Adds the relation's tuples. */
    public synchronized void add(Relation tuples) {
        int[] row = new int[tuples.arity()];
        long[] batch = new long[tuples.size()];
        for (int r = 0; r < batch.length; r++) {
            for (int c = 0; c < row.length; c++) {
                row[c] = tuples.get(r, c);
            }
            batch[r] = keys.key(row);
        }
        if (filter != null) {
            insertBuilt(batch);
            return;
        }
        if (pendingCount + batch.length > pending.length) {
            pending = Arrays.copyOf(pending, Math.max(pendingCount + batch.length, pending.length * 2));
        }
        System.arraycopy(batch, 0, pending, pendingCount, batch.length);
        pendingCount += batch.length;
    }

    /** Adds every fingerprint of a filter read from a file (a filter relation's {@code .output} of another run). */
    public synchronized void add(QuotientFilter other) {
        if (filter != null) {
            filter = filter.merge(other);
        } else {
            loaded.add(other);
        }
    }

    /** The filter holding everything added so far (built on the first call). */
    public synchronized QuotientFilter filter() {
        if (filter == null) {
            filter = build();
            pending = null;
            loaded.clear();
        }
        return filter;
    }

    /**
     * Whether the tuple of these SQL values may be in the relation (no false negatives; false positives at
     * most at the declared rate): SQL's {@code might_contain('name', v1, ...)}. A tuple whose values cannot be
     * of the relation's columns is not in it.
     */
    public boolean mightContainValues(List<?> values) {
        Long key = keys.keyOfValues(values);
        return key != null && filter().mightContain(key);
    }

    /** How a tuple of this relation becomes a key of its filter. */
    FilterKeys keys() {
        return keys;
    }

    /** The estimated number of distinct tuples: the filter's distinct fingerprints. */
    public long estimatedSize() {
        return filter().distinctFingerprints();
    }

    private QuotientFilter build() {
        long[] distinct = Arrays.copyOf(pending, pendingCount);
        Arrays.sort(distinct);
        int n = 0;
        for (int i = 0; i < distinct.length; i++) {
            if (i == 0 || distinct[i] != distinct[i - 1]) {
                distinct[n++] = distinct[i];
            }
        }
        distinct = Arrays.copyOf(distinct, n);
        QuotientFilter f;
        if (n == 0 && !loaded.isEmpty()) {
            f = loaded.get(0);
            for (int i = 1; i < loaded.size(); i++) {
                f = f.merge(loaded.get(i));
            }
            return f;
        }
        try {
            f = QuotientFilters.create(Math.max(1, n), spec.fpr(),
                    spec.kind() == FilterSpec.Kind.SQF ? FilterKind.SQF : FilterKind.RSQF, Multiplicity.SET);
            f.insertAll(distinct);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new LeapfrogException(spec.pos() + ": error: filter relation " + name + " cannot hold " + n
                    + " tuples at fpr " + spec.fpr() + ": " + e.getMessage());
        }
        for (QuotientFilter other : loaded) {
            f = f.merge(other);
        }
        return f;
    }

    private void insertBuilt(long[] batch) {
        try {
            filter.insertAll(batch);
        } catch (IllegalStateException e) {
            throw new LeapfrogException(spec.pos() + ": error: filter relation " + name + " cannot grow further: "
                    + e.getMessage());
        }
    }
}
