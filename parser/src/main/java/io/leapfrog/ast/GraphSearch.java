package io.leapfrog.ast;

import java.math.BigDecimal;

/**
 * A graph-mining predicate as a program calls it ({@code k_clique(edge, 6, c)}): which search, the binary
 * relation it reads, its parameters, and whether its rows list each set's members ({@code (id, vertex)})
 * or only the sets ({@code (id)}). The checker turns each distinct call into a relation of its own, named
 * by {@link #relationName()}, that the search fills before any rule reads it.
 *
 * @param size    k for {@code k_clique}; the least size for {@code maximal_clique} and {@code quasi_clique}; 0 else
 * @param gamma   the density of {@code quasi_clique} (in [0.5, 1], as written), null else
 * @param members whether the rows are (id, vertex) rather than (id)
 */
public record GraphSearch(Kind kind, String input, int size, BigDecimal gamma, boolean members, SourcePos pos) {
    /** The largest k of k_clique: a clique that large needs a graph no machine holds long before it. */
    public static final int MAX_K = 1024;

    /** The searches, by the predicate's name. */
    public enum Kind {
        /** Every clique of exactly k vertices. */
        K_CLIQUE("k_clique", "k"),
        /** Every clique of the largest size. */
        MAX_CLIQUE("max_clique"),
        /** Every maximal clique of at least the given size. */
        MAXIMAL_CLIQUE("maximal_clique", "min_size"),
        /** Every maximal gamma-quasi-clique of at least the given size. */
        QUASI_CLIQUE("quasi_clique", "gamma", "min_size");

        public final String predicate;
        /** The parameters between the relation and the outputs, by name. */
        public final java.util.List<String> parameters;

        Kind(String predicate, String... parameters) {
            this.predicate = predicate;
            this.parameters = java.util.List.of(parameters);
        }

        /** The search a predicate name calls, or null. */
        public static Kind of(String predicate) {
            for (Kind k : values()) {
                if (k.predicate.equals(predicate)) {
                    return k;
                }
            }
            return null;
        }
    }

    /**
     * The name of the relation that holds the call's rows: the predicate with its relation and parameters in
     * brackets, {@code quasi_clique[edge, 0.8, 10]} for rows (id, vertex), {@code .ids} after it for rows (id).
     * No declared relation can have it (it is not an identifier).
     */
    public String relationName() {
        StringBuilder sb = new StringBuilder(kind.predicate).append('[').append(input);
        switch (kind) {
            case K_CLIQUE, MAXIMAL_CLIQUE -> sb.append(", ").append(size);
            case QUASI_CLIQUE -> sb.append(", ").append(gamma.toPlainString()).append(", ").append(size);
            case MAX_CLIQUE -> { }
        }
        return sb.append(members ? "]" : "].ids").toString();
    }

    /** What the search finds, in words (for explain). */
    public String describe() {
        String sets = switch (kind) {
            case K_CLIQUE -> "the " + size + "-cliques";
            case MAX_CLIQUE -> "every maximum clique";
            case MAXIMAL_CLIQUE -> "the maximal cliques of at least " + size + " vertices";
            case QUASI_CLIQUE -> "the maximal " + gamma.toPlainString() + "-quasi-cliques of at least " + size + " vertices";
        };
        return sets + " of " + input + " (as an undirected graph: both directions, no self-loops), "
                + (members ? "one row (id, vertex) per member" : "one row (id) per set");
    }
}
