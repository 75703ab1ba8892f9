package io.leapfrog.exec.mining;

import io.leapfrog.exec.storage.Relation;

import java.util.Arrays;

/**
 * The undirected simple graph a binary relation stands for, as the mining searches read it: the symmetric
 * closure of its pairs with self-loops dropped, vertices numbered 0..n-1 in increasing order of their values
 * (so an order on numbers is the order on values), each vertex's neighbours a sorted slice of one array.
 */
public final class Graph {
    private final int[] values;
    private final int[] offsets;
    private final int[] adjacency;
    /** Derived once on first use (a race computes it twice, harmlessly). */
    private volatile Degeneracy degeneracy;
    private volatile OrientedGraph oriented;

    private Graph(int[] values, int[] offsets, int[] adjacency) {
        this.values = values;
        this.offsets = offsets;
        this.adjacency = adjacency;
    }

    /** The graph of a relation of two columns: an edge between a and b for each pair (a, b) or (b, a) with a != b. */
    public static Graph undirected(Relation edges) {
        if (edges.arity() != 2) {
            throw new IllegalArgumentException("a graph is read from a relation of two columns, not " + edges.arity());
        }
        int m = edges.size();
        int[] all = new int[2 * m];
        int k = 0;
        for (int r = 0; r < m; r++) {
            int a = edges.get(r, 0);
            int b = edges.get(r, 1);
            if (a != b) {
                all[k++] = a;
                all[k++] = b;
            }
        }
        int[] values = numberEnds(all, k);
        int n = values.length;
        // Both directions of each edge, bucketed by their first end (a counting sort), then each bucket
        // sorted and its repeats dropped: the adjacency in order, in time linear in the pairs but for the
        // buckets' own sorts.
        int[] offsets = new int[n + 1];
        for (int i = 0; i < k; i++) {
            offsets[all[i] + 1]++;
        }
        for (int v = 0; v < n; v++) {
            offsets[v + 1] += offsets[v];
        }
        int[] next = Arrays.copyOf(offsets, n);
        int[] adjacency = new int[k];
        for (int i = 0; i < k; i += 2) {
            int a = all[i];
            int b = all[i + 1];
            adjacency[next[a]++] = b;
            adjacency[next[b]++] = a;
        }
        int e = 0;
        for (int v = 0; v < n; v++) {
            int from = offsets[v];
            int to = offsets[v + 1];
            Arrays.sort(adjacency, from, to);
            offsets[v] = e;
            for (int j = from; j < to; j++) {
                if (j == from || adjacency[j] != adjacency[j - 1]) {
                    adjacency[e++] = adjacency[j];
                }
            }
        }
        offsets[n] = e;
        return new Graph(values, offsets, Arrays.copyOf(adjacency, e));
    }

    /**
     * The distinct values of {@code ends[0, k)} in increasing order; each of those ends replaced by its
     * value's number there. Values spread over a range not much wider than their count (vertex ids 0..n-1,
     * most graphs) are numbered through a table over the range; others by sorting and binary search.
     */
    private static int[] numberEnds(int[] ends, int k) {
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (int i = 0; i < k; i++) {
            min = Math.min(min, ends[i]);
            max = Math.max(max, ends[i]);
        }
        long range = (long) max - min + 1;
        if (k > 0 && range <= 4L * k + 1024) {
            int[] number = new int[(int) range];
            for (int i = 0; i < k; i++) {
                number[ends[i] - min] = 1;
            }
            int n = 0;
            for (int x = 0; x < number.length; x++) {
                number[x] = number[x] == 0 ? -1 : n++;
            }
            int[] values = new int[n];
            for (int x = 0; x < number.length; x++) {
                if (number[x] >= 0) {
                    values[number[x]] = x + min;
                }
            }
            for (int i = 0; i < k; i++) {
                ends[i] = number[ends[i] - min];
            }
            return values;
        }
        int[] values = Arrays.copyOf(ends, k);
        Arrays.sort(values);
        int n = 0;
        for (int i = 0; i < values.length; i++) {
            if (i == 0 || values[i] != values[i - 1]) {
                values[n++] = values[i];
            }
        }
        values = Arrays.copyOf(values, n);
        for (int i = 0; i < k; i++) {
            ends[i] = Arrays.binarySearch(values, ends[i]);
        }
        return values;
    }

    /** Vertices. */
    public int size() {
        return values.length;
    }

    /** Undirected edges. */
    public long edges() {
        return adjacency.length / 2;
    }

    /** The value (as the relation holds it) of vertex {@code v}. */
    public int value(int v) {
        return values[v];
    }

    /** The number of neighbours of {@code v}. */
    public int degree(int v) {
        return offsets[v + 1] - offsets[v];
    }

    /** Where {@code v}'s neighbours start in {@link #adjacency()}; they end at {@code start(v + 1)}. */
    public int start(int v) {
        return offsets[v];
    }

    /** Every vertex's neighbours, each vertex's sorted, from {@link #start}. Not to be modified. */
    public int[] adjacency() {
        return adjacency;
    }

    /** Whether u and v are adjacent (a binary search in the smaller neighbourhood). */
    public boolean adjacent(int u, int v) {
        if (degree(u) > degree(v)) {
            int t = u;
            u = v;
            v = t;
        }
        return Arrays.binarySearch(adjacency, offsets[u], offsets[u + 1], v) >= 0;
    }

    /** The neighbours of {@code v}, sorted (a copy). */
    public int[] neighbours(int v) {
        return Arrays.copyOfRange(adjacency, offsets[v], offsets[v + 1]);
    }

    /** The graph's degeneracy order and core numbers, computed on first use and kept for later searches. */
    public Degeneracy degeneracy() {
        Degeneracy d = degeneracy;
        if (d == null) {
            d = Degeneracy.of(this);
            degeneracy = d;
        }
        return d;
    }

    /** The edges oriented by {@link #degeneracy()}, computed on first use and kept. */
    OrientedGraph oriented() {
        OrientedGraph o = oriented;
        if (o == null) {
            o = OrientedGraph.of(this, degeneracy());
            oriented = o;
        }
        return o;
    }
}
