package io.leapfrog.planner.datalog;

import io.leapfrog.ast.Atom;
import io.leapfrog.ast.Expr;
import io.leapfrog.ast.ExprText;
import io.leapfrog.ast.Literal;
import io.leapfrog.ast.SourcePos;
import io.leapfrog.check.BaseType;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.NotSupportedException;
import io.leapfrog.plan.JoinNode;
import io.leapfrog.plan.Predicate;
import io.leapfrog.plan.Scan;
import io.leapfrog.plan.Variable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Translates one rule body (or aggregate body, or query) into a {@link JoinNode}:
 * <ul>
 *   <li>{@code x = y} between atom variables is unified and {@code x = constant} becomes a selection,
 *       before anything else (so they become join keys and index selections);</li>
 *   <li>positive atoms become {@link Scan}s (an expression argument becomes a variable of its own, equal to
 *       the expression);</li>
 *   <li>{@code x = expr}, {@code x = range(...)} and aggregates define variables, resolved in dependency
 *       order; a head variable bound only inside a min or max takes the extremum's witness value;</li>
 *   <li>comparisons between two atom variables become {@link Predicate.Bound}s, with a constant
 *       {@link Predicate.ConstantBound}s, any other one (the built-ins {@code match} and {@code contains}
 *       among them, which the parser writes as comparisons) a {@link Predicate.Comparison}; negations
 *       {@link Predicate.Negation}s; atoms over filter relations {@link Predicate.FilterTest}s.</li>
 * </ul>
 * Errors in the body (a variable no literal binds, an aggregate over unbound variables) are positioned
 * {@link LeapfrogException}s.
 */
public final class BodyTranslator {

    private final Map<String, ProgramModel.RelationInfo> schemas;
    private final String label;
    private final List<String> params;
    private final boolean countedOnly;
    private final Map<String, BaseType> varTypes;
    private final Substitution substitution;
    private final List<String> varNames = new ArrayList<>();
    private final Map<String, Integer> varIds = new HashMap<>();
    private final IdentityHashMap<Expr.Aggregate, Integer> aggVars = new IdentityHashMap<>();
    private final Map<Expr.Aggregate, List<String>> outerRefs = new IdentityHashMap<>();
    private final Map<Expr.Aggregate, List<String>> witnesses = new IdentityHashMap<>();
    private final List<Scan> scans = new ArrayList<>();
    private final Set<Integer> scanVars = new LinkedHashSet<>();
    /** Variable -> its definition: an Expr, an Integer (outer value), or a WitnessOf; in resolution order. */
    private final Map<Integer, Object> computed = new LinkedHashMap<>();
    private final List<Pending> filters = new ArrayList<>();
    private final List<Predicate.Negation> negations = new ArrayList<>();
    private final List<Predicate.FilterTest> filterTests = new ArrayList<>();
    private boolean unsatisfiable;

    /** A witness variable: the value of {@code name} in the binding that reached the aggregate's extremum. */
    private record WitnessOf(Expr.Aggregate aggregate, String name) { }

    /** A comparison not yet classified, with the variables it reads. */
    private record Pending(Literal.Comparison comparison, Set<Integer> reads) { }

    private BodyTranslator(Map<String, ProgramModel.RelationInfo> schemas, String label, List<Literal> body,
                           List<String> params, Map<String, BaseType> inheritedTypes, boolean countedOnly) {
        this.schemas = schemas;
        this.label = label;
        this.params = List.copyOf(params);
        this.countedOnly = countedOnly;
        this.varTypes = BodyTypes.of(body, schemas, inheritedTypes);
        this.substitution = unify(body, params);
    }

    /** The result: the body's join, and the substitution its unifications made (apply it to the head too). */
    public record Translation(JoinNode join, Substitution substitution) {
        /** An expression of the head (or an aggregate's target) over the join's variables. */
        public Expr rewrite(Expr e) {
            return substitution.apply(e);
        }
    }

