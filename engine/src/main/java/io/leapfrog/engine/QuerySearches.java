package io.leapfrog.engine;

import io.leapfrog.ast.Attribute;
import io.leapfrog.ast.Clause;
import io.leapfrog.ast.Expr;
import io.leapfrog.ast.GraphSearch;
import io.leapfrog.ast.Literal;
import io.leapfrog.ast.Program;
import io.leapfrog.ast.RelationDecl;
import io.leapfrog.ast.SourcePos;
import io.leapfrog.check.CheckedProgram;
import io.leapfrog.check.SemanticChecker;
import io.leapfrog.planner.datalog.ProgramModel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The graph predicates a query calls ({@code ?- k_clique(edge, 4, c).}): the checker rewrites each call
 * into an atom over a relation of its own, as in a program, against the database's relations, and the
 * search fills that relation now, from the database's rows.
 */
final class QuerySearches {
    private QuerySearches() {
    }

    /**
     * The query's clause with its graph predicates' calls rewritten, after adding each call's relation to
     * {@code schemas} and its search to {@code searches} (run by the caller: listed, or only counted); the
     * clause itself when it calls none.
     *
     * @throws io.leapfrog.common.LeapfrogException a call that is not one (positioned, as in a program)
     */
    static Clause rewrite(Clause query, Database db, Map<String, ProgramModel.RelationInfo> schemas,
                          Map<String, GraphSearch> searches) {
        if (!callsAny(query.body(), schemas.keySet())) {
            return query;
        }
        List<RelationDecl> decls = new ArrayList<>();
        for (ProgramModel.RelationInfo r : schemas.values()) {
            List<Attribute> attributes = new ArrayList<>();
            for (int c = 0; c < r.arity(); c++) {
                attributes.add(new Attribute(r.columnNames().get(c), r.columnTypes().get(c), SourcePos.NONE));
            }
            decls.add(new RelationDecl(r.name(), attributes, Set.of(), SourcePos.NONE));
        }
        decls.add(new RelationDecl(query.head().relation(), List.of(), Set.of(), SourcePos.NONE));
        Program written = new Program(db.program() == null ? List.of() : db.program().ast().types(), decls, List.of(),
                List.of(query));
        CheckedProgram checked = SemanticChecker.check(written);
        for (RelationDecl d : checked.program().relations()) {
            GraphSearch s = d.search();
            if (s != null && !searches.containsKey(d.name())) {
                List<String> names = new ArrayList<>();
                List<String> types = new ArrayList<>();
                d.attributes().forEach(a -> {
                    names.add(a.name());
                    types.add(a.type());
                });
                schemas.put(d.name(), new ProgramModel.RelationInfo(d.name(), names, types));
                searches.put(d.name(), s);
            }
        }
        return checked.program().clauses().get(0);
    }

    /** Whether a literal (or an aggregate's body in it) calls a graph predicate that is not a relation. */
    private static boolean callsAny(List<Literal> body, Set<String> relations) {
        for (Literal l : body) {
            if (l instanceof Literal.Positive p && isCall(p.atom().relation(), relations)
                    || l instanceof Literal.Negated n && isCall(n.atom().relation(), relations)) {
                return true;
            }
            if (l instanceof Literal.Comparison c && (callsAny(c.left(), relations) || callsAny(c.right(), relations))) {
                return true;
            }
        }
        return false;
    }

    private static boolean callsAny(Expr e, Set<String> relations) {
        if (e instanceof Expr.Aggregate a) {
            return callsAny(a.body(), relations);
        }
        if (e instanceof Expr.Binary b) {
            return callsAny(b.left(), relations) || callsAny(b.right(), relations);
        }
        return false;
    }

    private static boolean isCall(String name, Set<String> relations) {
        return GraphSearch.Kind.of(name) != null && !relations.contains(name);
    }
}
