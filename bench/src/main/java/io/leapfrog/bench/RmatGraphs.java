package io.leapfrog.bench;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * R-MAT graphs (Chakrabarti et al.) as Graph500 makes them: 2^scale vertices, edgeFactor * 2^scale edge
 * draws, each draw descending the adjacency matrix quadrant by quadrant with probabilities a, b, c and
 * d = 1-a-b-c; vertex labels then randomly permuted (so that ids carry no degree information). The
 * result of {@link #generate} is undirected and simple: self-loops and duplicates dropped, each edge once as
 * (u, v) with u &lt; v, sorted; {@link #generateDirected} keeps each draw's direction (the graphs of the
 * recursive queries, dataset names {@code rmat-tc-<scale>}). Deterministic for a seed, whatever the number of
 * threads.
 */
public final class RmatGraphs {
    public static final double A = 0.57;
    public static final double B = 0.19;
    public static final double C = 0.19;
    private static final int CHUNK = 1 << 20;
    /** The edge factor of the rmat-tc graphs (see bench/README.md: closures grow quadratically with it). */
    public static final int CLOSURE_EDGE_FACTOR = 2;

    private RmatGraphs() {
    }

    /** The dataset name {@code rmat-<scale>} (edge factor 16), or -1 when {@code name} is not one. */
    public static int scaleOf(String name) {
        if (!name.startsWith("rmat-")) {
            return -1;
        }
        try {
            int s = Integer.parseInt(name.substring(5));
            if (s < 1 || s > 30) {
                throw new BenchException("rmat scale " + s + " outside 1..30");
            }
            return s;
        } catch (NumberFormatException e) {
            throw new BenchException("bad R-MAT dataset name '" + name + "': use rmat-<scale>, e.g. rmat-20");
        }
    }

    /**
     * The dataset name {@code rmat-tc-<scale>} (a directed graph, edge factor {@link #CLOSURE_EDGE_FACTOR}), or
     * -1 when {@code name} is not one.
     */
    public static int closureScaleOf(String name) {
        if (!name.startsWith("rmat-tc-")) {
            return -1;
        }
        try {
            int s = Integer.parseInt(name.substring(8));
            if (s < 1 || s > 30) {
                throw new BenchException("rmat-tc scale " + s + " outside 1..30");
            }
            return s;
        } catch (NumberFormatException e) {
            throw new BenchException("bad R-MAT dataset name '" + name + "': use rmat-tc-<scale>, e.g. rmat-tc-12");
        }
    }

    /** The undirected graph: each drawn pair once as (min, max), sorted. */
    public static EdgeList generate(int scale, int edgeFactor, long seed) {
        return generate(scale, edgeFactor, seed, true);
    }

    /** The directed graph: each drawn pair (u, v) as an edge u -&gt; v, self-loops and duplicates dropped, sorted. */
    public static EdgeList generateDirected(int scale, int edgeFactor, long seed) {
        return generate(scale, edgeFactor, seed, false);
    }

    private static EdgeList generate(int scale, int edgeFactor, long seed, boolean undirected) {
        int n = 1 << scale;
        long draws = (long) edgeFactor << scale;
        if (draws > Integer.MAX_VALUE - 8) {
            throw new BenchException("R-MAT scale " + scale + " with edge factor " + edgeFactor + " is too large");
        }
        int[] perm = permutation(n, new SplittableRandom(seed ^ 0x5DEECE66DL));
        long[] keys = new long[(int) draws];
        int chunks = (int) ((draws + CHUNK - 1) / CHUNK);
        IntStream.range(0, chunks).parallel().forEach(ch -> {
            SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + ch);
            int from = ch * CHUNK;
            int to = (int) Math.min(draws, (long) from + CHUNK);
            for (int i = from; i < to; i++) {
                int u = 0;
                int v = 0;
                for (int bit = 0; bit < scale; bit++) {
                    double p = r.nextDouble();
                    int bu;
                    int bv;
                    if (p < A) {
                        bu = 0;
                        bv = 0;
                    } else if (p < A + B) {
                        bu = 0;
                        bv = 1;
                    } else if (p < A + B + C) {
                        bu = 1;
                        bv = 0;
                    } else {
                        bu = 1;
                        bv = 1;
                    }
                    u = u << 1 | bu;
                    v = v << 1 | bv;
                }
                int x = perm[u];
                int y = perm[v];
                if (x == y) {
                    keys[i] = -1L;
                } else if (undirected) {
                    keys[i] = ((long) Math.min(x, y) << 32) | Math.max(x, y);
                } else {
                    keys[i] = ((long) x << 32) | y;
                }
            }
        });
        Arrays.parallelSort(keys);
        int m = 0;
        long prev = -1;
        for (long k : keys) {
            if (k >= 0 && k != prev) {
                m++;
            }
            prev = k;
        }
        int[] src = new int[m];
        int[] dst = new int[m];
        int i = 0;
        prev = -1;
        for (long k : keys) {
            if (k >= 0 && k != prev) {
                src[i] = (int) (k >>> 32);
                dst[i] = (int) k;
                i++;
            }
            prev = k;
        }
        return new EdgeList(src, dst);
    }

    private static int[] permutation(int n, SplittableRandom r) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }
}
