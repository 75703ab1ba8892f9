package io.leapfrog.exec.mining;

import java.util.Arrays;

/**
 * A graph's edges oriented from the earlier to the later vertex of its degeneracy order, with vertices
 * renamed by their rank in that order: rank r's out-neighbours are the ranks above r it is adjacent to,
 * sorted. Each vertex then has at most {@link Degeneracy#degeneracy()} out-neighbours, and every clique is
 * reached exactly once, from its vertex of least rank.
 */
final class OrientedGraph {
    private final int[] vertexOf;
    private final int[] coreOf;
    private final int[] offsets;
    private final int[] targets;
    private final int maxOutDegree;

    private OrientedGraph(int[] vertexOf, int[] coreOf, int[] offsets, int[] targets, int maxOutDegree) {
        this.vertexOf = vertexOf;
        this.coreOf = coreOf;
        this.offsets = offsets;
        this.targets = targets;
        this.maxOutDegree = maxOutDegree;
    }

    static OrientedGraph of(Graph g, Degeneracy d) {
        int n = g.size();
        int[] adj = g.adjacency();
        int[] offsets = new int[n + 1];
        int[] coreOf = new int[n];
        // Both passes read the adjacency in vertex order, so it streams from memory; each out-list is
        // then written in one place and sorted there (it holds at most the degeneracy of ranks).
        for (int v = 0; v < n; v++) {
            int r = d.position(v);
            coreOf[r] = d.core(v);
            int out = 0;
            for (int j = g.start(v), e = g.start(v + 1); j < e; j++) {
                if (d.position(adj[j]) > r) {
                    out++;
                }
            }
            offsets[r + 1] = out;
        }
        int maxOut = 0;
        for (int r = 0; r < n; r++) {
            maxOut = Math.max(maxOut, offsets[r + 1]);
            offsets[r + 1] += offsets[r];
        }
        int[] targets = new int[offsets[n]];
        for (int v = 0; v < n; v++) {
            int r = d.position(v);
            int k = offsets[r];
            for (int j = g.start(v), e = g.start(v + 1); j < e; j++) {
                int s = d.position(adj[j]);
                if (s > r) {
                    targets[k++] = s;
                }
            }
            Arrays.sort(targets, offsets[r], k);
        }
        return new OrientedGraph(d.order(), coreOf, offsets, targets, maxOut);
    }

    int size() {
        return coreOf.length;
    }

    /** Where rank r's out-neighbours start in {@link #targets()}; they end at {@code start(r + 1)}. */
    int start(int r) {
        return offsets[r];
    }

    int outDegree(int r) {
        return offsets[r + 1] - offsets[r];
    }

    /** Every rank's out-neighbours (ranks), each rank's sorted. Not to be modified. */
    int[] targets() {
        return targets;
    }

    /** The graph's vertex number of rank r. */
    int vertex(int r) {
        return vertexOf[r];
    }

    /** The core number of the vertex of rank r. */
    int core(int r) {
        return coreOf[r];
    }

    int maxOutDegree() {
        return maxOutDegree;
    }
}
