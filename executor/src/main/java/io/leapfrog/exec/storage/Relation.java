package io.leapfrog.exec.storage;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An immutable set of int tuples of one arity, kept column-wise, sorted lexicographically in
 * column order 0..arity-1 and free of duplicates. Tries for other column orders are built on demand
 * and cached ({@link #trie(int[])}); all methods are thread-safe.
 *
 * <p>Made by {@link #empty}, {@link #of} (rows), {@link #ofColumns} (columns) or a {@link RelationBuilder}.
 * Read by position in sorted order ({@link #get}, {@link #column}, shared and not to be changed, and
 * {@link #row}, a copy), by membership ({@link #contains}), or as a trie in any column order
 * ({@link #trie(int[])}, built once and kept: what the leapfrog triejoin reads). Set operations return
 * relations and leave this one as it is: {@link #union}, {@link #minus} (semi-naive deltas),
 * {@link #select}, {@link #selectEqualColumns}, {@link #project}. {@link #distinctCount} is the planner's
 * statistic, counted once per column. The engine, the planner's SQL engine, the CLI and the benchmarks
 * read relations through these methods.
 *
 * <p>A relation of arity 0 holds either nothing or the empty tuple (size 0 or 1).
 */
public final class Relation {
    private final int arity;
    private final int size;
    /** cols[c][i]: column c of the i-th tuple in sorted order. */
    private final int[][] cols;
    private final ConcurrentHashMap<String, Trie> tries = new ConcurrentHashMap<>();
    /** Cached distinct counts, -1 until computed or a trie with that column first is built (racy but idempotent). */
    private final long[] distinct;
    /** Relations and facts derived from this one by other classes of this package, each computed once. */
    private final ConcurrentHashMap<String, Object> derived = new ConcurrentHashMap<>();

    private Relation(int arity, int[][] cols, int size) {
        this.arity = arity;
        this.cols = cols;
        this.size = size;
        this.distinct = new long[arity];
        Arrays.fill(distinct, -1);
    }

    /** Wraps columns that are already sorted and distinct (not copied). */
    static Relation ofSortedColumns(int arity, int[][] cols, int size) {
        return new Relation(arity, cols, size);
    }

    /** Sorts and de-duplicates the columns (which may be reordered) into a relation. */
    static Relation fromUnsortedColumns(int[][] cols, int n) {
        if (n == 0) {
            return empty(cols.length);
        }
        int[][] sorted = ColumnSorter.sortDistinct(cols, n);
        return new Relation(cols.length, sorted, sorted[0].length);
    }

    /**
     * The key of the pair (a, b) for {@link #fromPackedPairs}: signed long order is the pairs' lexicographic
     * order, and equal pairs have equal keys (a set of pairs can be kept as a set of these longs).
     */
    public static long packPair(int a, int b) {
        return ColumnSorter.pack(a, b);
    }

    /** The unary or binary relation of {@code keys[0..n)} ({@link #packPair}; for arity 1 the pair (v, 0)): any order, duplicates allowed. */
    public static Relation fromPackedPairs(int arity, long[] keys, int n) {
        if (arity != 1 && arity != 2) {
            throw new IllegalArgumentException("packed keys hold one or two columns, not " + arity);
        }
        if (n == 0) {
            return empty(arity);
        }
        int[][] pairs = ColumnSorter.sortDistinctPacked(keys, n);
        int[][] cols = arity == 2 ? pairs : new int[][]{pairs[0]};
        return new Relation(arity, cols, cols[0].length);
    }

    public static Relation empty(int arity) {
        int[][] cols = new int[arity][];
        for (int c = 0; c < arity; c++) {
            cols[c] = new int[0];
        }
        return new Relation(arity, cols, 0);
    }

    /** A relation of the given rows (duplicates and any order allowed); handy for tests. */
    public static Relation of(int arity, int[][] rows) {
        RelationBuilder b = new RelationBuilder(arity, rows.length);
        for (int[] r : rows) {
            b.add(r);
        }
        return b.build();
    }

    /** A relation over the given columns (each of length n; duplicates and any order allowed; copied). */
    public static Relation ofColumns(int[]... columns) {
        int n = columns.length == 0 ? 0 : columns[0].length;
        int[][] copy = new int[columns.length][];
        for (int c = 0; c < columns.length; c++) {
            if (columns[c].length != n) {
                throw new IllegalArgumentException("columns of different lengths");
            }
            copy[c] = columns[c].clone();
        }
        return fromUnsortedColumns(copy, n);
    }

    public int arity() {
        return arity;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int get(int row, int column) {
        return cols[column][row];
    }

    /** Column {@code c} in natural sorted order; shared, do not mutate. */
    public int[] column(int c) {
        return cols[c];
    }

    /** A fresh copy of tuple {@code r}. */
    public int[] row(int r) {
        int[] t = new int[arity];
        for (int c = 0; c < arity; c++) {
            t[c] = cols[c][r];
        }
        return t;
    }

    /** Lexicographic comparison of this relation's row {@code r} with {@code tuple}. */
    private int compareRow(int r, int[] tuple) {
        for (int c = 0; c < arity; c++) {
            int x = cols[c][r];
            if (x != tuple[c]) {
                return x < tuple[c] ? -1 : 1;
            }
        }
        return 0;
    }

    public boolean contains(int[] tuple) {
        if (tuple.length != arity) {
            throw new IllegalArgumentException("tuple of length " + tuple.length + " for arity " + arity);
        }
        if (arity == 0) {
            return size > 0;
        }
        int lo = 0;
        int hi = size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int cmp = compareRow(mid, tuple);
            if (cmp == 0) {
                return true;
            }
            if (cmp < 0) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return false;
    }

    /** The trie of this relation with level l holding column {@code columnOrder[l]}; built once, cached. */
    public Trie trie(int[] columnOrder) {
        checkPermutation(columnOrder);
        String key = trieKey(columnOrder);
        Trie t = tries.get(key);
        if (t == null) {
            t = tries.computeIfAbsent(key, k -> buildTrie(columnOrder.clone()));
        }
        return t;
    }

    /**
     * A value derived from this relation (never changing, as the relation does not), computed on first
     * use under {@code key} and kept as long as the relation: a degree renumbering, say. Computed outside
     * the map's lock, so that one derivation may ask for another; two threads may both compute it, and
     * the first one stored wins.
     */
    @SuppressWarnings("unchecked")
    <T> T derived(String key, java.util.function.Function<Relation, T> make) {
        Object v = derived.get(key);
        if (v == null) {
            Object made = make.apply(this);
            v = derived.putIfAbsent(key, made);
            v = v == null ? made : v;
        }
        return (T) v;
    }

    /** Whether the trie in this column order has been built already (so asking for it costs nothing). */
    public boolean hasTrie(int[] columnOrder) {
        return tries.containsKey(trieKey(columnOrder));
    }

    /**
     * Whether the trie in this column order is built already or needs no sort: the relation's own column
     * order is one pass over its sorted columns at any size, another order sorts the relation again.
     */
    public boolean hasCheapTrie(int[] columnOrder) {
        return identity(columnOrder) || hasTrie(columnOrder);
    }

    private static String trieKey(int[] columnOrder) {
        return Arrays.toString(columnOrder);
    }

    /** The trie in natural column order. */
    public Trie trie() {
        int[] id = new int[arity];
        for (int i = 0; i < arity; i++) {
            id[i] = i;
        }
        return trie(id);
    }

    private void checkPermutation(int[] order) {
        if (order.length != arity) {
            throw new IllegalArgumentException("column order " + Arrays.toString(order) + " for arity " + arity);
        }
        boolean[] seen = new boolean[arity];
        for (int c : order) {
            if (c < 0 || c >= arity || seen[c]) {
                throw new IllegalArgumentException("column order " + Arrays.toString(order) + " is not a permutation");
            }
            seen[c] = true;
        }
    }

    private Trie buildTrie(int[] order) {
        Trie t = identity(order) || size == 0 ? Trie.fromSortedColumns(cols, size) : reorderedTrie(order);
        if (arity > 0) {
            distinct[order[0]] = t.values[0].length; // the statistic comes free with the trie
        }
        return t;
    }

    private static boolean identity(int[] order) {
        for (int l = 0; l < order.length; l++) {
            if (order[l] != l) {
                return false;
            }
        }
        return true;
    }

    /**
     * The trie in another column order than the natural one. The rows are sorted and distinct already:
     * the reversed binary trie is built in one counting pass ({@link Trie#reversedPairs}), other orders by
     * counting passes that re-sort the rows ({@link ColumnReorder}); only columns of widely spread values
     * need a comparison sort.
     */
    private Trie reorderedTrie(int[] order) {
        if (arity == 2) {
            ValueSpan span = ValueSpan.of(cols[1], size);
            if (span.denseFor(size)) {
                return Trie.reversedPairs(cols[0], cols[1], size, span);
            }
        }
        int[][] reordered = ColumnReorder.reorder(cols, size, order);
        if (reordered == null) {
            int[][] copy = new int[arity][];
            for (int l = 0; l < arity; l++) {
                copy[l] = cols[order[l]].clone();
            }
            reordered = ColumnSorter.sortDistinct(copy, size);
        }
        return Trie.fromSortedColumns(reordered, size);
    }

    /**
     * Number of distinct values in {@code column}; computed once. Column 0 is sorted, so its runs are
     * counted; another column was counted when a trie with it first was built, or is counted here
     * without sorting where its values are dense ({@link DistinctValues}).
     */
    public long distinctCount(int column) {
        long d = distinct[column];
        if (d >= 0) {
            return d;
        }
        if (column == 0) {
            d = DistinctValues.countRuns(cols[0], size);
        } else {
            d = DistinctValues.count(cols[column], size);
        }
        distinct[column] = d;
        return d;
    }

    /** Lexicographic comparison of row i of a with row j of b (same arity). */
    private static int compareRows(Relation a, int i, Relation b, int j) {
        for (int c = 0; c < a.arity; c++) {
            int x = a.cols[c][i];
            int y = b.cols[c][j];
            if (x != y) {
                return x < y ? -1 : 1;
            }
        }
        return 0;
    }

    private void checkArity(Relation other) {
        if (other.arity != arity) {
            throw new IllegalArgumentException("arity " + other.arity + " vs " + arity);
        }
    }

    /** The set union, by merging the two sorted relations. */
    public Relation union(Relation other) {
        checkArity(other);
        if (other.size == 0) {
            return this;
        }
        if (size == 0) {
            return other;
        }
        if (arity == 0) {
            return this;
        }
        if (arity == 2) {
            return unionPairs(other);
        }
        int[][] out = new int[arity][size + other.size];
        int i = 0;
        int j = 0;
        int m = 0;
        while (i < size || j < other.size) {
            int cmp = i == size ? 1 : j == other.size ? -1 : compareRows(this, i, other, j);
            if (cmp <= 0) {
                copyRow(this, i, out, m++);
                i++;
                if (cmp == 0) {
                    j++;
                }
            } else {
                copyRow(other, j, out, m++);
                j++;
            }
        }
        return new Relation(arity, trim(out, m), m);
    }

    /**
     * {@link #union} of two binary relations: the same merge with both columns compared inline (the
     * growing relations of recursive graph rules are merged like this every few rounds).
     */
    private Relation unionPairs(Relation other) {
        int[] a0 = cols[0];
        int[] a1 = cols[1];
        int[] b0 = other.cols[0];
        int[] b1 = other.cols[1];
        int n = size;
        int k = other.size;
        int[] o0 = new int[n + k];
        int[] o1 = new int[n + k];
        int i = 0;
        int j = 0;
        int m = 0;
        while (i < n && j < k) {
            int x0 = a0[i];
            int y0 = b0[j];
            int x1 = a1[i];
            int y1 = b1[j];
            if (x0 < y0 || (x0 == y0 && x1 < y1)) {
                o0[m] = x0;
                o1[m++] = x1;
                i++;
            } else if (x0 == y0 && x1 == y1) {
                o0[m] = x0;
                o1[m++] = x1;
                i++;
                j++;
            } else {
                o0[m] = y0;
                o1[m++] = y1;
                j++;
            }
        }
        System.arraycopy(a0, i, o0, m, n - i);
        System.arraycopy(a1, i, o1, m, n - i);
        m += n - i;
        System.arraycopy(b0, j, o0, m, k - j);
        System.arraycopy(b1, j, o1, m, k - j);
        m += k - j;
        return new Relation(2, trim(new int[][]{o0, o1}, m), m);
    }

    /** The tuples of this relation that are not in {@code other}, by merging. */
    public Relation minus(Relation other) {
        checkArity(other);
        if (other.size == 0 || size == 0) {
            return this;
        }
        if (arity == 0) {
            return empty(0);
        }
        int[][] out = new int[arity][size];
        int j = 0;
        int m = 0;
        for (int i = 0; i < size; i++) {
            j = firstNotBelow(other, j, this, i);
            if (j == other.size || compareRows(this, i, other, j) != 0) {
                copyRow(this, i, out, m++);
            }
        }
        return m == size ? this : new Relation(arity, trim(out, m), m);
    }

    /**
     * The first row of {@code r} at or after {@code from} that is not below row {@code i} of {@code of}:
     * galloping (steps doubling, then a binary search), so that taking a small relation from a large one
     * costs about the small one's size times the log of the rows skipped, not the large one's size.
     */
    private static int firstNotBelow(Relation r, int from, Relation of, int i) {
        if (from >= r.size || compareRows(of, i, r, from) <= 0) {
            return from;
        }
        int lo = from;          // r[lo] < of[i]
        int step = 1;
        int hi = from + 1;
        while (hi < r.size && compareRows(of, i, r, hi) > 0) {
            lo = hi;
            step <<= 1;
            hi = lo + step;
        }
        hi = Math.min(hi, r.size);  // r[hi] >= of[i], or hi == size
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (compareRows(of, i, r, mid) > 0) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi;
    }

    private static void copyRow(Relation r, int i, int[][] out, int m) {
        for (int c = 0; c < r.arity; c++) {
            out[c][m] = r.cols[c][i];
        }
    }

    private static int[][] trim(int[][] cols, int m) {
        for (int c = 0; c < cols.length; c++) {
            if (cols[c].length != m) {
                cols[c] = Arrays.copyOf(cols[c], m);
            }
        }
        return cols;
    }

    /** The tuples whose {@code column} equals {@code value} (same arity, still sorted). */
    public Relation select(int column, int value) {
        if (column == 0) {
            int lo = lowerBound(cols[0], 0, size, value);
            int hi = lowerBound(cols[0], lo, size, value + 1L);
            if (lo == 0 && hi == size) {
                return this;
            }
            int[][] out = new int[arity][];
            for (int c = 0; c < arity; c++) {
                out[c] = Arrays.copyOfRange(cols[c], lo, hi);
            }
            return new Relation(arity, out, hi - lo);
        }
        int[] col = cols[column];
        int n = 0;
        for (int i = 0; i < size; i++) {
            if (col[i] == value) {
                n++;
            }
        }
        if (n == size) {
            return this;
        }
        int[][] out = new int[arity][n];
        int m = 0;
        for (int i = 0; i < size; i++) {
            if (col[i] == value) {
                copyRow(this, i, out, m++);
            }
        }
        return new Relation(arity, out, m);
    }

    /** The tuples whose columns {@code c1} and {@code c2} are equal (same arity, still sorted). */
    public Relation selectEqualColumns(int c1, int c2) {
        int[] a = cols[c1];
        int[] b = cols[c2];
        int n = 0;
        for (int i = 0; i < size; i++) {
            if (a[i] == b[i]) {
                n++;
            }
        }
        if (n == size) {
            return this;
        }
        int[][] out = new int[arity][n];
        int m = 0;
        for (int i = 0; i < size; i++) {
            if (a[i] == b[i]) {
                copyRow(this, i, out, m++);
            }
        }
        return new Relation(arity, out, m);
    }

    /** Alias of {@link #selectEqualColumns(int, int)}. */
    public Relation selectEqual(int c1, int c2) {
        return selectEqualColumns(c1, c2);
    }

    /** The distinct tuples (t[columns[0]], t[columns[1]], ...); columns may repeat or be empty. */
    public Relation project(int... columns) {
        int k = columns.length;
        for (int c : columns) {
            if (c < 0 || c >= arity) {
                throw new IllegalArgumentException("column " + c + " of arity " + arity);
            }
        }
        if (k == 0) {
            return new Relation(0, new int[0][], size > 0 ? 1 : 0);
        }
        boolean prefix = true;
        for (int i = 0; i < k; i++) {
            prefix &= columns[i] == i;
        }
        if (prefix) {
            if (k == arity) {
                return this;
            }
            // A prefix of a sorted relation is sorted: only adjacent duplicates to drop.
            int[][] out = new int[k][size];
            int m = 0;
            for (int i = 0; i < size; i++) {
                boolean same = m > 0;
                for (int c = 0; c < k && same; c++) {
                    same = cols[c][i] == out[c][m - 1];
                }
                if (!same) {
                    for (int c = 0; c < k; c++) {
                        out[c][m] = cols[c][i];
                    }
                    m++;
                }
            }
            return new Relation(k, trim(out, m), m);
        }
        int[][] copy = new int[k][];
        for (int i = 0; i < k; i++) {
            copy[i] = cols[columns[i]].clone();
        }
        return fromUnsortedColumns(copy, size);
    }

    /** First index in sorted a[from..to) whose value is >= key (key as long so value+1 cannot overflow). */
    static int lowerBound(int[] a, int from, int to, long key) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Relation r) || r.arity != arity || r.size != size) {
            return false;
        }
        for (int c = 0; c < arity; c++) {
            if (!Arrays.equals(cols[c], 0, size, r.cols[c], 0, size)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = 31 * arity + size;
        for (int c = 0; c < arity; c++) {
            for (int i = 0; i < size; i++) {
                h = 31 * h + cols[c][i];
            }
        }
        return h;
    }

    /** Up to 20 tuples, for debugging and test messages. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Relation/" + arity + "[" + size + "]{");
        for (int i = 0; i < Math.min(size, 20); i++) {
            sb.append(i == 0 ? "" : ", ").append(Arrays.toString(row(i)));
        }
        return sb.append(size > 20 ? ", ...}" : "}").toString();
    }
}
