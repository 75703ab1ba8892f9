package io.leapfrog.bench;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The named queries of the bench. Clique queries run on the SNAP datasets; tc queries on generated graphs. */
public enum BenchQuery {
    TRIANGLES("triangles", false),
    FOUR_CLIQUES("4cliques", false),
    TC_CHAIN("tc-chain", true),
    TC_RANDOM("tc-random", true);

    private final String id;
    private final boolean transitiveClosure;

    BenchQuery(String id, boolean transitiveClosure) {
        this.id = id;
        this.transitiveClosure = transitiveClosure;
    }

    public String id() {
        return id;
    }

    public boolean isTransitiveClosure() {
        return transitiveClosure;
    }

    public static BenchQuery parse(String id) {
        for (BenchQuery q : values()) {
            if (q.id.equals(id.strip())) {
                return q;
            }
        }
        throw new BenchException("unknown query '" + id + "'; known queries: "
                + Arrays.stream(values()).map(BenchQuery::id).collect(Collectors.joining(", ")));
    }
}
