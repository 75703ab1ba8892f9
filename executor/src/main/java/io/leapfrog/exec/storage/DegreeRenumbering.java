package io.leapfrog.exec.storage;

import java.util.Arrays;

/**
 * A graph relation (binary: an edge per tuple) with its nodes renumbered 0..n-1 by increasing (degree,
 * value), for counting cliques. A clique query fixes one order of each clique's nodes, by the values
 * ({@code x < y < z}) or by the edges' direction; under degree numbering that order runs from
 * low-degree to high-degree nodes, so every node's list of later neighbours holds at most about
 * sqrt(2m) entries and no hub is ever a first node with a long list to intersect. The numbering is a
 * bijection, so the count of cliques does not change (the cliques themselves are other numbers: only
 * counts may be taken over the renumbered relation). Which relations this holds for is their
 * {@link Shape}; the engine decides which queries may use it.
 */
public final class DegreeRenumbering {

    /** What kind of graph a binary relation is, as far as clique counting cares. */
    public enum Shape {
        /** Every tuple (a, b) has its (b, a): an undirected graph with each edge both ways. */
        SYMMETRIC,
        /** Every tuple (a, b) has a &lt; b: an undirected graph with each edge once, from the lower value. */
        INCREASING,
        /** Neither (or not binary, or empty): not renumbered. */
        OTHER
    }

    /** The most entries of a value-to-number table (512 MiB); sparser or wider node values are binary-searched. */
    private static final long MAX_TABLE = 1L << 27;

    private DegreeRenumbering() {
    }

    /** The relation's shape; found once per relation (a scan, and for a symmetric one its reversed trie). */
    public static Shape shapeOf(Relation r) {
        return r.derived("degree-renumbering:shape", DegreeRenumbering::findShape);
    }

    /**
     * The relation with every value replaced by its node's number: for a SYMMETRIC relation the same
     * edges both ways, for an INCREASING one each edge from its lower to its higher number (so the
     * result is INCREASING again, in degree order). Built once per relation and kept with it.
     *
     * @throws IllegalArgumentException when the relation's shape is OTHER
     */
    public static Relation renumbered(Relation r) {
        Shape shape = shapeOf(r);
        if (shape == Shape.OTHER) {
            throw new IllegalArgumentException("only a symmetric or increasing binary relation is renumbered by degree");
        }
        return r.derived("degree-renumbering:relation", x -> build(x, shape));
    }

    private static Shape findShape(Relation r) {
        if (r.arity() != 2 || r.size() == 0) {
            return Shape.OTHER;
        }
        int[] a = r.column(0);
        int[] b = r.column(1);
        boolean increasing = true;
        for (int i = 0; i < r.size() && increasing; i++) {
            increasing = a[i] < b[i];
        }
        if (increasing) {
            return Shape.INCREASING;
        }
        // Symmetric exactly when the trie in (b, a) order is the trie in (a, b) order.
        Trie forward = r.trie();
        Trie reversed = r.trie(new int[]{1, 0});
        boolean symmetric = Arrays.equals(forward.values[0], reversed.values[0])
                && Arrays.equals(forward.offsets[0], reversed.offsets[0])
                && Arrays.equals(forward.values[1], reversed.values[1]);
        return symmetric ? Shape.SYMMETRIC : Shape.OTHER;
    }

    /**
     * Numbers the nodes and rewrites the edges, in passes linear in the edges (the numbering is needed
     * once per relation, but a small join may cost less than a comparison sort of its nodes): degrees
     * counted, nodes numbered by a counting sort on degree, edges put in order by counting passes (for
     * many nodes, one pass and short row sorts in parallel). On a 2-core machine: ca-GrQc's 14,484
     * edges about 0.3 ms, wiki-Vote's 100,762 about 1.3 ms, rmat-20's 15.7 million about 0.6 s.
     */
    private static Relation build(Relation r, Shape shape) {
        Nodes g = shape == Shape.SYMMETRIC ? Nodes.ofSymmetric(r.trie()) : Nodes.ofIncreasing(r);
        int[] number = numbersByDegree(g.degree);
        NodeNumbers numbers = NodeNumbers.of(g.values, number, g.span);
        int[][] cols = renumberedEdges(r, numbers, number.length, shape == Shape.INCREASING);
        Relation renumbered = Relation.ofSortedColumns(2, cols, r.size());
        renumbered.trie();   // every clique query reads it; built now, so that measuring orders may use it at any size
        return renumbered;
    }

