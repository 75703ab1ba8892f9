package io.leapfrog.engine.eval;

import io.leapfrog.exec.storage.DegreeRenumbering;
import io.leapfrog.exec.storage.Relation;

import java.util.List;

/**
 * A counted body that is a k-clique query (k &gt;= 3) over one graph relation E: atoms {@code E(u, v)}
 * joining every pair of its variables, and nothing else but strict comparisons between them. Such a
 * body matches each k-clique of the graph exactly once when
 * <ul>
 *   <li>E is symmetric and the comparisons order all k variables ({@code x < y < z}): the one ordering
 *       of the clique's nodes by value; or</li>
 *   <li>every tuple of E is increasing ({@code a < b}) and the atoms' directions, with the comparisons,
 *       form no cycle: the atoms then order all k variables (every pair is an atom), and the clique's
 *       nodes taken by increasing value are the one binding.</li>
 * </ul>
 * Either way the count is the graph's number of k-cliques, which any numbering of the nodes keeps; so
 * the join may count over E with its nodes numbered by degree ({@link DegreeRenumbering}), where each
 * node's later neighbours are few. Which case holds is known only from the data ({@link #applies});
 * whether it pays is measured ({@link #prefer}); a relation of neither shape is counted as it is.
 */
final class DegreeOrderedCount {

    /** Renumbering must cut the measured work below this fraction. */
    static final double MARGIN = 0.85;

    private final String relation;
    /** The comparisons alone order every variable. */
    private final boolean orderedByComparisons;
    /** The atoms' directions and the comparisons form no cycle. */
    private final boolean acyclicAsEdges;

    private DegreeOrderedCount(String relation, boolean orderedByComparisons, boolean acyclicAsEdges) {
        this.relation = relation;
        this.orderedByComparisons = orderedByComparisons;
        this.acyclicAsEdges = acyclicAsEdges;
    }

    /**
     * The clique count of a body, or null when the body is no clique query.
     *
     * @param relation the one relation of every atom (binary, each atom binding two variables)
     * @param edges    per atom its two variables {u, v}, as in {@code E(u, v)}
     * @param bounds   comparisons {a, b, strict}: a &lt; b (strict) or a &lt;= b
     * @param vars     the number of variables, all bound by the atoms
     */
    static DegreeOrderedCount of(String relation, List<int[]> edges, List<int[]> bounds, int vars) {
        if (vars < 3) {
            return null;
        }
        boolean[][] joined = new boolean[vars][vars];
        boolean[][] byEdges = new boolean[vars][vars];
        for (int[] e : edges) {
            if (e[0] == e[1]) {
                return null;
            }
            joined[e[0]][e[1]] = joined[e[1]][e[0]] = true;
            byEdges[e[0]][e[1]] = true;
        }
        boolean[][] byComparisons = new boolean[vars][vars];
        for (int[] b : bounds) {
            if (b[2] != 1) {
                return null;   // a <= b would admit a binding with equal values
            }
            byComparisons[b[0]][b[1]] = true;
            byEdges[b[0]][b[1]] = true;
        }
        for (int u = 0; u < vars; u++) {
            for (int v = u + 1; v < vars; v++) {
                if (!joined[u][v]) {
                    return null;   // not a clique: its count depends on how the nodes are numbered
                }
            }
        }
        closeTransitively(byComparisons);
        closeTransitively(byEdges);
        boolean total = true;
        boolean acyclic = true;
        for (int u = 0; u < vars; u++) {
            acyclic &= !byEdges[u][u];
            total &= !byComparisons[u][u];
            for (int v = u + 1; v < vars; v++) {
                total &= byComparisons[u][v] || byComparisons[v][u];
            }
        }
        return total || acyclic ? new DegreeOrderedCount(relation, total, acyclic) : null;
    }

    /** Floyd-Warshall's closure of a "before" relation. */
    private static void closeTransitively(boolean[][] before) {
        int n = before.length;
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                if (before[i][k]) {
                    for (int j = 0; j < n; j++) {
                        before[i][j] |= before[k][j];
                    }
                }
            }
        }
    }

    String relation() {
        return relation;
    }

    /** Whether this relation (E's value now) has a shape under which renumbering keeps the count. */
    boolean applies(Relation r) {
        return switch (DegreeRenumbering.shapeOf(r)) {
            case SYMMETRIC -> orderedByComparisons;
            case INCREASING -> acyclicAsEdges;
            case OTHER -> false;
        };
    }

    /**
     * Nanoseconds one unit of measured work takes on one core (the SNAP 4-clique joins: 4.6-7 on an
     * H100 machine's cores, 4.9 on the 2-core development machine).
     */
    static final double NANOS_PER_WORK_UNIT = 4;
    /**
     * Nanoseconds renumbering costs per tuple of the graph, the renumbered trie included: 13-21 on the
     * SNAP graphs, 36 on rmat-20 (memory-bound there), on the 2-core machine.
     */
    static final double NANOS_PER_TUPLE_RENUMBERED = 20;

    /**
     * Whether renumbering could pay at all: the join as numbered, at {@code cores} cores' speed, takes
     * longer than renumbering its graph of {@code tuples} tuples. When not, even a renumbered join of no
     * work would not win back the renumbering (paid in every evaluation: the relation is new each time),
     * so the renumbered graph is neither built nor measured. Unmeasured work (-1) gives no grounds to skip.
     */
    static boolean mayPay(long asNumbered, double cores, long tuples) {
        return asNumbered < 0 || joinNanos(asNumbered, cores) > renumberNanos(tuples);
    }

    /**
     * Whether to count over the renumbered graph, from the work the join's best order measured on each
     * (-1: not measured). It must cut the work clearly ({@link #MARGIN}: it is no help on every graph;
     * ca-GrQc's cliques take slightly more work with degree numbering than with its own ids), and the
     * join time it saves at {@code cores} cores' speed must exceed the renumbering's own time: with 16
     * threads, or on a GPU, renumbering a graph of 100,000 edges (1.3-2 ms) can take longer than it
     * saves the join. Unmeasured, the renumbering's guarantee decides: every node's later
     * neighbours are at most about sqrt(2m).
     */
    static boolean prefer(long byDegree, long asNumbered, double cores, long tuples) {
        if (byDegree < 0 || asNumbered < 0) {
            return asNumbered < 0;
        }
        return byDegree < MARGIN * asNumbered && joinNanos(asNumbered - byDegree, cores) > renumberNanos(tuples);
    }

    static double joinNanos(long work, double cores) {
        return work * NANOS_PER_WORK_UNIT / cores;
    }

    static double renumberNanos(long tuples) {
        return tuples * NANOS_PER_TUPLE_RENUMBERED;
    }

    /** Why this relation may or may not be renumbered, for EXPLAIN with data. */
    String shapeReason(Relation r) {
        return switch (DegreeRenumbering.shapeOf(r)) {
            case SYMMETRIC -> orderedByComparisons ? relation + " is symmetric and the comparisons order every variable"
                    : relation + " is symmetric, but the comparisons do not order every variable";
            case INCREASING -> acyclicAsEdges ? "every tuple of " + relation + " is increasing"
                    : "every tuple of " + relation + " is increasing, but the atoms' directions form a cycle";
            case OTHER -> relation + " is neither symmetric nor increasing in every tuple";
        };
    }

    /** The EXPLAIN line, before the data is known. */
    String explainLine() {
        return "clique count over " + relation + ": counted with its nodes renumbered by degree when " + relation
                + (orderedByComparisons && acyclicAsEdges ? " is symmetric or increasing in every tuple"
                : orderedByComparisons ? " is symmetric" : " is increasing in every tuple");
    }
}
