package io.leapfrog.bench;

import java.util.Arrays;
import java.util.SplittableRandom;

/** The generated directed graphs for the transitive-closure queries, and an exact reference closure size. */
public final class ClosureGraphs {

    private ClosureGraphs() {
    }

    /** The path 0 -> 1 -> ... -> n-1; its closure has n(n-1)/2 pairs. */
    public static EdgeList chain(int n) {
        if (n < 2) {
            throw new BenchException("--chain-nodes must be at least 2, got " + n);
        }
        int[] src = new int[n - 1];
        int[] dst = new int[n - 1];
        for (int i = 0; i < n - 1; i++) {
            src[i] = i;
            dst[i] = i + 1;
        }
        return new EdgeList(src, dst);
    }

    /**
     * {@code edges} distinct directed edges between {@code nodes} nodes, no self-loops, drawn uniformly
     * with a fixed seed so every run and every engine sees the same graph.
     */
    public static EdgeList random(int nodes, int edges, long seed) {
        long possible = (long) nodes * (nodes - 1);
        if (nodes < 2 || edges < 1 || edges > possible / 2) {
            throw new BenchException("--random-edges must be between 1 and half of nodes*(nodes-1), got "
                    + edges + " for " + nodes + " nodes");
        }
        SplittableRandom random = new SplittableRandom(seed);
        long[] keys = new long[edges];
        int n = 0;
        java.util.HashSet<Long> seen = new java.util.HashSet<>(edges * 2);
        while (n < edges) {
            int u = random.nextInt(nodes);
            int v = random.nextInt(nodes);
            long key = (long) u * nodes + v;
            if (u != v && seen.add(key)) {
                keys[n++] = key;
            }
        }
        Arrays.sort(keys);
        int[] src = new int[edges];
        int[] dst = new int[edges];
        for (int i = 0; i < edges; i++) {
            src[i] = (int) (keys[i] / nodes);
            dst[i] = (int) (keys[i] % nodes);
        }
        return new EdgeList(src, dst);
    }

    /**
     * The number of pairs (x, y) with a non-empty path from x to y: one breadth-first search per node
     * over a CSR. Independent of every engine, so it checks their closure sizes.
     */
    public static long closureSize(EdgeList g) {
        int n = g.nodeCount();
        int[] offsets = new int[n + 1];
        for (int s : g.src()) {
            offsets[s + 1]++;
        }
        for (int i = 0; i < n; i++) {
            offsets[i + 1] += offsets[i];
        }
        int[] targets = new int[g.size()];
        int[] fill = Arrays.copyOf(offsets, n);
        for (int i = 0; i < g.size(); i++) {
            targets[fill[g.src()[i]]++] = g.dst()[i];
        }
        int[] visitedAt = new int[n];
        Arrays.fill(visitedAt, -1);
        int[] queue = new int[n];
        long total = 0;
        for (int start = 0; start < n; start++) {
            int head = 0;
            int tail = 0;
            for (int k = offsets[start]; k < offsets[start + 1]; k++) {
                int t = targets[k];
                if (visitedAt[t] != start) {
                    visitedAt[t] = start;
                    queue[tail++] = t;
                }
            }
            while (head < tail) {
                int x = queue[head++];
                for (int k = offsets[x]; k < offsets[x + 1]; k++) {
                    int t = targets[k];
                    if (visitedAt[t] != start) {
                        visitedAt[t] = start;
                        queue[tail++] = t;
                    }
                }
            }
            total += tail;
        }
        return total;
    }
}
