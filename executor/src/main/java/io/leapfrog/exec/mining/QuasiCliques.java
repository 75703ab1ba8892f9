package io.leapfrog.exec.mining;

import java.util.Arrays;
import java.util.Objects;

/**
 * Maximal γ-quasi-cliques of a graph. A set S of vertices is a γ-quasi-clique when each member has at
 * least ⌈γ(|S|−1)⌉ neighbours in S; it is maximal when no strictly larger set containing it is one. The
 * search enumerates sets in the style of Quick+ (see {@link QuasiSearch} for its rules), one root task
 * per vertex, and ends by dropping every found set that another found set strictly contains.
 *
 * <p>Memory: every found set is held until the final filter, and each thread holds a bit matrix of its
 * current root task's candidates (m²/8 bytes for m candidates).
 */
public final class QuasiCliques {
    private QuasiCliques() {
    }

    /**
     * The maximal γ-quasi-cliques of {@code g} with at least {@code minSize} vertices, exactly: γ is a
     * fraction, so no degree bound is rounded. The same sets for any thread count.
     *
     * @param minSize the fewest vertices an answer has (τ), at least 1
     * @param threads threads to search with, the calling one included, at least 1
     * @return the answers as vertex numbers of {@code g}
     * @throws IllegalArgumentException when minSize or threads is below 1
     * @throws io.leapfrog.common.LeapfrogException when the calling thread is interrupted meanwhile
     */
    public static VertexSets maximal(Graph g, Gamma gamma, int minSize, int threads) {
        Objects.requireNonNull(g, "graph");
        Objects.requireNonNull(gamma, "gamma");
        if (minSize < 1) {
            throw new IllegalArgumentException("the least size of a quasi-clique must be at least 1, not " + minSize);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        int n = g.size();
        if (minSize > n) {
            return new VertexSets();
        }
        QuasiThresholds thresholds = new QuasiThresholds(gamma, n);
        // Core pruning: each member of a quasi-clique Q of at least minSize vertices has at least
        // k = ⌈γ(minSize−1)⌉ neighbours in Q, so Q lies in the k-core (the vertices of core number >= k).
        // Being a quasi-clique depends on Q's own edges only, so every answer, and every quasi-clique
        // that could contain one, is a set of the k-core. Its vertices keep the degeneracy order, which
        // is a degeneracy order of the k-core too: a root then has few later neighbours, which bounds
        // the quasi-cliques of its task.
        int least = thresholds.need(minSize - 1);
        Degeneracy degeneracy = Degeneracy.of(g);
        int[] all = degeneracy.order();
        int[] order = new int[n];
        int[] position = new int[n];
        Arrays.fill(position, -1);
        int kept = 0;
        for (int v : all) {
            if (degeneracy.core(v) >= least) {
                position[v] = kept;
                order[kept++] = v;
            }
        }
        order = Arrays.copyOf(order, kept);
        VertexSets candidates = QuasiRootTasks.search(g, order, position, thresholds, minSize, threads);
        return MaximalSets.of(candidates, n);
    }
}
