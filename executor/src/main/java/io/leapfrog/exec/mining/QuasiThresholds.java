package io.leapfrog.exec.mining;

/**
 * The integer thresholds a quasi-clique search compares degrees with, tabulated once for sets of up to
 * {@code n} vertices (no quasi-clique of an n-vertex graph is larger).
 */
final class QuasiThresholds {
    /** Stands for "no quasi-clique of the graph can meet this": larger than any count of vertices. */
    static final int UNREACHABLE = Integer.MAX_VALUE / 4;

    private final Gamma gamma;
    /** ⌈γk⌉ for k = 0..n. */
    private final int[] need;
    /** For s = 0..n+1: the fewest common neighbours two adjacent members of a quasi-clique of s..n vertices share. */
    private final int[] sharedAdjacent;

    QuasiThresholds(Gamma gamma, int n) {
        this.gamma = gamma;
        need = new int[n + 1];
        for (int k = 0; k <= n; k++) {
            need[k] = (int) gamma.ceilTimes(k);
        }
        // Two members u, w of a quasi-clique Q of s vertices each have at least q = ⌈γ(s−1)⌉ neighbours in Q.
        // When adjacent, each has at least q−1 of them among the s−2 other members, so they share at least
        // 2(q−1) − (s−2) = 2q − s; when not adjacent, at least q each, so they share at least 2q − s + 2.
        // The count is not monotone in s (⌈γ(s−1)⌉ can stay put while s grows), hence the suffix minimum.
        sharedAdjacent = new int[n + 2];
        sharedAdjacent[n + 1] = UNREACHABLE;
        for (int s = n; s >= 0; s--) {
            int here = s == 0 ? UNREACHABLE : 2 * need[s - 1] - s;
            sharedAdjacent[s] = Math.min(here, sharedAdjacent[s + 1]);
        }
    }

    /** ⌈γk⌉: the neighbours each member of a quasi-clique of k+1 vertices needs in it. */
    int need(int k) {
        return need[k];
    }

    /** The largest quasi-clique a member with {@code degree} neighbours in it can be part of. */
    int maxSize(int degree) {
        return gamma.maxSize(degree);
    }

    /**
     * The fewest vertices to add to a set of {@code size} members for one of them with {@code inside}
     * neighbours among the members to meet the degree bound, if each added vertex were its neighbour:
     * the smallest t >= 0 with inside + t >= ⌈γ(size + t − 1)⌉, or {@link #UNREACHABLE}.
     */
    int minExtension(int inside, int size) {
        long num = gamma.numerator();
        long den = gamma.denominator();
        // inside + t >= γ(size + t − 1)  <=>  t·(den − num) >= num·(size − 1) − den·inside
        long missing = num * (size - 1) - den * inside;
        if (missing <= 0) {
            return 0;
        }
        if (num == den) {
            return UNREACHABLE;
        }
        long t = (missing + (den - num) - 1) / (den - num);
        return (int) Math.min(t, UNREACHABLE);
    }

    /** The fewest common neighbours (inside the set) of two adjacent members of a quasi-clique of at least {@code size} vertices. */
    int sharedByAdjacent(int size) {
        return sharedAdjacent[Math.max(0, Math.min(size, sharedAdjacent.length - 1))];
    }

    /** The same for two members that are not adjacent. */
    int sharedByNonAdjacent(int size) {
        return sharedByAdjacent(size) + 2;
    }
}
