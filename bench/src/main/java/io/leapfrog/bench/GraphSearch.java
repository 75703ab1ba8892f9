package io.leapfrog.bench;

/**
 * A graph-mining query of the bench: which of Leapfrog's mining predicates it calls with which parameters,
 * the Datalog program that calls it, and its name. The count compared between engines is the size of the
 * maximum clique for {@link Kind#MAX_CLIQUE} (a peer lists one maximum clique; Leapfrog lists all of them and
 * reports how many), else the number of sets found.
 *
 * @param gamma    the quasi-clique density as written in the program (exact decimal), or null
 * @param minSize  the quasi-cliques' τ, or the maximal cliques' minimum size
 */
public record GraphSearch(Kind kind, int k, String gamma, int minSize) {

    /** The predicates the bench calls. */
    public enum Kind { MAX_CLIQUE, K_CLIQUES, MAXIMAL_CLIQUES, QUASI_CLIQUES }

    /** The relation the one-row answer of {@link Kind#MAX_CLIQUE}: (size, member rows of all maximum cliques). */
    static final String MAX_CLIQUES_RELATION = "max_cliques";

    static GraphSearch maxClique() {
        return new GraphSearch(Kind.MAX_CLIQUE, 0, null, 0);
    }

    static GraphSearch kCliques(int k) {
        return new GraphSearch(Kind.K_CLIQUES, k, null, 0);
    }

    /**
     * All maximal cliques: the graph has no isolated vertex (its vertices are those of its edges), so every
     * maximal clique has at least 2 vertices and minimum size 1 drops none.
     */
    static GraphSearch maximalCliques() {
        return new GraphSearch(Kind.MAXIMAL_CLIQUES, 0, null, 1);
    }

    static GraphSearch quasiCliques(String gamma, int minSize) {
        return new GraphSearch(Kind.QUASI_CLIQUES, 0, gamma, minSize);
    }

    /** The query's name in --queries. */
    public String id() {
        return switch (kind) {
            case MAX_CLIQUE -> "maxclique";
            case K_CLIQUES -> "kclique-" + k;
            case MAXIMAL_CLIQUES -> "maximal-cliques";
            case QUASI_CLIQUES -> "quasi-" + gamma + "-" + minSize;
        };
    }

    String answerRelation() {
        return switch (kind) {
            case MAX_CLIQUE -> MAX_CLIQUES_RELATION;
            case K_CLIQUES -> "kcliques";
            case MAXIMAL_CLIQUES -> "maximal_cliques";
            case QUASI_CLIQUES -> "quasi_cliques";
        };
    }

    /**
     * Leapfrog's program. The set counts are {@code .printsize}d rules over the call without members, which
     * the engine counts without listing (64 bits). The maximum clique takes both counts in one rule, which
     * the engine answers with one search: the cliques and their members, whose quotient is the size.
     */
    String program() {
        String head = ".decl e(x:number, y:number)\n.input e\n";
        String relation = answerRelation();
        return switch (kind) {
            case MAX_CLIQUE -> head + ".decl " + relation + "(size:number, members:number)\n.output " + relation + "\n"
                    + relation + "(s, m) :- n = count : { max_clique(e, _) }, m = count : { max_clique(e, _, _) }, n > 0, s = m / n.\n";
            case K_CLIQUES -> sized(head, relation, "k_clique(e, " + k + ", c)");
            case MAXIMAL_CLIQUES -> sized(head, relation, "maximal_clique(e, " + minSize + ", c)");
            case QUASI_CLIQUES -> sized(head, relation, "quasi_clique(e, " + gamma + ", " + minSize + ", c)");
        };
    }

    private static String sized(String head, String relation, String call) {
        return head + ".decl " + relation + "(c:number)\n.printsize " + relation + "\n" + relation + "(c) :- " + call + ".\n";
    }
}
