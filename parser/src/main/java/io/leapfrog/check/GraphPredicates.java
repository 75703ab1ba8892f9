package io.leapfrog.check;

import io.leapfrog.ast.Atom;
import io.leapfrog.ast.Attribute;
import io.leapfrog.ast.Clause;
import io.leapfrog.ast.Expr;
import io.leapfrog.ast.GraphSearch;
import io.leapfrog.ast.Literal;
import io.leapfrog.ast.Program;
import io.leapfrog.ast.RelationDecl;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns each call of a graph-mining predicate ({@code max_clique(edge, c, v)}, {@link GraphSearch.Kind})
 * into an atom over a relation of its own, declared here with the call's {@link GraphSearch}: from then on
 * the checker, the planner and the joins read it as any relation, and the engine fills it by the search
 * before a rule reads it. The call's first argument names a declared relation of two numeric columns of
 * one type, its parameters are constants in their ranges; anything else is a positioned error.
 */
final class GraphPredicates {
    private final Map<String, RelationDecl> declared = new LinkedHashMap<>();
    private final TypeResolver types;
    private final CheckDiagnostics problems;
    private final Map<String, RelationDecl> searches = new LinkedHashMap<>();

    private GraphPredicates(Program program, TypeResolver types, CheckDiagnostics problems) {
        this.types = types;
        this.problems = problems;
        for (RelationDecl d : program.relations()) {
            declared.putIfAbsent(d.name(), d);
        }
    }

    /** The program with every graph predicate's call replaced and its relation declared; errors to {@code problems}. */
    static Program rewrite(Program program, TypeResolver types, CheckDiagnostics problems) {
        GraphPredicates g = new GraphPredicates(program, types, problems);
        for (RelationDecl d : program.relations()) {
            if (GraphSearch.Kind.of(d.name()) != null) {
                problems.error(d.pos(), d.name() + " is a built-in graph predicate. Give the relation another name");
            }
        }
        List<Clause> clauses = new ArrayList<>();
        boolean changed = false;
        for (Clause c : program.clauses()) {
            if (c.body().isEmpty() && !hasAggregate(c.head().args()) && GraphSearch.Kind.of(c.head().relation()) == null) {
                clauses.add(c);   // a fact reads no relation: nothing to rewrite (and a program may hold millions)
                continue;
            }
            if (GraphSearch.Kind.of(c.head().relation()) != null && !g.declared.containsKey(c.head().relation())) {
                problems.error(c.head().pos(), c.head().relation() + " is a built-in graph predicate: a rule cannot derive"
                        + " it. Derive into a relation of your own");
            }
            List<Literal> body = g.literals(c.body());
            Atom head = new Atom(c.head().relation(), g.exprs(c.head().args()), c.head().pos());
            Clause out = new Clause(head, body, c.pos());
            changed |= !out.equals(c);
            clauses.add(out);
        }
        if (!changed) {
            return program;
        }
        List<RelationDecl> relations = new ArrayList<>(program.relations());
        relations.addAll(g.searches.values());
        return new Program(program.types(), relations, program.directives(), clauses, program.warnings(),
                program.source(), program.enumConstants());
    }

    private List<Literal> literals(List<Literal> body) {
        List<Literal> out = new ArrayList<>(body.size());
        for (Literal l : body) {
            if (l instanceof Literal.Positive p) {
                out.add(new Literal.Positive(atom(p.atom()), p.pos()));
            } else if (l instanceof Literal.Negated n) {
                out.add(new Literal.Negated(atom(n.atom()), n.pos()));
            } else if (l instanceof Literal.Comparison c) {
                out.add(new Literal.Comparison(c.op(), expr(c.left()), expr(c.right()), c.pos()));
            } else {
                out.add(l);
            }
        }
        return out;
    }

    /** Whether an aggregate (whose body could call a graph predicate) is among the expressions. */
    private static boolean hasAggregate(List<Expr> exprs) {
        for (Expr e : exprs) {
            if (e instanceof Expr.Aggregate
                    || e instanceof Expr.Binary b && hasAggregate(List.of(b.left(), b.right()))
                    || e instanceof Expr.Unary u && hasAggregate(List.of(u.operand()))
                    || e instanceof Expr.Functor f && hasAggregate(f.args())) {
                return true;
            }
        }
        return false;
    }

    private List<Expr> exprs(List<Expr> args) {
        List<Expr> out = new ArrayList<>(args.size());
        for (Expr e : args) {
            out.add(expr(e));
        }
        return out;
    }

    /** The expression with the bodies of its aggregates rewritten. */
    private Expr expr(Expr e) {
        if (e instanceof Expr.Aggregate a) {
            return new Expr.Aggregate(a.kind(), a.target() == null ? null : expr(a.target()), literals(a.body()), a.pos());
        }
        if (e instanceof Expr.Binary b) {
            return new Expr.Binary(b.op(), expr(b.left()), expr(b.right()), b.pos());
        }
        if (e instanceof Expr.Unary u) {
            return new Expr.Unary(u.op(), expr(u.operand()), u.pos());
        }
        if (e instanceof Expr.Functor f) {
            return new Expr.Functor(f.name(), exprs(f.args()), f.pos());
        }
        return e;
    }

