package io.leapfrog.engine.eval;

import io.leapfrog.ast.GraphSearch;
import io.leapfrog.exec.mining.Gamma;
import io.leapfrog.exec.mining.Graph;
import io.leapfrog.exec.mining.KCliques;
import io.leapfrog.exec.mining.MaximalCliques;
import io.leapfrog.exec.mining.MaximumCliques;
import io.leapfrog.exec.mining.QuasiCliques;
import io.leapfrog.exec.mining.VertexSets;
import io.leapfrog.exec.storage.Relation;

/** Runs a graph predicate's search over its relation, as the rows of the relation its call reads. */
final class GraphSearches {
    private GraphSearches() {
    }

    static Relation run(GraphSearch s, Relation edges, int threads) {
        Graph g = Graph.undirected(edges);
        VertexSets sets = switch (s.kind()) {
            case K_CLIQUE -> KCliques.list(g, s.size(), threads);
            case MAX_CLIQUE -> MaximumCliques.all(g, threads);
            case MAXIMAL_CLIQUE -> MaximalCliques.all(g, s.size(), threads);
            case QUASI_CLIQUE -> QuasiCliques.maximal(g, Gamma.parse(s.gamma().toPlainString()), s.size(), threads);
        };
        return sets.rows(g, s.members());
    }
}
