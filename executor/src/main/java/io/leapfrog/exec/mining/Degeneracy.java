package io.leapfrog.exec.mining;

/**
 * The k-core decomposition of a graph (Batagelj and Zaversnik's bucket algorithm, linear time): each
 * vertex's core number, and the degeneracy order that removes a vertex of least remaining degree at each
 * step. Orienting every edge from the earlier to the later vertex of that order leaves each vertex at most
 * {@link #degeneracy()} later neighbours, which bounds the cliques through it.
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

    public static Degeneracy of(Graph g) {
        int n = g.size();
        int maxDeg = 0;
        int[] deg = new int[n];
        for (int v = 0; v < n; v++) {
            deg[v] = g.degree(v);
            maxDeg = Math.max(maxDeg, deg[v]);
        }
        int[] bin = new int[maxDeg + 1];
        for (int v = 0; v < n; v++) {
            bin[deg[v]]++;
        }
        int start = 0;
        for (int d = 0; d <= maxDeg; d++) {
            int c = bin[d];
            bin[d] = start;
            start += c;
        }
        int[] pos = new int[n];
        int[] vert = new int[n];
        for (int v = 0; v < n; v++) {
            pos[v] = bin[deg[v]];
            vert[pos[v]] = v;
            bin[deg[v]]++;
        }
        for (int d = maxDeg; d > 0; d--) {
            bin[d] = bin[d - 1];
        }
        if (maxDeg >= 0 && bin.length > 0) {
            bin[0] = 0;
        }
        int[] adj = g.adjacency();
        int degeneracy = 0;
        for (int i = 0; i < n; i++) {
            int v = vert[i];
            degeneracy = Math.max(degeneracy, deg[v]);
            for (int j = g.start(v); j < g.start(v + 1); j++) {
                int u = adj[j];
                if (deg[u] > deg[v]) {
                    int du = deg[u];
                    int pu = pos[u];
                    int pw = bin[du];
                    int w = vert[pw];
                    if (u != w) {
                        pos[u] = pw;
                        vert[pu] = w;
                        pos[w] = pu;
                        vert[pw] = u;
                    }
                    bin[du]++;
                    deg[u]--;
                }
            }
        }
        return new Degeneracy(vert, pos, deg, degeneracy);
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