    private Atom atom(Atom a) {
        GraphSearch.Kind kind = GraphSearch.Kind.of(a.relation());
        if (kind == null || declared.containsKey(a.relation())) {
            return new Atom(a.relation(), exprs(a.args()), a.pos());
        }
        GraphSearch search = search(kind, a);
        if (search == null) {
            return a;   // reported; the atom stays as written and later checks say nothing more of it
        }
        RelationDecl decl = searches.computeIfAbsent(search.relationName(), n -> declaration(search));
        int outputs = decl.arity();
        return new Atom(decl.name(), exprs(a.args().subList(a.args().size() - outputs, a.args().size())), a.pos());
    }

    private static String usage(GraphSearch.Kind kind) {
        String params = kind.parameters.isEmpty() ? "" : ", " + String.join(", ", kind.parameters);
        return kind.predicate + "(relation" + params + ", id) or " + kind.predicate + "(relation" + params + ", id, vertex)";
    }

    /** The call's search, or null after reporting why it is not one. */
    private GraphSearch search(GraphSearch.Kind kind, Atom a) {
        int params = kind.parameters.size();
        int n = a.args().size();
        if (n != params + 2 && n != params + 3) {
            problems.error(a.pos(), kind.predicate + " takes " + (params + 2) + " or " + (params + 3) + " arguments, not "
                    + n + ": " + usage(kind));
            return null;
        }
        Expr first = a.args().get(0);
        if (!(first instanceof Expr.Var v)) {
            problems.error(first.pos(), "the first argument of " + kind.predicate + " names the relation whose graph it"
                    + " searches: " + usage(kind));
            return null;
        }
        RelationDecl input = declared.get(v.name());
        if (input == null || input.search() != null) {
            problems.error(v.pos(), "Undefined relation " + v.name() + " in " + kind.predicate + ". Name a declared"
                    + " relation of two columns: " + usage(kind));
            return null;
        }
        if (input.arity() != 2) {
            problems.error(v.pos(), kind.predicate + " reads a relation of two columns (an edge list); " + v.name()
                    + " has " + input.arity());
            return null;
        }
        Attribute c0 = input.attributes().get(0);
        Attribute c1 = input.attributes().get(1);
        BaseType t0 = types.isDefined(c0.type()) ? types.baseOf(c0.type()) : null;
        BaseType t1 = types.isDefined(c1.type()) ? types.baseOf(c1.type()) : null;
        if (t0 == null || t1 == null) {
            return null;   // the undefined type is reported with the declaration
        }
        if (t0 != t1 || !(t0 == BaseType.NUMBER || t0 == BaseType.UNSIGNED)) {
            problems.error(v.pos(), kind.predicate + " reads vertices that are numbers (both columns number, or both"
                    + " unsigned); " + v.name() + " has " + c0.type() + " and " + c1.type());
            return null;
        }
        int size = 0;
        BigDecimal gamma = null;
        switch (kind) {
            case K_CLIQUE -> size = intParameter(kind, "k", a.args().get(1), 1, GraphSearch.MAX_K);
            case MAXIMAL_CLIQUE -> size = intParameter(kind, "min_size", a.args().get(1), 1, Integer.MAX_VALUE);
            case QUASI_CLIQUE -> {
                gamma = gamma(a.args().get(1));
                size = intParameter(kind, "min_size", a.args().get(2), 1, Integer.MAX_VALUE);
                if (gamma == null) {
                    return null;
                }
            }
            case MAX_CLIQUE -> { }
        }
        if (size < 0) {
            return null;
        }
        return new GraphSearch(kind, v.name(), size, gamma, n == params + 3, a.pos());
    }

    /** An integer constant in [lo, hi], or -1 after reporting. */
    private int intParameter(GraphSearch.Kind kind, String name, Expr e, long lo, long hi) {
        if (e instanceof Expr.NumberConst c && c.value() >= lo && c.value() <= hi) {
            return (int) c.value();
        }
        problems.error(e.pos(), "the " + name + " of " + kind.predicate + " is an integer constant from " + lo
                + (hi == Integer.MAX_VALUE ? " up" : " to " + hi) + ": " + usage(kind));
        return -1;
    }

    /** The density of quasi_clique, exactly as written (a float literal's shortest decimal form), or null after reporting. */
    private BigDecimal gamma(Expr e) {
        BigDecimal g = null;
        if (e instanceof Expr.FloatConst f && Float.isFinite(f.value())) {
            g = new BigDecimal(Float.toString(f.value()));
        } else if (e instanceof Expr.NumberConst n) {
            g = BigDecimal.valueOf(n.value());
        }
        if (g == null || g.compareTo(new BigDecimal("0.5")) < 0 || g.compareTo(BigDecimal.ONE) > 0) {
            problems.error(e.pos(), "the gamma of quasi_clique is a constant from 0.5 to 1 (every member adjacent to at"
                    + " least that fraction of the others; below 0.5 a quasi-clique need not be connected): "
                    + usage(GraphSearch.Kind.QUASI_CLIQUE));
            return null;
        }
        return g.stripTrailingZeros();
    }

    private RelationDecl declaration(GraphSearch s) {
        RelationDecl input = declared.get(s.input());
        List<Attribute> attributes = new ArrayList<>();
        attributes.add(new Attribute("id", "number", s.pos()));
        if (s.members()) {
            attributes.add(new Attribute("vertex", input.attributes().get(0).type(), s.pos()));
        }
        return new RelationDecl(s.relationName(), attributes, Set.of(), s.pos(), List.of(), s);
    }
}
