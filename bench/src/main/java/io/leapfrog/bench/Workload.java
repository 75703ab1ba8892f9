package io.leapfrog.bench;

import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * One cell row of the bench: a query on a graph. {@code sourceFile} is the SNAP file the graph was read
 * from (the C++ counter reads it itself), or null for generated graphs. {@code expected} is the exact
 * answer when known (README counts, n(n-1)/2 for a chain, a BFS reference for the random graph).
 */
public record Workload(BenchQuery query, String dataset, EdgeList graph, Path sourceFile, OptionalLong expected) {
}
