package io.leapfrog.exec.mining;

import io.leapfrog.exec.storage.Relation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * Cliques of a relation's graph by testing every vertex subset (so n <= 20 or so), read from the relation
 * itself rather than from {@link Graph}: vertices are the values with an edge to another value, numbered in
 * increasing value order as Graph promises.
 */
final class BruteForceCliques {
    final int n;
    /** Vertex number to value. */
    final int[] values;
    /** Neighbours of each vertex, as a bit mask. */
    final int[] adjacent;
    /** Whether each subset (a bit mask) is a clique; the empty set counts as one. */
    private final boolean[] clique;

    BruteForceCliques(Relation r) {
        TreeSet<Integer> vs = new TreeSet<>();
        for (int i = 0; i < r.size(); i++) {
            if (r.get(i, 0) != r.get(i, 1)) {
                vs.add(r.get(i, 0));
                vs.add(r.get(i, 1));
            }
        }
        n = vs.size();
        if (n > 22) {
            throw new IllegalArgumentException("too many vertices for brute force: " + n);
        }
        values = vs.stream().mapToInt(Integer::intValue).toArray();
        adjacent = new int[n];
        for (int i = 0; i < r.size(); i++) {
            int a = r.get(i, 0);
            int b = r.get(i, 1);
            if (a != b) {
                int u = Arrays.binarySearch(values, a);
                int v = Arrays.binarySearch(values, b);
                adjacent[u] |= 1 << v;
                adjacent[v] |= 1 << u;
            }
        }
        clique = new boolean[1 << n];
        clique[0] = true;
        for (int s = 1; s < (1 << n); s++) {
            int v = Integer.numberOfTrailingZeros(s);
            int rest = s & (s - 1);
            clique[s] = clique[rest] && (adjacent[v] & rest) == rest;
        }
    }

    /** The cliques of exactly k vertices, sorted. */
    List<int[]> cliques(int k) {
        List<int[]> out = new ArrayList<>();
        for (int s = 1; s < (1 << n); s++) {
            if (clique[s] && Integer.bitCount(s) == k) {
                out.add(members(s));
            }
        }
        return sorted(out);
    }

    /** The maximal cliques of at least minSize vertices, sorted. */
    List<int[]> maximal(int minSize) {
        List<int[]> out = new ArrayList<>();
        for (int s = 1; s < (1 << n); s++) {
            if (clique[s] && Integer.bitCount(s) >= minSize && isMaximal(s)) {
                out.add(members(s));
            }
        }
        return sorted(out);
    }

    /** The size of the largest clique (0 without vertices). */
    int omega() {
        int best = 0;
        for (int s = 1; s < (1 << n); s++) {
            if (clique[s]) {
                best = Math.max(best, Integer.bitCount(s));
            }
        }
        return best;
    }

    /** The cliques of the largest size, sorted (none without vertices). */
    List<int[]> maximum() {
        int omega = omega();
        return omega == 0 ? List.of() : cliques(omega);
    }

    /** Rows (id, value) for sets numbered in list order, as {@link VertexSets#rows} should give them. */
    Relation rows(List<int[]> sets) {
        List<int[]> rows = new ArrayList<>();
        for (int id = 0; id < sets.size(); id++) {
            for (int v : sets.get(id)) {
                rows.add(new int[]{id, values[v]});
            }
        }
        return Relation.of(2, rows.toArray(new int[0][]));
    }

    private boolean isMaximal(int s) {
        for (int u = 0; u < n; u++) {
            if ((s & (1 << u)) == 0 && (adjacent[u] & s) == s) {
                return false;
            }
        }
        return true;
    }

    private static int[] members(int s) {
        int[] m = new int[Integer.bitCount(s)];
        int k = 0;
        for (int rest = s; rest != 0; rest &= rest - 1) {
            m[k++] = Integer.numberOfTrailingZeros(rest);
        }
        return m;
    }

    static List<int[]> sorted(List<int[]> sets) {
        List<int[]> out = new ArrayList<>(sets);
        out.sort(Arrays::compare);
        return out;
    }
}
