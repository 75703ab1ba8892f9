package io.leapfrog.engine;

import io.leapfrog.ast.Atom;
import io.leapfrog.ast.Clause;
import io.leapfrog.ast.Expr;
import io.leapfrog.ast.GraphSearch;
import io.leapfrog.ast.Literal;
import io.leapfrog.ast.Program;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.engine.eval.EvalContext;
import io.leapfrog.engine.eval.FilterRelation;
import io.leapfrog.engine.eval.RuleEvaluator;
import io.leapfrog.exec.mining.SearchDevice;
import io.leapfrog.exec.storage.ColumnType;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.parser.DatalogParser;
import io.leapfrog.plan.RulePlan;
import io.leapfrog.planner.GraphSearches;
import io.leapfrog.planner.JoinPlanner;
import io.leapfrog.planner.PlannerOptions;
import io.leapfrog.planner.datalog.CountedSearches;
import io.leapfrog.planner.datalog.ProgramModel;
import io.leapfrog.planner.datalog.RuleTranslator;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Answers a REPL query (a rule body) over an evaluated {@link Database}. */
final class QueryRunner {
    private static final String QUERY_RELATION = "__query";

    private final Database db;
    private final JoinPlanner planner;
    private final PlannerOptions plannerOptions;
    private final int threads;

    QueryRunner(Database db, JoinPlanner planner, PlannerOptions plannerOptions, int threads) {
        this.db = db;
        this.planner = planner;
        this.plannerOptions = plannerOptions;
        this.threads = threads;
    }

    QueryResult run(String text) {
        long t0 = System.nanoTime();
        String body = text.strip();
        if (body.startsWith("?-")) {
            body = body.substring(2).strip();
        }
        if (body.endsWith(".")) {
            body = body.substring(0, body.length() - 1).strip();
        }
        if (body.isEmpty()) {
            throw new LeapfrogException("error: empty query. Write a rule body, e.g. ?- path(1, x).");
        }
        Program p = DatalogParser.parse(".decl " + QUERY_RELATION + "()\n" + QUERY_RELATION + "() :- " + body + ".", "<query>");
        if (p.clauses().size() != 1) {
            throw new io.leapfrog.common.NotSupportedException("not supported: a query with a disjunction ';'");
        }
        Map<String, ProgramModel.RelationInfo> schemas = new LinkedHashMap<>();
        for (String r : db.relationNames()) {
            Database.Schema s = db.schema(r);
            FilterRelation filter = db.filter(r);
            schemas.put(r, new ProgramModel.RelationInfo(r, s.columnNames(), s.columnTypes(),
                    filter == null ? null : filter.spec()));
        }
        Map<String, GraphSearch> searches = new LinkedHashMap<>();
        List<Literal> lits = QuerySearches.rewrite(p.clauses().get(0), db, schemas, searches).body();
        Set<String> names = new java.util.LinkedHashSet<>();
        for (Literal l : lits) {
            collectNamed(l, names);
        }
        List<String> vars = new ArrayList<>(names);
        List<Expr> headArgs = new ArrayList<>();
        for (String v : vars) {
            headArgs.add(new Expr.Var(v, io.leapfrog.ast.SourcePos.NONE));
        }
        for (Literal l : lits) {
            if (l instanceof Literal.Positive pos && !schemas.containsKey(pos.atom().relation())) {
                throw new LeapfrogException(pos.atom().pos() + ": error: unknown relation '" + pos.atom().relation()
                        + "'. Known relations: " + String.join(", ", schemas.keySet()));
            }
        }
        EvalContext ctx = new EvalContext(db.symbols(), planner, plannerOptions, schemas, threads);
        for (String r : db.relationNames()) {
            if (db.filter(r) != null) {
                ctx.useFilter(db.filter(r));
            } else if (!db.countedOnly().contains(r)) {
                ctx.setRelation(r, db.relation(r));
            }
        }
        for (Literal l : lits) {
            if (l instanceof Literal.Positive pos && db.countedOnly().contains(pos.atom().relation())) {
                db.relation(pos.atom().relation()); // explains that it was only counted
            }
        }
        Clause clause = new Clause(new Atom(QUERY_RELATION, headArgs, io.leapfrog.ast.SourcePos.NONE), lits,
                p.clauses().get(0).pos());
        RulePlan plan = RuleTranslator.translate(clause, schemas, Set.of(), false);
        // a search the query only counts (?- n = count : { k_clique(edge, 7, _) }.) builds no row, as in a program
        Set<String> counted = CountedSearches.ofRule(searches.keySet(), plan);
        GraphSearches.Counter counter = new GraphSearches.Counter();
        searches.forEach((rel, s) -> {
            Relation edges = db.relation(s.input());
            if (counted.contains(rel)) {
                ctx.setCountedRows(rel, counter.rows(s, edges, threads, SearchDevice.CPU));
            } else {
                ctx.setRelation(rel, GraphSearches.run(s, edges, threads));
            }
        });
        RuleEvaluator rule = new RuleEvaluator(ctx, plan);
        Relation result = rule.evaluate(ctx.source(), -1, threads);
        Map<String, ColumnType> varType = variableTypes(lits, schemas);
        List<List<String>> rows = new ArrayList<>();
        for (int row = 0; row < result.size(); row++) {
            List<String> r = new ArrayList<>(vars.size());
            for (int c = 0; c < vars.size(); c++) {
                int v = result.get(row, c);
                r.add(varType.getOrDefault(vars.get(c), ColumnType.NUMBER).format(v, db.symbols()));
            }
            rows.add(r);
        }
        if (vars.isEmpty() && result.size() > 0) {
            rows.add(List.of());
        }
        return new QueryResult(vars, rows, Duration.ofNanos(System.nanoTime() - t0));
    }

    /** A variable is rendered as the type of a column it stands in directly (a symbol, a float), else as a number. */
    private static Map<String, ColumnType> variableTypes(List<Literal> lits, Map<String, ProgramModel.RelationInfo> schemas) {
        Map<String, ColumnType> out = new HashMap<>();
        for (Literal l : lits) {
            if (l instanceof Literal.Positive p) {
                ProgramModel.RelationInfo info = schemas.get(p.atom().relation());
                for (int c = 0; c < p.atom().args().size() && c < info.arity(); c++) {
                    if (p.atom().args().get(c) instanceof Expr.Var v) {
                        out.putIfAbsent(v.name(), ColumnType.fromName(info.columnTypes().get(c)));
                    }
                }
            }
        }
        return out;
    }

    /** Named variables outside aggregates, in order of first appearance. */
    private static void collectNamed(Literal l, Set<String> out) {
        List<Expr> exprs = new ArrayList<>();
        if (l instanceof Literal.Positive p) {
            exprs.addAll(p.atom().args());
        } else if (l instanceof Literal.Comparison c) {
            exprs.add(c.left());
            exprs.add(c.right());
        }
        for (Expr e : exprs) {
            collectNamed(e, out);
        }
    }

    private static void collectNamed(Expr e, Set<String> out) {
        if (e instanceof Expr.Var v) {
            out.add(v.name());
        } else if (e instanceof Expr.Binary b) {
            collectNamed(b.left(), out);
            collectNamed(b.right(), out);
        } else if (e instanceof Expr.Unary u) {
            collectNamed(u.operand(), out);
        } else if (e instanceof Expr.Functor f) {
            f.args().forEach(a -> collectNamed(a, out));
        }
    }
}
