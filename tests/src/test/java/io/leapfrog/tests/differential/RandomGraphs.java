package io.leapfrog.tests.differential;

import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;

import java.util.Random;

/** Random relations for the differential tests: uniform and R-MAT (power-law degree) edge sets. */
public final class RandomGraphs {
    private RandomGraphs() {
    }

    /** {@code edges} edges between nodes 0..nodes-1, uniformly at random (self-loops allowed). */
    public static Relation uniform(Random rnd, int nodes, int edges) {
        RelationBuilder b = new RelationBuilder(2, edges);
        for (int i = 0; i < edges; i++) {
            b.add(rnd.nextInt(nodes), rnd.nextInt(nodes));
        }
        return b.build();
    }

    /**
     * R-MAT edges on 2^scale nodes (quadrant probabilities 0.57/0.19/0.19/0.05): a few hubs with very
     * high degree and many low-degree nodes, the skew that hurts badly parallelised or binary joins.
     */
    public static Relation rmat(Random rnd, int scale, int edges) {
        RelationBuilder b = new RelationBuilder(2, edges);
        for (int i = 0; i < edges; i++) {
            int x = 0;
            int y = 0;
            for (int bit = 0; bit < scale; bit++) {
                double p = rnd.nextDouble();
                int q = p < 0.57 ? 0 : p < 0.76 ? 1 : p < 0.95 ? 2 : 3;
                x = (x << 1) | (q >> 1);
                y = (y << 1) | (q & 1);
            }
            b.add(x, y);
        }
        return b.build();
    }

    /** Both directions of every edge. */
    public static Relation symmetric(Relation e) {
        return e.union(e.project(1, 0));
    }

    /** {@code n} random tuples of the given arity with values in [0, range). */
    public static Relation random(Random rnd, int arity, int n, int range) {
        RelationBuilder b = new RelationBuilder(arity, n);
        int[] t = new int[arity];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < arity; c++) {
                t[c] = rnd.nextInt(range);
            }
            b.add(t);
        }
        return b.build();
    }
}
