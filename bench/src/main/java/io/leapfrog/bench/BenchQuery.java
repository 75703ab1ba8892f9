package io.leapfrog.bench;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The named queries of the bench. Clique queries count bindings on the SNAP and R-MAT graphs; the
 * recursive ones (closure, same generation, points-to) run to their fixpoint and are answered by the size
 * of one relation ({@code .printsize}); the graph searches (maximum, k-, maximal and quasi-cliques) run
 * Leapfrog's mining predicates on the same graphs ({@link GraphSearch}, docs/mining.md).
 */
public enum BenchQuery {
    TRIANGLES("triangles", Inputs.CLIQUE_GRAPH, "triangles", "triangles"),
    FOUR_CLIQUES("4cliques", Inputs.CLIQUE_GRAPH, "4cliques", "four_cliques"),
    TC_CHAIN("tc-chain", Inputs.OWN_GRAPH, "tc", "tc"),
    TC_RANDOM("tc-random", Inputs.OWN_GRAPH, "tc", "tc"),
    TC("tc", Inputs.RECURSION_GRAPH, "tc", "tc"),
    SG("sg", Inputs.RECURSION_GRAPH, "sg", "sg"),
    ANDERSEN("andersen", Inputs.POINTS_TO, "andersen", "pointsTo"),
    MAX_CLIQUE(GraphSearch.maxClique()),
    KCLIQUE_5(GraphSearch.kCliques(5)),
    KCLIQUE_6(GraphSearch.kCliques(6)),
    KCLIQUE_7(GraphSearch.kCliques(7)),
    KCLIQUE_8(GraphSearch.kCliques(8)),
    KCLIQUE_9(GraphSearch.kCliques(9)),
    MAXIMAL_CLIQUES(GraphSearch.maximalCliques()),
    QUASI_08_10(GraphSearch.quasiCliques("0.8", 10)),
    QUASI_075_12(GraphSearch.quasiCliques("0.75", 12)),
    QUASI_095_103(GraphSearch.quasiCliques("0.95", 103));

    /** Which datasets a query runs on. */
    public enum Inputs {
        /** SNAP graphs of {@code <shared>/data} (oriented src &lt; dst) and undirected R-MAT graphs {@code rmat-<scale>}. */
        CLIQUE_GRAPH,
        /** Its own generated graph (a chain, a random graph), whatever --datasets says. */
        OWN_GRAPH,
        /** Directed graphs: {@code <shared>/data/more/<name>.facts.gz} and directed R-MAT graphs {@code rmat-tc-<scale>}. */
        RECURSION_GRAPH,
        /** The generated points-to constraints {@code pts-<variables>} ({@link PointsToInputs}). */
        POINTS_TO
    }

    private final String id;
    private final Inputs inputs;
    private final String program;
    private final String answerRelation;
    private final GraphSearch search;

    BenchQuery(String id, Inputs inputs, String program, String answerRelation) {
        this.id = id;
        this.inputs = inputs;
        this.program = program;
        this.answerRelation = answerRelation;
        this.search = null;
    }

    BenchQuery(GraphSearch search) {
        this.id = search.id();
        this.inputs = Inputs.CLIQUE_GRAPH;
        this.program = search.id();
        this.answerRelation = search.answerRelation();
        this.search = search;
    }

    /** The graph search the query runs, or null for the join and recursive queries. */
    public GraphSearch search() {
        return search;
    }

    /** Whether it is a count of the bindings of a join over the edges (triangles, 4-cliques). */
    public boolean isJoinCount() {
        return inputs == Inputs.CLIQUE_GRAPH && search == null;
    }

    /** Whether Leapfrog answers it by the size of one relation ({@code .printsize}) rather than a count aggregate. */
    public boolean answeredBySize() {
        return isRecursive() || (search != null && search.kind() != GraphSearch.Kind.MAX_CLIQUE);
    }

    public String id() {
        return id;
    }

    public Inputs inputs() {
        return inputs;
    }

    /** The name of Leapfrog's program for it, {@code queries/<program>.dl} in the resources. */
    public String program() {
        return program;
    }

    /** The relation whose size (recursive queries) or single value (clique counts) is the answer. */
    public String answerRelation() {
        return answerRelation;
    }

    /** Whether it runs to a fixpoint and is answered by its relation's {@code .printsize}. */
    public boolean isRecursive() {
        return inputs != Inputs.CLIQUE_GRAPH;
    }

    /** Whether it is the transitive closure of a graph (the same program on every tc dataset). */
    public boolean isTransitiveClosure() {
        return program.equals("tc");
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