    /**
     * @param body           the body's literals
     * @param params         variables bound from outside (an aggregate's body: its rule's variables it reads)
     * @param keepWildcards  true for aggregate bodies: every matching tuple counts, so '_' columns are kept
     * @param outerNames     further names the caller uses (the head), for aggregate witnesses
     * @param recursive      relations of the stratum being evaluated (their atoms may read deltas)
     * @param inheritedTypes the variable types of the enclosing body (an aggregate's body), or empty
     * @param countedOnly    the body's bindings are only ever counted, never enumerated
     */
    public static Translation translate(Map<String, ProgramModel.RelationInfo> schemas, String label, List<Literal> body,
                                        List<String> params, boolean keepWildcards, Set<String> outerNames,
                                        Set<String> recursive, Map<String, BaseType> inheritedTypes, boolean countedOnly) {
        BodyTranslator t = new BodyTranslator(schemas, label, body, params, inheritedTypes, countedOnly);
        List<Literal> literals = t.substitution.apply(body);
        return new Translation(t.compile(literals, keepWildcards, outerNames, recursive), t.substitution);
    }

    /** An exact relation: its atoms are scans. (A filter relation's atoms are {@link Predicate.FilterTest}s.) */
    private boolean isRelation(String name) {
        ProgramModel.RelationInfo info = schemas.get(name);
        return info != null && !info.isFilter();
    }

    private boolean isFilter(String name) {
        ProgramModel.RelationInfo info = schemas.get(name);
        return info != null && info.isFilter();
    }

    private BaseType columnType(String relation, int c) {
        return BodyTypes.baseType(schemas.get(relation).columnTypes().get(c));
    }

    private BaseType typeOf(String var) {
        return varTypes.getOrDefault(var, BaseType.NUMBER);
    }

    // ---------------------------------------------------------------- unification

    /** Unifies {@code x = y} between atom variables and {@code x = const}, so they become join keys and selections. */
    private Substitution unify(List<Literal> body, List<String> params) {
        Set<String> atomVars = new LinkedHashSet<>();
        for (Literal l : body) {
            if (l instanceof Literal.Positive p && isRelation(p.atom().relation())) {
                for (Expr e : p.atom().args()) {
                    if (e instanceof Expr.Var v) {
                        atomVars.add(v.name());
                    }
                }
            }
        }
        atomVars.removeAll(params);
        Map<String, String> parent = new HashMap<>();
        Map<String, Expr> constOf = new HashMap<>();
        for (Literal l : body) {
            if (l instanceof Literal.Comparison c && c.op() == Literal.CompOp.EQ
                    && c.left() instanceof Expr.Var a && c.right() instanceof Expr.Var b
                    && atomVars.contains(a.name()) && atomVars.contains(b.name())) {
                String ra = find(parent, a.name());
                String rb = find(parent, b.name());
                if (!ra.equals(rb)) {
                    parent.put(rb, ra);
                }
            }
        }
        for (Literal l : body) {
            if (l instanceof Literal.Comparison c && c.op() == Literal.CompOp.EQ) {
                Expr.Var v = c.left() instanceof Expr.Var x ? x : c.right() instanceof Expr.Var y ? y : null;
                Expr other = v == c.left() ? c.right() : c.left();
                if (v != null && atomVars.contains(v.name())
                        && (other instanceof Expr.NumberConst || other instanceof Expr.FloatConst
                            || other instanceof Expr.StringConst)) {
                    constOf.putIfAbsent(find(parent, v.name()), other);
                }
            }
        }
        Map<String, Expr> map = new HashMap<>();
        for (String v : atomVars) {
            String r = find(parent, v);
            Expr c = constOf.get(r);
            if (c != null) {
                map.put(v, c);
            } else if (!r.equals(v)) {
                map.put(v, new Expr.Var(r, SourcePos.NONE));
            }
        }
        return new Substitution(map);
    }

    private static String find(Map<String, String> parent, String x) {
        String r = x;
        while (parent.containsKey(r)) {
            r = parent.get(r);
        }
        return r;
    }

    private int var(String name) {
        Integer id = varIds.get(name);
        if (id == null) {
            id = varNames.size();
            varNames.add(name);
            varIds.put(name, id);
        }
        return id;
    }

