package io.leapfrog.bench;

/**
 * The text of each query for the SQL and Cypher peers, over the oriented edge table {@code e(src, dst)}
 * (src &lt; dst on the SNAP graphs, so each clique matches exactly once without ordering predicates).
 */
public final class PeerQueries {

    /**
     * Why DuckDB has no andersen query: the load and store rules join pointsTo with itself (non-linear
     * recursion). SQL allows linear recursion only; DuckDB (1.1.3) accepts a recursive term that names the CTE
     * twice, but each reference reads only the rows the previous iteration added, so pairs of an old and a new
     * row are never joined: the non-linear closure of a five-node path comes out as 8 pairs instead of 10.
     */
    static final String ANDERSEN_IN_SQL = "andersen joins pointsTo with itself (non-linear recursion); in a recursive "
            + "CTE each reference reads only the previous iteration's rows, which gives a wrong answer";

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
            case TC_CHAIN, TC_RANDOM, TC -> """
                    WITH RECURSIVE tc(x, y) AS (
                        SELECT src, dst FROM e
                        UNION
                        SELECT tc.x, e.dst FROM tc JOIN e ON e.src = tc.y)
                    SELECT count(*) FROM tc""";
            // sg(x, y) :- e(p, x), e(p, y), x != y.  sg(x, y) :- e(a, x), sg(a, b), e(b, y).
            case SG -> """
                    WITH RECURSIVE sg(x, y) AS (
                        SELECT px.dst, py.dst FROM e px JOIN e py ON py.src = px.src WHERE px.dst <> py.dst
                        UNION
                        SELECT ea.dst, eb.dst FROM sg JOIN e ea ON ea.src = sg.x JOIN e eb ON eb.src = sg.y)
                    SELECT count(*) FROM sg""";
            case ANDERSEN -> throw new BenchException(ANDERSEN_IN_SQL);
            default -> throw new BenchException("the DuckDB peer has no " + q.id() + " query (a graph search)");
        };
    }

    /** Kuzu: one MATCH pattern with the same edges; Kuzu plans cyclic patterns with its WCOJ operator. */
    public static String cypher(BenchQuery q) {
        return switch (q) {
            case TRIANGLES -> "MATCH (a:N)-[:E]->(b:N)-[:E]->(c:N), (a)-[:E]->(c) RETURN count(*)";
            case FOUR_CLIQUES -> "MATCH (a:N)-[:E]->(b:N)-[:E]->(c:N)-[:E]->(d:N), (a)-[:E]->(c), (a)-[:E]->(d), "
                    + "(b)-[:E]->(d) RETURN count(*)";
            default -> throw new BenchException("the Kuzu peer has no " + q.id() + " query");
        };
    }
}