    /** The graph's nodes in value order with their degrees, and the span of their values. */
    private record Nodes(int[] values, int[] degree, ValueSpan span) {

        /** Every node of a symmetric relation has its edges under its first-level value. */
        static Nodes ofSymmetric(Trie forward) {
            int[] values = forward.values[0];
            int[] degree = new int[values.length];
            for (int i = 0; i < values.length; i++) {
                degree[i] = forward.offsets[0][i + 1] - forward.offsets[0][i];
            }
            return new Nodes(values, degree, new ValueSpan(values[0], values[values.length - 1]));
        }

        /** A node of an increasing relation may appear in either column: degrees are counted over both. */
        static Nodes ofIncreasing(Relation r) {
            int[] a = r.column(0);
            int[] b = r.column(1);
            int m = r.size();
            ValueSpan span = new ValueSpan(a[0], ValueSpan.of(b, m).max());   // a is sorted, and a < b
            if (!tableFits(span, m)) {
                return ofSparse(r, span);
            }
            int min = span.min();
            int[] count = new int[(int) span.width()];
            for (int e = 0; e < m; e++) {
                count[a[e] - min]++;
                count[b[e] - min]++;
            }
            int n = 0;
            for (int c : count) {
                n += c != 0 ? 1 : 0;
            }
            int[] values = new int[n];
            int[] degree = new int[n];
            int i = 0;
            for (int k = 0; k < count.length; k++) {
                if (count[k] != 0) {
                    values[i] = min + k;
                    degree[i++] = count[k];
                }
            }
            return new Nodes(values, degree, span);
        }

        /** Values too widely spread for a table: both columns' distinct values merged, from the two tries. */
        private static Nodes ofSparse(Relation r, ValueSpan span) {
            Trie forward = r.trie();
            Trie reversed = r.trie(new int[]{1, 0});
            int[] values = union(forward.values[0], reversed.values[0]);
            int[] degree = new int[values.length];
            addDegrees(values, forward, degree);
            addDegrees(values, reversed, degree);
            return new Nodes(values, degree, span);
        }
    }

    /** Whether a table with one entry per value of the span is cheap next to m edges. */
    private static boolean tableFits(ValueSpan span, int m) {
        return span.denseFor(m, 16) && span.width() <= MAX_TABLE;
    }