    // ---------------------------------------------------------------- the body's literals

    private JoinNode compile(List<Literal> lits, boolean keepWildcards, Set<String> outerNames, Set<String> recursive) {
        List<Literal.Comparison> comparisons = new ArrayList<>();
        int fresh = 0;
        // 1. positive atoms
        for (Literal l : lits) {
            if (!(l instanceof Literal.Positive p) || !isRelation(p.atom().relation())) {
                continue;
            }
            Atom a = p.atom();
            List<Scan.Column> columns = new ArrayList<>();
            for (int c = 0; c < a.args().size(); c++) {
                Expr e = a.args().get(c);
                if (e instanceof Expr.Wildcard && !keepWildcards) {
                    columns.add(new Scan.Column.Ignored());
                } else if (e instanceof Expr.Var x) {
                    columns.add(new Scan.Column.Binds(var(x.name())));
                } else if (e instanceof Expr.Wildcard) {
                    columns.add(new Scan.Column.Binds(var("_" + (fresh++))));
                } else if (isConstant(e)) {
                    columns.add(new Scan.Column.Selects(e, columnType(a.relation(), c)));
                } else {
                    // an expression argument: a variable of its own, constrained to equal it
                    String name = "$arg" + (fresh++);
                    varTypes.put(name, columnType(a.relation(), c));
                    comparisons.add(new Literal.Comparison(Literal.CompOp.EQ, new Expr.Var(name, e.pos()), e, e.pos()));
                    columns.add(new Scan.Column.Binds(var(name)));
                }
            }
            Scan scan = new Scan(a.relation(), columns, recursive.contains(a.relation()));
            scans.add(scan);
            scanVars.addAll(scan.vars());
        }
        Set<Integer> bound = new LinkedHashSet<>(scanVars);
        for (int i = 0; i < params.size(); i++) {
            int v = var(params.get(i));
            computed.put(v, i);
            bound.add(v);
        }
        // 2. the other literals
        List<Literal> rest = new ArrayList<>();
        for (Literal l : lits) {
            if (l instanceof Literal.Positive p && isRelation(p.atom().relation())) {
                continue;
            }
            if (l instanceof Literal.Comparison c) {
                comparisons.add(c);
            } else if (l instanceof Literal.BoolConst b) {
                unsatisfiable |= !b.value();
            } else {
                rest.add(l);
            }
        }
        // names visible outside aggregates: their occurrences inside aggregates are outer references
        Set<String> universe = new LinkedHashSet<>(varNames);
        for (Literal.Comparison c : comparisons) {
            if (c.op() == Literal.CompOp.EQ && (c.left() instanceof Expr.Aggregate || c.right() instanceof Expr.Aggregate)) {
                // in "y = min z+y : {...}" the y inside the aggregate is local: the aggregate defines the outer y
                continue;
            }
            namesOutsideAggregates(c.left(), universe);
            namesOutsideAggregates(c.right(), universe);
        }
        for (Literal l : rest) {
            for (Expr e : atomOf(l).args()) {
                namesOutsideAggregates(e, universe);
            }
        }
        List<Expr.Aggregate> aggregates = new ArrayList<>();
        for (Literal.Comparison c : comparisons) {
            collectAggregates(c.left(), aggregates);
            collectAggregates(c.right(), aggregates);
        }
        for (Literal l : rest) {
            for (Expr e : atomOf(l).args()) {
                collectAggregates(e, aggregates);
            }
        }
        for (Expr.Aggregate ag : aggregates) {
            Set<String> inner = new LinkedHashSet<>();
            Substitution.varsOf(ag, inner);
            inner.retainAll(universe);
            outerRefs.put(ag, new ArrayList<>(inner));
        }
        // 3. resolve assignments and aggregates until nothing changes
        List<Literal.Comparison> pending = resolveDefinitions(comparisons, aggregates, bound);
        // a head variable bound only inside a min/max aggregate takes its value from the binding that
        // reached the extremum (Souffle's witnesses)
        for (String name : outerNames) {
            if (isBoundName(name, bound)) {
                continue;
            }
            for (Expr.Aggregate ag : aggregates) {
                Set<String> inner = new LinkedHashSet<>();
                Substitution.varsOf(ag, inner);
                if (aggVars.containsKey(ag) && inner.contains(name)
                        && (ag.kind() == Expr.AggKind.MIN || ag.kind() == Expr.AggKind.MAX)) {
                    int v = var(name);
                    witnesses.computeIfAbsent(ag, k -> new ArrayList<>()).add(name);
                    computed.put(v, new WitnessOf(ag, name));
                    bound.add(v);
                    break;
                }
            }
        }
        for (Expr.Aggregate ag : aggregates) {
            if (!aggVars.containsKey(ag)) {
                throw new LeapfrogException(ag.pos() + ": error: the aggregate refers to variables "
                        + outerRefs.get(ag) + " that are not bound outside it. Bind them with a positive body atom.");
            }
        }
        // 4. filters and negations
        for (Literal.Comparison c : pending) {
            Set<Integer> vs = new LinkedHashSet<>();
            requireBound(c.left(), bound, vs);
            requireBound(c.right(), bound, vs);
            filters.add(new Pending(c, vs));
        }
        for (Literal l : rest) {
            Atom a = atomOf(l);
            if (l instanceof Literal.Positive && isFilter(a.relation())) {
                requireBoundForFilter(a, bound);
            }
            Set<Integer> vs = new LinkedHashSet<>();
            for (Expr e : a.args()) {
                if (!(e instanceof Expr.Wildcard)) {
                    requireBound(e, bound, vs);
                }
            }
            if (l instanceof Literal.Positive && isFilter(a.relation())) {
                filterTests.add(filterTest(a));
            } else if (l instanceof Literal.Negated && isFilter(a.relation())) {
                throw new LeapfrogException(a.pos() + ": error: negation of filter relation " + a.relation()
                        + ": a filter's false positives would drop true answers. Negate an exact relation");
            } else if (!isRelation(a.relation())) {
                throw new LeapfrogException(a.pos() + ": error: relation '" + a.relation() + "' is not declared");
            } else {
                List<Integer> kept = new ArrayList<>();
                List<Expr> args = new ArrayList<>();
                for (int c = 0; c < a.args().size(); c++) {
                    if (!(a.args().get(c) instanceof Expr.Wildcard)) {
                        kept.add(c);
                        args.add(a.args().get(c));
                    }
                }
                Set<Integer> reads = new LinkedHashSet<>();
                for (Expr e : args) {
                    requireBound(e, new LinkedHashSet<>(varIds.values()), reads);
                }
                negations.add(new Predicate.Negation(a.relation(), kept, args, new ArrayList<>(reads),
                        "!" + ExprText.atom(a)));
            }
        }
        return node();
    }

