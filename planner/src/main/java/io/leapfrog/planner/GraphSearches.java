package io.leapfrog.planner;

import io.leapfrog.ast.GraphSearch;
import io.leapfrog.ast.SourcePos;
import io.leapfrog.exec.mining.Gamma;
import io.leapfrog.exec.mining.Graph;
import io.leapfrog.exec.mining.KCliques;
import io.leapfrog.exec.mining.MaximalCliques;
import io.leapfrog.exec.mining.MaximumCliques;
import io.leapfrog.exec.mining.QuasiCliques;
import io.leapfrog.exec.mining.SearchDevice;
import io.leapfrog.exec.mining.SetCount;
import io.leapfrog.exec.mining.VertexSets;
import io.leapfrog.exec.storage.Relation;

import java.util.HashMap;
import java.util.Map;

/** Runs a graph predicate's search over its relation, as the rows of the relation its call reads, or their number. */
public final class GraphSearches {
    private GraphSearches() {
    }

    /** The call's rows: (id, vertex) per member of each set, or (id) per set. */
    public static Relation run(GraphSearch s, Relation edges, int threads) {
        Graph g = Graph.undirected(edges);
        return sets(s, g, threads).rows(g, s.members());
    }

    /**
     * Counts the rows of calls without building them, one search for a call with members and one without
     * of the same search (a rule that counts both the sets and their members, as {@code n = count : {
     * max_clique(e, _) }, m = count : { max_clique(e, _, _) }}, searches once). For the calls of one
     * evaluation: the relations must not change between them.
     */
    public static final class Counter {
        private final Map<GraphSearch, SetCount> done = new HashMap<>();

        /**
         * The number of the call's rows, in 64 bits: k-cliques counted by the search alone (never listed),
         * maximal and maximum cliques counted as they are found; the quasi-clique search holds its sets
         * anyway (its final subset filter needs them), so only the rows are saved. The k-clique count runs
         * where {@code device} puts it.
         */
        public long rows(GraphSearch s, Relation edges, int threads, SearchDevice device) {
            GraphSearch search = new GraphSearch(s.kind(), s.input(), s.size(), s.gamma(), false, SourcePos.NONE);
            SetCount c = done.computeIfAbsent(search, k -> sets(s, edges, threads, device));
            if (s.kind() == GraphSearch.Kind.K_CLIQUE) {
                // the members only when asked for: k times the count may pass 64 bits where the count does not
                return s.members() ? Math.multiplyExact(c.sets(), (long) s.size()) : c.sets();
            }
            return c.rows(s.members());
        }

        private static SetCount sets(GraphSearch s, Relation edges, int threads, SearchDevice device) {
            Graph g = Graph.undirected(edges);
            return switch (s.kind()) {
                // a k-clique count's members are k times it, taken in rows() only when asked for
                case K_CLIQUE -> new SetCount(device.countKCliques(g, s.size(), threads, s.describe()), -1);
                case MAXIMAL_CLIQUE -> MaximalCliques.count(g, s.size(), threads);
                case MAX_CLIQUE -> MaximumCliques.count(g, threads);
                case QUASI_CLIQUE -> GraphSearches.sets(s, g, threads).counts();
            };
        }
    }

    /**
     * Where a search runs under {@code device}, counted or listed, as the explain line's closing words: only
     * a counted k-clique search has a choice of device and search.
     */
    public static String place(GraphSearch s, boolean counted, SearchDevice device) {
        return s.kind() == GraphSearch.Kind.K_CLIQUE && counted ? device.explainKCliques(s.size()) : "on the CPU";
    }

    private static VertexSets sets(GraphSearch s, Graph g, int threads) {
        return switch (s.kind()) {
            case K_CLIQUE -> KCliques.list(g, s.size(), threads);
            case MAX_CLIQUE -> MaximumCliques.all(g, threads);
            case MAXIMAL_CLIQUE -> MaximalCliques.all(g, s.size(), threads);
            case QUASI_CLIQUE -> QuasiCliques.maximal(g, Gamma.parse(s.gamma().toPlainString()), s.size(), threads);
        };
    }
}
