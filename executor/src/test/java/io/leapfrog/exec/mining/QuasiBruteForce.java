package io.leapfrog.exec.mining;

import java.util.ArrayList;
import java.util.List;

/**
 * The answer by definition, for graphs of at most 20 vertices given as neighbour bit masks: every vertex
 * subset is tested, the quasi-cliques without a quasi-clique strictly containing them are kept, then those
 * of at least τ vertices. The degree bound ⌈num·(s−1)/den⌉ is found by counting up, independently of
 * {@link Gamma}.
 */
final class QuasiBruteForce {
    private QuasiBruteForce() {
    }

    /** The maximal quasi-cliques of at least {@code tau} vertices, each as a sorted array of vertex numbers. */
    static List<int[]> maximal(int n, int[] neighbours, long num, long den, int tau) {
        if (n > 20) {
            throw new IllegalArgumentException("too many vertices for the brute force: " + n);
        }
        int[] need = new int[n + 1];
        for (int s = 1; s <= n; s++) {
            int d = 0;
            while ((long) d * den < num * (s - 1)) {
                d++;
            }
            need[s] = d;
        }
        int subsets = 1 << n;
        boolean[] quasi = new boolean[subsets];
        for (int mask = 1; mask < subsets; mask++) {
            int least = need[Integer.bitCount(mask)];
            boolean ok = true;
            for (int rest = mask; rest != 0 && ok; rest &= rest - 1) {
                int v = Integer.numberOfTrailingZeros(rest);
                ok = Integer.bitCount(neighbours[v] & mask) >= least;
            }
            quasi[mask] = ok;
        }
        // within[mask]: some quasi-clique contains mask (mask itself included); larger masks come first.
        boolean[] within = new boolean[subsets];
        List<int[]> out = new ArrayList<>();
        for (int mask = subsets - 1; mask >= 1; mask--) {
            boolean strictly = false;
            for (int v = 0; v < n && !strictly; v++) {
                if ((mask & (1 << v)) == 0) {
                    strictly = within[mask | (1 << v)];
                }
            }
            within[mask] = quasi[mask] || strictly;
            if (quasi[mask] && !strictly && Integer.bitCount(mask) >= tau) {
                out.add(members(mask));
            }
        }
        return out;
    }

    private static int[] members(int mask) {
        int[] m = new int[Integer.bitCount(mask)];
        int k = 0;
        for (int rest = mask; rest != 0; rest &= rest - 1) {
            m[k++] = Integer.numberOfTrailingZeros(rest);
        }
        return m;
    }
}
