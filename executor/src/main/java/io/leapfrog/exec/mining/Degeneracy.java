package io.leapfrog.exec.mining;

import java.util.Arrays;

/**
 * The k-core decomposition of a graph by smallest-last peeling (Matula and Beck), in linear time: the
 * degeneracy order removes a vertex of least remaining degree at each step, and a vertex's core number is
 * the largest such least degree up to its removal, so core numbers never decrease along the order.
 * Orienting every edge from the earlier to the later vertex of that order leaves each vertex at most its
 * core number, so at most {@link #degeneracy()}, later neighbours, which bounds the cliques through it; and
 * its later neighbours all have a core number at least its own.
 */
public final class Degeneracy {
    private final int[] order;
    private final int[] position;
    private final int[] core;
    private final int degeneracy;

    private Degeneracy(int[] order, int[] position, int[] core, int degeneracy) {
        this.order = order;
        this.position = position;
        this.core = core;
        this.degeneracy = degeneracy;
    }

    /** The decomposition of {@code g}. Among vertices of equal least degree the choice is fixed by the graph. */
    public static Degeneracy of(Graph g) {
        int n = g.size();
        int maxDeg = 0;
        int[] deg = new int[n];
        for (int v = 0; v < n; v++) {
            deg[v] = g.degree(v);
            maxDeg = Math.max(maxDeg, deg[v]);
        }
        // Batagelj and Zaversnik's layout: order[i..n) holds the vertices not yet removed, sorted by
        // remaining degree, and start[d] is where those of degree d begin. A vertex whose degree drops
        // swaps with the first of its bucket and moves that bucket's start past itself.
        int[] start = new int[maxDeg + 2];
        for (int v = 0; v < n; v++) {
            start[deg[v] + 1]++;
        }
        for (int d = 0; d <= maxDeg; d++) {
            start[d + 1] += start[d];
        }
        int[] order = new int[n];
        int[] position = new int[n];
        int[] fill = Arrays.copyOf(start, maxDeg + 1);
        for (int v = 0; v < n; v++) {
            position[v] = fill[deg[v]]++;
            order[position[v]] = v;
        }
        int[] core = new int[n];
        int[] adj = g.adjacency();
        int level = 0;
        for (int i = 0; i < n; i++) {
            int v = order[i];
            int dv = deg[v];
            level = Math.max(level, dv);
            core[v] = level;
            // v was the first of the least bucket. Below it every bucket is empty, and only the next one
            // down can fill now (a neighbour loses one): both begin after v.
            start[dv] = i + 1;
            if (dv > 0) {
                start[dv - 1] = i + 1;
            }
            for (int j = g.start(v), e = g.start(v + 1); j < e; j++) {
                int u = adj[j];
                int pu = position[u];
                if (pu > i) {
                    int du = deg[u];
                    int pw = start[du];
                    int w = order[pw];
                    order[pu] = w;
                    position[w] = pu;
                    order[pw] = u;
                    position[u] = pw;
                    start[du] = pw + 1;
                    deg[u] = du - 1;
                }
            }
        }
        return new Degeneracy(order, position, core, level);
    }

    /** The vertices in degeneracy order. Not to be modified. */
    public int[] order() {
        return order;
    }

    /** Where {@code v} stands in {@link #order()}. */
    public int position(int v) {
        return position[v];
    }

    /** The core number of {@code v}: the largest k such that v is in the k-core. */
    public int core(int v) {
        return core[v];
    }

    /** The graph's degeneracy: the largest core number. */
    public int degeneracy() {
        return degeneracy;
    }
}
