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
        int[] values = Arrays.copyOf(all, k);
        Arrays.sort(values);
        int n = 0;
        for (int i = 0; i < values.length; i++) {
            if (i == 0 || values[i] != values[i - 1]) {
                values[n++] = values[i];
            }
        }
        values = Arrays.copyOf(values, n);
        // Both directions of each edge as packed (from, to) ids, sorted and unique: the adjacency in order.
        long[] arcs = new long[k];
        for (int i = 0; i < k; i += 2) {
            int a = Arrays.binarySearch(values, all[i]);
            int b = Arrays.binarySearch(values, all[i + 1]);
            arcs[i] = ((long) a << 32) | b;
            arcs[i + 1] = ((long) b << 32) | a;
        }
        Arrays.sort(arcs);
        int[] offsets = new int[n + 1];
        int[] adjacency = new int[k];
        int e = 0;
        for (int i = 0; i < k; i++) {
            if (i > 0 && arcs[i] == arcs[i - 1]) {
                continue;
            }
            offsets[(int) (arcs[i] >>> 32) + 1]++;
            adjacency[e++] = (int) arcs[i];
        }
        for (int v = 0; v < n; v++) {
            offsets[v + 1] += offsets[v];
        }
        return new Graph(values, offsets, Arrays.copyOf(adjacency, e));
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
