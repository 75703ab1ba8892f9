package io.leapfrog.bench;

/**
 * The text of each query for the SQL and Cypher peers, over the oriented edge table {@code e(src, dst)}
 * (src &lt; dst on the SNAP graphs, so each clique matches exactly once without ordering predicates).
 */
public final class PeerQueries {

    private PeerQueries() {
    }

    /** DuckDB: binary joins over e; the recursive CTE with UNION (set semantics) for closure. */
    public static String sql(BenchQuery q) {
        return switch (q) {
            case TRIANGLES -> """
                    SELECT count(*) FROM e ab
                    JOIN e bc ON bc.src = ab.dst
                    JOIN e ac ON ac.src = ab.src AND ac.dst = bc.dst""";
            case FOUR_CLIQUES -> """
                    SELECT count(*) FROM e ab
                    JOIN e bc ON bc.src = ab.dst
                    JOIN e ac ON ac.src = ab.src AND ac.dst = bc.dst
                    JOIN e cd ON cd.src = bc.dst
                    JOIN e ad ON ad.src = ab.src AND ad.dst = cd.dst
                    JOIN e bd ON bd.src = ab.dst AND bd.dst = cd.dst""";
            case TC_CHAIN, TC_RANDOM -> """
                    WITH RECURSIVE tc(x, y) AS (
                        SELECT src, dst FROM e
                        UNION
                        SELECT tc.x, e.dst FROM tc JOIN e ON e.src = tc.y)
                    SELECT count(*) FROM tc""";
        };
    }

    /** Kuzu: one MATCH pattern with the same edges; Kuzu plans cyclic patterns with its WCOJ operator. */
    public static String cypher(BenchQuery q) {
        return switch (q) {
            case TRIANGLES -> "MATCH (a:N)-[:E]->(b:N)-[:E]->(c:N), (a)-[:E]->(c) RETURN count(*)";
            case FOUR_CLIQUES -> "MATCH (a:N)-[:E]->(b:N)-[:E]->(c:N)-[:E]->(d:N), (a)-[:E]->(c), (a)-[:E]->(d), "
                    + "(b)-[:E]->(d) RETURN count(*)";
            case TC_CHAIN, TC_RANDOM -> throw new BenchException("the Kuzu peer has no transitive-closure query");
        };
    }
}