    /** The sorted union of two sorted, distinct lists. */
    private static int[] union(int[] x, int[] y) {
        int[] out = new int[x.length + y.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < x.length || j < y.length) {
            if (j == y.length || (i < x.length && x[i] < y[j])) {
                out[n++] = x[i++];
            } else if (i == x.length || y[j] < x[i]) {
                out[n++] = y[j++];
            } else {
                out[n++] = x[i++];
                j++;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** Adds each first-level value's number of children to its node's degree (both lists sorted). */
    private static void addDegrees(int[] nodes, Trie t, int[] degree) {
        int i = 0;
        for (int j = 0; j < t.values[0].length; j++) {
            int v = t.values[0][j];
            while (nodes[i] != v) {
                i++;
            }
            degree[i] += t.offsets[0][j + 1] - t.offsets[0][j];
        }
    }

    /**
     * number[i]: node i's position when the nodes (in value order) are sorted by (degree, value): a
     * counting sort on degree, stable, so equal degrees keep their value order.
     */
    private static int[] numbersByDegree(int[] degree) {
        int maxDegree = 0;
        for (int d : degree) {
            maxDegree = Math.max(maxDegree, d);
        }
        int[] next = rowStarts(degree, maxDegree + 1);
        int[] number = new int[degree.length];
        for (int i = 0; i < degree.length; i++) {
            number[i] = next[degree[i]]++;
        }
        return number;
    }

    /**
     * Every edge (a, b) as (number(a), number(b)), or for an increasing relation as its two numbers in
     * increasing order, sorted. The numbers are looked up (in parallel for many edges: random reads);
     * then the edges are put in order by {@link #rowsByTwoPasses} or, for graphs of many nodes, by
     * {@link #rowsSortedInParallel}. Distinct edges stay distinct (the numbering is a bijection, and an
     * increasing edge has one order).
     */
    private static int[][] renumberedEdges(Relation r, NodeNumbers numbers, int n, boolean orient) {
        int m = r.size();
        int[] a = r.column(0);
        int[] b = r.column(1);
        int[] first = new int[m];
        int[] second = new int[m];
        forEach(m, e -> {
            int x = numbers.of(a[e]);
            int y = numbers.of(b[e]);
            first[e] = orient ? Math.min(x, y) : x;
            second[e] = orient ? Math.max(x, y) : y;
        });
        return n >= PARALLEL_FROM ? rowsSortedInParallel(first, second, n) : rowsByTwoPasses(first, second, n);
    }

    /**
     * The edges (first[e], second[e]) sorted, by two stable counting passes (by second, then by first),
     * so each row's entries arrive in order: linear, single-threaded. For graphs of fewer nodes than
     * {@link #PARALLEL_FROM}, whose row sorts would run on one thread anyway, it is the faster way
     * (about twice as fast as row sorts on wiki-Vote's 100,762 edges).
     */
    private static int[][] rowsByTwoPasses(int[] first, int[] second, int n) {
        int m = first.length;
        int[] at = rowStarts(second, n);
        int[] firstBySecond = new int[m];
        int[] secondBySecond = new int[m];
        for (int e = 0; e < m; e++) {
            int i = at[second[e]]++;
            firstBySecond[i] = first[e];
            secondBySecond[i] = second[e];
        }
        int[] start = rowStarts(first, n);
        int[] to = second;   // reused
        int[] next = Arrays.copyOf(start, n);
        for (int i = 0; i < m; i++) {
            to[next[firstBySecond[i]]++] = secondBySecond[i];
        }
        int[] from = first;   // reused: row k's entries are start[k]..start[k+1]
        for (int k = 0; k < n; k++) {
            Arrays.fill(from, start[k], start[k + 1], k);
        }
        return new int[][]{from, to};
    }

    /**
     * The edges sorted by one counting pass into their first number's row, then each row sorted, the
     * rows on the storage pool's threads (rows are short in degree order); for graphs of many nodes,
     * where the threads win over the second linear pass of {@link #rowsByTwoPasses}.
     */
    private static int[][] rowsSortedInParallel(int[] first, int[] second, int n) {
        int m = first.length;
        int[] start = rowStarts(first, n);
        int[] to = new int[m];
        int[] next = Arrays.copyOf(start, n);
        for (int e = 0; e < m; e++) {
            to[next[first[e]]++] = second[e];
        }
        int[] from = first;   // reused: row k's entries are start[k]..start[k+1]
        forEach(n, k -> {
            Arrays.fill(from, start[k], start[k + 1], k);
            sortRow(to, start[k], start[k + 1]);
        });
        return new int[][]{from, to};
    }

    /** Runs body for 0..count-1, on the storage pool's threads when there are many. */
    private static void forEach(int count, java.util.function.IntConsumer body) {
        if (count >= PARALLEL_FROM) {
            StorageThreads.forEach(count, body);
        } else {
            for (int i = 0; i < count; i++) {
                body.accept(i);
            }
        }
    }

    /** At least this many edges (or rows) are worth the storage pool's threads. */
    private static final int PARALLEL_FROM = 1 << 16;

    /** Sorts {@code v[from, to)}: by insertion for the short rows that degree order makes common. */
    private static void sortRow(int[] v, int from, int to) {
        if (to - from > 24) {
            Arrays.sort(v, from, to);
            return;
        }
        for (int i = from + 1; i < to; i++) {
            int x = v[i];
            int j = i - 1;
            while (j >= from && v[j] > x) {
                v[j + 1] = v[j];
                j--;
            }
            v[j + 1] = x;
        }
    }

    /** start[k] = how many keys are below k, for k in 0..n: key k's entries go to [start[k], start[k + 1]). */
    private static int[] rowStarts(int[] keys, int n) {
        int[] start = new int[n + 1];
        for (int key : keys) {
            start[key + 1]++;
        }
        for (int k = 0; k < n; k++) {
            start[k + 1] += start[k];
        }
        return start;
    }

    /** A node's value to its new number: a table indexed by value when the values are dense, else a binary search. */
    private record NodeNumbers(int[] nodes, int[] number, int[] table, int min) {
        static NodeNumbers of(int[] nodes, int[] number, ValueSpan span) {
            if (!tableFits(span, nodes.length)) {
                return new NodeNumbers(nodes, number, null, 0);
            }
            int[] table = new int[(int) span.width()];
            for (int i = 0; i < nodes.length; i++) {
                table[nodes[i] - span.min()] = number[i];
            }
            return new NodeNumbers(nodes, number, table, span.min());
        }

        /** The new number of a value that is one of the nodes. */
        int of(int value) {
            return table != null ? table[value - min] : number[Arrays.binarySearch(nodes, value)];
        }
    }
}