    /** A query (which the checker does not see) names a filter atom's variable nowhere else: say why that fails. */
    private void requireBoundForFilter(Atom a, Set<Integer> bound) {
        if (a.args().stream().allMatch(e -> e instanceof Expr.Wildcard)) {
            return;   // count : { f(_) }
        }
        for (Expr e : a.args()) {
            Set<String> names = new LinkedHashSet<>();
            Substitution.varsOf(e, names);
            for (String name : names) {
                Integer id = varIds.get(name);
                if (id == null || !bound.contains(id)) {
                    throw new LeapfrogException(e.pos() + ": error: variable '" + name + "' is bound only by filter"
                            + " relation " + a.relation() + ": a filter tests membership and cannot enumerate its"
                            + " tuples. Bind " + name + " with an atom over an exact relation");
                }
            }
            if (e instanceof Expr.Wildcard) {
                throw new LeapfrogException(e.pos() + ": error: underscore in filter relation " + a.relation()
                        + ": a filter cannot enumerate the values it stands for. Bind every argument");
            }
        }
    }

    /**
     * A filter relation's atom as a membership test of its arguments (all bound: the checker refuses the
     * rest), or with only wildcards the filter's size ({@code count : { f(_) }}).
     */
    private Predicate.FilterTest filterTest(Atom a) {
        boolean whole = a.args().stream().allMatch(e -> e instanceof Expr.Wildcard);
        Set<Integer> reads = new LinkedHashSet<>();
        if (!whole) {
            for (Expr e : a.args()) {
                requireBound(e, new LinkedHashSet<>(varIds.values()), reads);
            }
        }
        ProgramModel.RelationInfo info = schemas.get(a.relation());
        return new Predicate.FilterTest(a.relation(), whole ? List.of() : a.args(), new ArrayList<>(reads), info.filter(),
                ExprText.atom(a) + " " + info.filter().describe()
                        + (whole ? ": its size, estimated as the filter's distinct fingerprints" : ""));
    }

