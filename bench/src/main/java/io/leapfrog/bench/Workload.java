package io.leapfrog.bench;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * One cell row of the bench: a query on a dataset. {@code relations} are the query's input relations by
 * the name Leapfrog's program reads them ({@link #GRAPH} for a graph; addressOf, assign, load and store
 * for the points-to inputs), each a set of number pairs. {@code sourceFile} is the SNAP file the graph was
 * read from (the C++ counter reads it itself), or null. {@code expected} is the exact answer when known
 * (README counts, n(n-1)/2 for a chain, a BFS reference for the random graph); without it the engines'
 * answers are checked against each other.
 */
public record Workload(BenchQuery query, String dataset, Map<String, EdgeList> relations, Path sourceFile,
                       OptionalLong expected) {

    /** The name of the edge relation of a graph workload. */
    public static final String GRAPH = "e";

    public Workload {
        relations = Collections.unmodifiableMap(new LinkedHashMap<>(relations));
    }

    /** A query on one graph, the relation {@link #GRAPH}. */
    public Workload(BenchQuery query, String dataset, EdgeList graph, Path sourceFile, OptionalLong expected) {
        this(query, dataset, Map.of(GRAPH, graph), sourceFile, expected);
    }

    /** The graph of a graph workload. */
    public EdgeList graph() {
        EdgeList g = relations.get(GRAPH);
        if (g == null) {
            throw new BenchException(query.id() + " on " + dataset + " has no graph: its inputs are "
                    + String.join(", ", relations.keySet()));
        }
        return g;
    }

    /** The tuples of all input relations together (a graph's edges). */
    public long inputTuples() {
        return relations.values().stream().mapToLong(EdgeList::size).sum();
    }
}
