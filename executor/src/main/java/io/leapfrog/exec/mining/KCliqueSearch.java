package io.leapfrog.exec.mining;

import java.util.Locale;

/** How the cliques of k vertices are counted, on the CPU ({@link KCliques}) and on the GPU ({@link GpuKCliques}). */
public enum KCliqueSearch {
    /**
     * kClist's (Danisch et al., WWW 2018): the members chosen one by one in increasing order, each among the
     * later candidates adjacent to all before it, the last two levels as popcounts. Visits every (k - 2)-clique.
     */
    LISTING,
    /**
     * Pivoter's (Jain and Seshadhri, WSDM 2020): a pivot per node, the candidates outside its neighbourhood
     * branched on as held vertices, a leaf adding a binomial ({@link PivotCount}). Far fewer nodes than
     * cliques for large k.
     */
    PIVOTING;

    /** The search's name in explain lines: "listing" or "pivoting". */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