    /**
     * Defines variables by aggregates (once their outer variables are bound), {@code x = expr} (once
     * expr's are) and {@code x = range(...)}, until nothing changes; returns the comparisons left to test.
     */
    private List<Literal.Comparison> resolveDefinitions(List<Literal.Comparison> comparisons,
                                                        List<Expr.Aggregate> aggregates, Set<Integer> bound) {
        List<Literal.Comparison> pending = new ArrayList<>(comparisons);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Expr.Aggregate ag : aggregates) {
                if (!aggVars.containsKey(ag) && allBound(outerRefs.get(ag), bound)) {
                    int v = var("$agg" + aggVars.size());
                    aggVars.put(ag, v);
                    computed.put(v, ag);
                    bound.add(v);
                    changed = true;
                }
            }
            for (var it = pending.iterator(); it.hasNext(); ) {
                Literal.Comparison c = it.next();
                if (c.op() != Literal.CompOp.EQ) {
                    continue;
                }
                Expr.Var rangeVar = rangeTarget(c);
                if (rangeVar != null) {
                    // x = range(...): x takes each value (tested against the atoms when they bind x too)
                    Expr range = c.left() == rangeVar ? c.right() : c.left();
                    Integer id = varIds.get(rangeVar.name());
                    if ((id == null || !computed.containsKey(id)) && resolvable(range, bound)) {
                        int v = var(rangeVar.name());
                        computed.put(v, range);
                        bound.add(v);
                        it.remove();
                        changed = true;
                    }
                    continue;
                }
                Expr target = null;
                Expr def = null;
                if (c.left() instanceof Expr.Var v && !isBoundName(v.name(), bound) && resolvable(c.right(), bound)) {
                    target = v;
                    def = c.right();
                } else if (c.right() instanceof Expr.Var v && !isBoundName(v.name(), bound) && resolvable(c.left(), bound)) {
                    target = v;
                    def = c.left();
                }
                if (target != null) {
                    int v = var(((Expr.Var) target).name());
                    computed.put(v, def);
                    bound.add(v);
                    it.remove();
                    changed = true;
                }
            }
        }
        return pending;
    }

    // ---------------------------------------------------------------- the node

    /**
     * The predicates in the order the planner takes them: computed variables, then comparisons (those
     * between two atom variables as bounds, those with a constant as constant bounds), then negations.
     */
    private JoinNode node() {
        List<Predicate> predicates = new ArrayList<>();
        for (Map.Entry<Integer, Object> c : computed.entrySet()) {
            predicates.add(definition(c.getKey(), c.getValue()));
        }
        for (Pending f : filters) {
            Literal.Comparison c = f.comparison();
            if (isOrder(c.op()) && c.left() instanceof Expr.Var l && c.right() instanceof Expr.Var r
                    && isScanVar(l.name()) && isScanVar(r.name())) {
                int a = varIds.get(l.name());
                int b = varIds.get(r.name());
                boolean strict = c.op() == Literal.CompOp.LT || c.op() == Literal.CompOp.GT;
                if (a == b) { // x < x never holds, x <= x always does
                    unsatisfiable |= strict;
                    continue;
                }
                boolean less = c.op() == Literal.CompOp.LT || c.op() == Literal.CompOp.LE;
                predicates.add(less ? new Predicate.Bound(a, b, strict, text(c)) : new Predicate.Bound(b, a, strict, text(c)));
                continue;
            }
            Predicate.ConstantBound constant = constantBound(c);
            predicates.add(constant != null ? constant : new Predicate.Comparison(c, new ArrayList<>(f.reads()), text(c)));
        }
        predicates.addAll(filterTests);
        predicates.addAll(negations);
        List<Variable> variables = new ArrayList<>();
        for (String name : varNames) {
            variables.add(new Variable(name, typeOf(name)));
        }
        return new JoinNode(label, variables, varTypes, scans, predicates, params.size(), unsatisfiable, countedOnly, null);
    }

    /** A bound atom variable, not computed (an assignment's variable is tested, not sought). */
    private boolean isScanVar(String name) {
        Integer id = varIds.get(name);
        return id != null && scanVars.contains(id) && !computed.containsKey(id);
    }

    /** {@code x < c} (or {@code c < x}, <=, >, >=) over an atom variable and a constant, as a bound; else null. */
    private Predicate.ConstantBound constantBound(Literal.Comparison c) {
        if (!isOrder(c.op())) {
            return null;
        }
        Expr.Var v = c.left() instanceof Expr.Var x ? x : c.right() instanceof Expr.Var y ? y : null;
        if (v == null) {
            return null;
        }
        Expr other = v == c.left() ? c.right() : c.left();
        if (!isScanVar(v.name()) || !isConstant(other)) {
            return null;
        }
        Literal.CompOp op = c.op();
        if (v == c.right()) { // c < x  is  x > c
            op = switch (op) {
                case LT -> Literal.CompOp.GT;
                case LE -> Literal.CompOp.GE;
                case GT -> Literal.CompOp.LT;
                case GE -> Literal.CompOp.LE;
                default -> op;
            };
        }
        boolean strict = op == Literal.CompOp.LT || op == Literal.CompOp.GT;
        boolean upper = op == Literal.CompOp.LT || op == Literal.CompOp.LE;
        return new Predicate.ConstantBound(varIds.get(v.name()), other, strict, upper, text(c));
    }

    private Predicate definition(int v, Object def) {
        String name = varNames.get(v);
        if (def instanceof Integer index) {
            return new Predicate.OuterValue(v, index, name + " = <outer value " + index + ">");
        }
        if (def instanceof WitnessOf w) {
            return new Predicate.Witness(v, aggVars.get(w.aggregate()), witnesses.get(w.aggregate()).indexOf(w.name()),
                    name + " = witness of " + ExprText.of(w.aggregate()));
        }
        Expr e = (Expr) def;
        String text = name + " = " + ExprText.of(e);
        if (e instanceof Expr.Aggregate ag && aggVars.get(ag) != v) {
            // "n = count : {...}": n takes the value of the aggregate's own variable
            return new Predicate.Assignment(v, e, List.of(aggVars.get(ag)), name + " = " + varNames.get(aggVars.get(ag)));
        }
        List<Integer> reads = new ArrayList<>(depsOf(e));
        if (e instanceof Expr.Aggregate ag) {
            return aggregate(v, ag, text);
        }
        if (isRange(e)) {
            return new Predicate.Range(v, (Expr.Functor) e, reads, text);
        }
        return new Predicate.Assignment(v, e, reads, text);
    }

    /** An aggregate's value: its body translated as a join of its own, reading the outer variables as parameters. */
    private Predicate.AggregateValue aggregate(int v, Expr.Aggregate ag, String text) {
        List<String> outer = outerRefs.get(ag);
        List<Integer> reads = new ArrayList<>();
        for (String n : outer) {
            reads.add(varIds.get(n));
        }
        Translation body = translate(schemas, label + " / aggregate at " + ag.pos(), ag.body(), outer, true, Set.of(),
                Set.of(), varTypes, ag.kind() == Expr.AggKind.COUNT);
        Expr target = ag.target() == null ? null : body.rewrite(ag.target());
        return new Predicate.AggregateValue(v, ag, target, outer, reads, witnesses.getOrDefault(ag, List.of()),
                body.join(), text);
    }

    /** The variables an expression reads (an aggregate counts as its own variable). */
    private Set<Integer> depsOf(Expr e) {
        Set<Integer> out = new LinkedHashSet<>();
        if (e instanceof Expr.Aggregate ag) {
            for (String n : outerRefs.get(ag)) {
                out.add(varIds.get(n));
            }
            return out;
        }
        requireBound(e, null, out);
        return out;
    }

    // ---------------------------------------------------------------- helpers

    private static Atom atomOf(Literal l) {
        return l instanceof Literal.Positive p ? p.atom() : ((Literal.Negated) l).atom();
    }

    /** The variable of "x = range(...)" (or "range(...) = x"), or null. */
    private static Expr.Var rangeTarget(Literal.Comparison c) {
        if (c.op() != Literal.CompOp.EQ) {
            return null;
        }
        if (c.left() instanceof Expr.Var v && isRange(c.right())) {
            return v;
        }
        if (c.right() instanceof Expr.Var v && isRange(c.left())) {
            return v;
        }
        return null;
    }

    private static boolean isRange(Expr e) {
        return e instanceof Expr.Functor f && f.name().equals("range");
    }

    private boolean isBoundName(String name, Set<Integer> bound) {
        Integer id = varIds.get(name);
        return id != null && bound.contains(id);
    }

    private boolean allBound(List<String> names, Set<Integer> bound) {
        for (String n : names) {
            if (!isBoundName(n, bound)) {
                return false;
            }
        }
        return true;
    }

    /** True when every variable and aggregate of {@code e} is bound. */
    private boolean resolvable(Expr e, Set<Integer> bound) {
        if (e instanceof Expr.Var v) {
            return isBoundName(v.name(), bound);
        }
        if (e instanceof Expr.Aggregate ag) {
            return aggVars.containsKey(ag);
        }
        if (e instanceof Expr.Wildcard || e instanceof Expr.Counter) {
            return false;
        }
        for (Expr o : e.operands()) {
            if (!resolvable(o, bound)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Adds the variables {@code e} reads to {@code out}; a variable not in {@code bound} is an error
     * ({@code bound} null: every named variable counts as bound).
     */
    private void requireBound(Expr e, Set<Integer> bound, Set<Integer> out) {
        if (e instanceof Expr.Var v) {
            Integer id = varIds.get(v.name());
            if (id == null || (bound != null && !bound.contains(id))) {
                throw new LeapfrogException(v.pos() + ": error: variable '" + v.name() + "' is ungrounded in " + label
                        + ". Bind it with a positive body atom or an equality.");
            }
            out.add(id);
        } else if (e instanceof Expr.Aggregate ag) {
            out.add(aggVars.get(ag));
        } else if (e instanceof Expr.Counter) {
            throw new NotSupportedException("not supported: the counter '$' (" + e.pos() + ")");
        } else {
            for (Expr o : e.operands()) {
                requireBound(o, bound, out);
            }
        }
    }

    private static void namesOutsideAggregates(Expr e, Set<String> out) {
        if (e instanceof Expr.Var v) {
            out.add(v.name());
        }
        for (Expr o : e.operands()) {
            namesOutsideAggregates(o, out);
        }
    }

    private static void collectAggregates(Expr e, List<Expr.Aggregate> out) {
        if (e instanceof Expr.Aggregate ag) {
            out.add(ag);
        }
        for (Expr o : e.operands()) {
            collectAggregates(o, out);
        }
    }

    /** True when an expression is made of constants only (a selection value). */
    public static boolean isConstant(Expr e) {
        if (e instanceof Expr.NumberConst || e instanceof Expr.FloatConst || e instanceof Expr.StringConst) {
            return true;
        }
        if (e instanceof Expr.Binary || e instanceof Expr.Unary || e instanceof Expr.Functor) {
            return e.operands().stream().allMatch(BodyTranslator::isConstant);
        }
        return false;
    }

    private static boolean isOrder(Literal.CompOp op) {
        return op == Literal.CompOp.LT || op == Literal.CompOp.LE || op == Literal.CompOp.GT || op == Literal.CompOp.GE;
    }

    private static String text(Literal.Comparison c) {
        return ExprText.of(c.left()) + " " + c.op().symbol + " " + ExprText.of(c.right());
    }
}
