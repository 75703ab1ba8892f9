package io.leapfrog.engine.eval;

import io.leapfrog.planner.datalog.ExprText;
import io.leapfrog.planner.datalog.BodyTypes;
import io.leapfrog.planner.datalog.Substitution;
import io.leapfrog.ast.Atom;
import io.leapfrog.ast.Expr;
import io.leapfrog.ast.Literal;
import io.leapfrog.check.BaseType;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.NotSupportedException;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.Reduction;
import io.leapfrog.exec.join.ValueProgram;
import io.leapfrog.exec.join.WitnessedReduction;
import io.leapfrog.exec.join.LevelFilter;
import io.leapfrog.exec.join.TupleSink;
import io.leapfrog.exec.join.ValueFunction;
import io.leapfrog.exec.join.ValueRange;
import io.leapfrog.exec.storage.DegreeRenumbering;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.Trie;
import io.leapfrog.planner.CalcitePlanner;
import io.leapfrog.planner.JoinPlan;
import io.leapfrog.planner.JoinProblem;
import io.leapfrog.planner.PlanExplainer;
import io.leapfrog.planner.order.PredicatePlacement;
import io.leapfrog.planner.order.SampledOrderSearch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * One rule body (or aggregate sub-body, or REPL query) compiled for leapfrog triejoin: its positive
 * atoms as selected/projected relations, its variables in the planner's order, comparisons as bounds
 * or level filters, {@code x = expr} and aggregates as computed levels, negations as membership
 * filters. A compiled body is built into a {@link JoinQuery} per evaluation ({@link #run}, {@link #count})
 * against a {@link RelationSource}, so semi-naive evaluation can substitute a delta for one atom.
 */
public final class CompiledBody {

    /** Names of the built-in constraint "atoms" that Souffle writes like relations. */
    private static final Set<String> BUILTIN_CONSTRAINTS = Set.of("match", "contains");

    private final EvalContext ctx;
    private final String label;
    private final List<String> varNames = new ArrayList<>();        // by var id
    private final Map<String, Integer> varIds = new HashMap<>();
    private final IdentityHashMap<Expr, Integer> aggVars = new IdentityHashMap<>();
    private final List<AtomSpec> atoms = new ArrayList<>();
    private final List<NegationSpec> negations = new ArrayList<>();
    private final List<FilterSpec> filters = new ArrayList<>();
    private final Map<Integer, Object> computed = new LinkedHashMap<>(); // var id -> Expr or Integer(param index)
    private final List<String> params;
    private boolean staticallyFalse;
    private JoinPlan plan;
    private int[] pos;           // var id -> level
    private ExprCompiler exprs;  // resolves variables to levels
    private final List<Runnable> planned = new ArrayList<>();
    private final Substitution substitution;
    /** Variable types (BodyTypes): float arithmetic and float constants compile differently. */
    private final Map<String, BaseType> varTypes;
    private final boolean countedOnly;
    /** For a counted clique query, how it counts over its graph renumbered by degree; else null. */
    private DegreeOrderedCount degreeOrdered;
    /** Whether the counted clique query reads its graph renumbered (chosen by measuring both when planning). */
    private boolean renumber;
    /** What was chosen for the clique query and why, for EXPLAIN with data; null for other bodies. */
    private String degreeChoice;

    private record AtomSpec(String relation, int[] selectCols, int[] selectVals, int[][] equalCols,
                            int[] keptCols, int[] vars, boolean recursive, Expr[] constExprs, CachedProjection cache) { }

    private record NegationSpec(String relation, int[] keptCols, Expr[] args, CachedProjection cache) { }

    /** A comparison or built-in constraint; {@code expr} evaluates to non-zero when it holds. */
    private record FilterSpec(Literal.Comparison cmp, Expr builtin, boolean negatedBuiltin, Set<Integer> vars) { }

    /** Remembers the last selected/projected relation so unchanged inputs are not re-projected. */
    static final class CachedProjection {
        private Relation source;
        private Relation result;

        synchronized Relation get(Relation src, java.util.function.Function<Relation, Relation> make) {
            if (src != source) {
                result = make.apply(src);
                source = src;
            }
            return result;
        }
    }

    /**
     * @param params         variables bound from outside (aggregate sub-bodies); {@link #run} receives their values
     * @param keepWildcards  true for aggregate bodies: every matching tuple counts, so '_' columns are kept
     * @param outerNames     further variable names the caller uses (the head), for aggregate outer references
     * @param recursive      relations of the stratum being evaluated (candidates for deltas)
     */
    public CompiledBody(EvalContext ctx, String label, List<Literal> body, List<String> params, boolean keepWildcards,
                        Set<String> outerNames, Set<String> recursive) {
        this(ctx, label, body, params, keepWildcards, outerNames, recursive, Map.of(), false);
    }

    /**
     * @param inheritedTypes the variable types of the enclosing body (for an aggregate's body)
     * @param countedOnly    the body's bindings are only ever counted ({@link #count}; a count aggregate's
     *                       body), never enumerated: a clique query may then count over its graph with the
     *                       nodes renumbered ({@link DegreeOrderedCount})
     */
    CompiledBody(EvalContext ctx, String label, List<Literal> body, List<String> params, boolean keepWildcards,
                 Set<String> outerNames, Set<String> recursive, Map<String, BaseType> inheritedTypes, boolean countedOnly) {
        this.countedOnly = countedOnly;
        this.ctx = ctx;
        this.label = label;
        this.params = List.copyOf(params);
        this.varTypes = BodyTypes.of(body, ctx.schemas(), inheritedTypes);
        this.substitution = unify(body, params);
        List<Literal> lits = substitution.apply(body);
        compile(lits, keepWildcards, outerNames, recursive);
    }

    /** The base type of a variable of this body (number when nothing types it). */
    BaseType typeOf(String var) {
        return varTypes.getOrDefault(var, BaseType.NUMBER);
    }

    /** The base type of column c of a relation. */
    private BaseType columnType(String relation, int c) {
        return BodyTypes.baseType(ctx.schemas().get(relation).columnTypes().get(c));
    }

    /** The substitution applied to the body (variables unified with others or with constants); apply it to the head too. */
    public Expr rewrite(Expr e) {
        return substitution.apply(e);
    }

    // ---------------------------------------------------------------- compilation

    /** Unifies {@code x = y} between atom variables and {@code x = const}, so they become join keys and selections. */
    private Substitution unify(List<Literal> body, List<String> params) {
        Set<String> atomVars = new LinkedHashSet<>();
        for (Literal l : body) {
            if (l instanceof Literal.Positive p && ctx.isRelation(p.atom().relation())) {
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
            if (l instanceof Literal.Comparison c && c.op() == Literal.CompOp.EQ) {
                if (c.left() instanceof Expr.Var a && c.right() instanceof Expr.Var b
                        && atomVars.contains(a.name()) && atomVars.contains(b.name())) {
                    String ra = find(parent, a.name());
                    String rb = find(parent, b.name());
                    if (!ra.equals(rb)) {
                        parent.put(rb, ra);
                    }
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
                map.put(v, new Expr.Var(r, io.leapfrog.ast.SourcePos.NONE));
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

    private void compile(List<Literal> lits, boolean keepWildcards, Set<String> outerNames, Set<String> recursive) {
        List<Literal.Comparison> comparisons = new ArrayList<>();
        int fresh = 0;
        // 1. positive atoms
        for (Literal l : lits) {
            if (!(l instanceof Literal.Positive p) || !ctx.isRelation(p.atom().relation())) {
                continue;
            }
            Atom a = p.atom();
            List<Integer> selCols = new ArrayList<>();
            List<Integer> selVals = new ArrayList<>();
            List<int[]> eq = new ArrayList<>();
            List<Integer> kept = new ArrayList<>();
            List<Integer> vars = new ArrayList<>();
            Map<Integer, Integer> firstColOfVar = new HashMap<>();
            for (int c = 0; c < a.args().size(); c++) {
                Expr e = a.args().get(c);
                if (e instanceof Expr.Wildcard && !keepWildcards) {
                    continue;
                }
                int v;
                if (e instanceof Expr.Var x) {
                    v = var(x.name());
                } else if (e instanceof Expr.Wildcard) {
                    v = var("_" + (fresh++));
                } else if (isConstant(e)) {
                    selCols.add(c);
                    selVals.add(ctx.constantValue(e, columnType(a.relation(), c)));
                    continue;
                } else {
                    // an expression argument: a fresh column variable constrained to equal it
                    String name = "$arg" + (fresh++);
                    v = var(name);
                    varTypes.put(name, columnType(a.relation(), c));
                    comparisons.add(new Literal.Comparison(Literal.CompOp.EQ, new Expr.Var(name, e.pos()), e, e.pos()));
                }
                Integer first = firstColOfVar.get(v);
                if (first != null) {
                    eq.add(new int[]{first, c});
                } else {
                    firstColOfVar.put(v, c);
                    kept.add(c);
                    vars.add(v);
                }
            }
            atoms.add(new AtomSpec(a.relation(), ints(selCols), ints(selVals), eq.toArray(new int[0][]), ints(kept),
                    ints(vars), recursive.contains(a.relation()), null, new CachedProjection()));
        }
        Set<Integer> bound = new LinkedHashSet<>();
        for (AtomSpec a : atoms) {
            for (int v : a.vars) {
                bound.add(v);
            }
        }
        for (int i = 0; i < params.size(); i++) {
            int v = var(params.get(i));
            computed.put(v, i);
            bound.add(v);
        }
        // 2. the other literals
        List<Literal> rest = new ArrayList<>();
        for (Literal l : lits) {
            if (l instanceof Literal.Positive p && ctx.isRelation(p.atom().relation())) {
                continue;
            }
            if (l instanceof Literal.Comparison c) {
                comparisons.add(c);
            } else if (l instanceof Literal.BoolConst b) {
                staticallyFalse |= !b.value();
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
                Expr target = null;
                Expr def = null;
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
        // Souffle "witnesses": a head variable bound only inside a min/max aggregate takes its value
        // from the tuple that reached the extremum
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
                    computed.put(v, new WitnessDef(ag, name));
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
            requireBound(c.left(), bound, vs, c);
            requireBound(c.right(), bound, vs, c);
            filters.add(new FilterSpec(c, null, false, vs));
        }
        for (Literal l : rest) {
            Atom a = atomOf(l);
            Set<Integer> vs = new LinkedHashSet<>();
            for (Expr e : a.args()) {
                if (!(e instanceof Expr.Wildcard)) {
                    requireBound(e, bound, vs, l);
                }
            }
            boolean negated = l instanceof Literal.Negated;
            if (!ctx.isRelation(a.relation())) {
                if (!BUILTIN_CONSTRAINTS.contains(a.relation())) {
                    throw new LeapfrogException(a.pos() + ": error: relation '" + a.relation() + "' is not declared");
                }
                filters.add(new FilterSpec(null, new Expr.Functor(a.relation(), a.args(), a.pos()), negated, vs));
            } else {
                List<Integer> kept = new ArrayList<>();
                List<Expr> args = new ArrayList<>();
                for (int c = 0; c < a.args().size(); c++) {
                    if (!(a.args().get(c) instanceof Expr.Wildcard)) {
                        kept.add(c);
                        args.add(a.args().get(c));
                    }
                }
                negations.add(new NegationSpec(a.relation(), ints(kept), args.toArray(new Expr[0]), new CachedProjection()));
            }
        }
        planBody();
    }

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
        if (e instanceof Expr.Binary b) {
            return resolvable(b.left(), bound) && resolvable(b.right(), bound);
        }
        if (e instanceof Expr.Unary u) {
            return resolvable(u.operand(), bound);
        }
        if (e instanceof Expr.Functor f) {
            for (Expr a : f.args()) {
                if (!resolvable(a, bound)) {
                    return false;
                }
            }
        }
        return true;
    }

    private void requireBound(Expr e, Set<Integer> bound, Set<Integer> out, Object where) {
        if (e instanceof Expr.Var v) {
            if (!isBoundName(v.name(), bound)) {
                throw new LeapfrogException(v.pos() + ": error: variable '" + v.name() + "' is ungrounded in " + label
                        + ". Bind it with a positive body atom or an equality.");
            }
            out.add(varIds.get(v.name()));
        } else if (e instanceof Expr.Aggregate ag) {
            out.add(aggVars.get(ag));
        } else if (e instanceof Expr.Binary b) {
            requireBound(b.left(), bound, out, where);
            requireBound(b.right(), bound, out, where);
        } else if (e instanceof Expr.Unary u) {
            requireBound(u.operand(), bound, out, where);
        } else if (e instanceof Expr.Functor f) {
            for (Expr a : f.args()) {
                requireBound(a, bound, out, where);
            }
        } else if (e instanceof Expr.Counter) {
            throw new NotSupportedException("not supported: the counter '$' (" + e.pos() + ")");
        }
    }

    /** Free variables of {@code e} as var ids (aggregates count as their own variable). */
    private Set<Integer> depsOf(Object def) {
        Set<Integer> out = new LinkedHashSet<>();
        if (def instanceof WitnessDef w) {
            out.add(aggVars.get(w.aggregate()));
        } else if (def instanceof Expr.Aggregate ag) {
            for (String n : outerRefs.get(ag)) {
                out.add(varIds.get(n));
            }
        } else if (def instanceof Expr e) {
            requireBound(e, new java.util.AbstractSet<Integer>() {
                @Override
                public boolean contains(Object o) {
                    return true;
                }

                @Override
                public java.util.Iterator<Integer> iterator() {
                    return java.util.Collections.emptyIterator();
                }

                @Override
                public int size() {
                    return 0;
                }
            }, out, e);
        }
        return out;
    }

    private final Map<Expr.Aggregate, Set<String>> aggregateLocals = new IdentityHashMap<>();
    private final Map<Expr.Aggregate, List<String>> outerRefs = new IdentityHashMap<>();
    private final Map<Expr.Aggregate, List<String>> witnesses = new IdentityHashMap<>();

    /** A witness variable: the value of {@code name} in the tuple that reached the aggregate's extremum. */
    private record WitnessDef(Expr.Aggregate aggregate, String name) { }

    private boolean isLocalTo(Expr.Aggregate ag, String name) {
        Set<String> locals = aggregateLocals.get(ag);
        return locals != null && locals.contains(name);
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

    private static boolean isConstant(Expr e) {
        if (e instanceof Expr.NumberConst || e instanceof Expr.FloatConst || e instanceof Expr.StringConst) {
            return true;
        }
        if (e instanceof Expr.Binary b) {
            return isConstant(b.left()) && isConstant(b.right());
        }
        if (e instanceof Expr.Unary u) {
            return isConstant(u.operand());
        }
        if (e instanceof Expr.Functor f) {
            return f.args().stream().allMatch(CompiledBody::isConstant);
        }
        return false;
    }

    private static int[] ints(List<Integer> xs) {
        int[] out = new int[xs.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = xs.get(i);
        }
        return out;
    }

    // ---------------------------------------------------------------- planning

    private final List<int[]> bounds = new ArrayList<>();              // {varA, varB, strict}: a < b
    private final List<int[]> constBounds = new ArrayList<>();         // {var, const, strict, upper}
    private final List<FilterSpec> levelFilters = new ArrayList<>();
    private final List<Integer> filterPredicate = new ArrayList<>();   // index into problem predicates
    private final List<Integer> negationPredicate = new ArrayList<>();
    private final Map<Integer, Integer> computedPredicate = new HashMap<>();

    private void planBody() {
        List<JoinProblem.JoinAtom> jatoms = new ArrayList<>();
        for (AtomSpec a : atoms) {
            if (a.vars.length == 0) {
                continue;
            }
            Relation r = ctx.currentRelation(a.relation);
            long[] distinct = new long[a.keptCols.length];
            for (int i = 0; i < distinct.length; i++) {
                distinct[i] = r.size() == 0 ? 0 : r.distinctCount(a.keptCols[i]);
            }
            List<Integer> vs = new ArrayList<>();
            for (int v : a.vars) {
                vs.add(v);
            }
            jatoms.add(new JoinProblem.JoinAtom(a.relation, vs, r.size(), distinct));
        }
        Set<Integer> atomVars = new LinkedHashSet<>();
        for (AtomSpec a : atoms) {
            for (int v : a.vars) {
                atomVars.add(v);
            }
        }
        List<JoinProblem.JoinPredicate> preds = new ArrayList<>();
        for (Map.Entry<Integer, Object> c : computed.entrySet()) {
            computedPredicate.put(c.getKey(), preds.size());
            List<Integer> deps = new ArrayList<>(c.getValue() instanceof Integer ? Set.of() : depsOf(c.getValue()));
            preds.add(new JoinProblem.JoinPredicate(JoinProblem.JoinPredicate.Kind.ASSIGNMENT,
                    varNames.get(c.getKey()) + " = " + describeDef(c.getValue()), deps, c.getKey()));
        }
        for (FilterSpec f : filters) {
            Literal.Comparison c = f.cmp;
            if (c != null && isOrder(c.op()) && c.left() instanceof Expr.Var l && c.right() instanceof Expr.Var r
                    && atomVars.contains(varIds.get(l.name())) && atomVars.contains(varIds.get(r.name()))
                    && !computed.containsKey(varIds.get(l.name())) && !computed.containsKey(varIds.get(r.name()))) {
                int a = varIds.get(l.name());
                int b = varIds.get(r.name());
                boolean strict = c.op() == Literal.CompOp.LT || c.op() == Literal.CompOp.GT;
                if (a == b) { // x < x never holds, x <= x always does
                    staticallyFalse |= strict;
                    continue;
                }
                boolean less = c.op() == Literal.CompOp.LT || c.op() == Literal.CompOp.LE;
                bounds.add(less ? new int[]{a, b, strict ? 1 : 0} : new int[]{b, a, strict ? 1 : 0});
                preds.add(new JoinProblem.JoinPredicate(JoinProblem.JoinPredicate.Kind.BOUND, text(c), List.of(a, b), -1));
                continue;
            }
            if (c != null && isOrder(c.op()) && constBound(c, atomVars)) {
                preds.add(new JoinProblem.JoinPredicate(JoinProblem.JoinPredicate.Kind.COMPARISON, text(c),
                        new ArrayList<>(f.vars), -1));
                continue;
            }
            filterPredicate.add(preds.size());
            levelFilters.add(f);
            preds.add(new JoinProblem.JoinPredicate(JoinProblem.JoinPredicate.Kind.COMPARISON,
                    c != null ? text(c) : (f.negatedBuiltin ? "!" : "") + f.builtin.toString(), new ArrayList<>(f.vars), -1));
        }
        for (NegationSpec n : negations) {
            Set<Integer> vs = new LinkedHashSet<>();
            for (Expr e : n.args) {
                requireBound(e, new LinkedHashSet<>(varIds.values()), vs, n);
            }
            negationPredicate.add(preds.size());
            preds.add(new JoinProblem.JoinPredicate(JoinProblem.JoinPredicate.Kind.NEGATION,
                    "!" + n.relation + "(...)", new ArrayList<>(vs), -1));
        }
        degreeOrdered = cliqueCount();   // needs the bounds, just collected
        JoinProblem problem = new JoinProblem(label, List.copyOf(varNames), jatoms, preds);
        Relation graph = degreeOrdered == null ? null : ctx.currentRelation(degreeOrdered.relation());
        if (graph != null && degreeOrdered.applies(graph)) {
            plan = planCliqueCount(problem, graph);
        } else {
            plan = orderMeasurable() ? ctx.planner().plan(problem, new OrderMeter(o -> trialJoin(o, false)))
                    : ctx.planner().plan(problem);
            degreeChoice = graph == null ? null : degreeOrdered.shapeReason(graph) + ": counted as numbered";
        }
        List<String> explain = plan.explainLines();
        String last = explain.isEmpty() ? "" : explain.get(explain.size() - 1).trim();
        if (last.startsWith(CalcitePlanner.MEASURED_NOTE)) {
            ctx.noteMeasuredOrder(label + ": variable order " + PlanExplainer.orderNames(problem, plan.order()) + "; " + last);
        }
        pos = new int[varNames.size()];
        Arrays.fill(pos, -1);
        for (int l = 0; l < plan.order().length; l++) {
            pos[plan.order()[l]] = l;
        }
        for (int v = 0; v < pos.length; v++) {
            if (pos[v] < 0) {
                throw new IllegalStateException("planner left variable " + varNames.get(v) + " out of the order in " + label);
            }
        }
        exprs = new ExprCompiler(ctx.symbols(), e -> {
            if (e instanceof Expr.Var v) {
                Integer id = varIds.get(v.name());
                return id == null ? -1 : pos[id];
            }
            Integer id = aggVars.get(e);
            return id == null ? -1 : pos[id];
        }, varTypes, ctx::nextCounter);
    }

    /**
     * The body as a counted clique query ({@link DegreeOrderedCount}), or null: a counted body without
     * outer values whose atoms all read one binary relation, each binding two variables (no constants,
     * wildcards or repeated variables), and whose other literals are only comparisons between them.
     */
    private DegreeOrderedCount cliqueCount() {
        if (!countedOnly || !DegreeOrderedCount.enabled() || !params.isEmpty() || staticallyFalse || atoms.isEmpty()
                || !computed.isEmpty() || !levelFilters.isEmpty() || !negations.isEmpty() || !constBounds.isEmpty()
                || !aggVars.isEmpty()) {
            return null;
        }
        String relation = atoms.get(0).relation;
        if (ctx.schemas().get(relation).arity() != 2) {
            return null;
        }
        List<int[]> edges = new ArrayList<>();
        for (AtomSpec a : atoms) {
            boolean plain = a.relation.equals(relation) && !a.recursive && a.selectCols.length == 0
                    && a.equalCols.length == 0 && Arrays.equals(a.keptCols, new int[]{0, 1});
            if (!plain) {
                return null;
            }
            edges.add(a.vars.clone());
        }
        return DegreeOrderedCount.of(relation, edges, bounds, varNames.size());
    }

    /**
     * A counted clique query's plan, over its graph as numbered or renumbered by degree, whichever
     * order does clearly less work on its data, counting the renumbering's own time against the join
     * time it saves where the join will run ({@link DegreeOrderedCount#prefer}); a join that takes less
     * time as numbered than the renumbering would is not measured renumbered at all. The renumbered
     * problem has its own label, so the planner's cache keeps the two apart, and the same statistics (those
     * of the graph as given), so a cached plan needs no renumbering to be found.
     */
    private JoinPlan planCliqueCount(JoinProblem asNumbered, Relation graph) {
        JoinProblem byDegree = new JoinProblem(label + " (nodes renumbered by degree)", asNumbered.variables(),
                asNumbered.atoms(), asNumbered.predicates());
        String shape = degreeOrdered.shapeReason(graph);
        if (!orderMeasurable() || DegreeOrderedCount.always()) {
            renumber = true;
            degreeChoice = shape + ": counted with its nodes renumbered by degree (" + (DegreeOrderedCount.always()
                    ? "-Dleapfrog.planner.degreeOrder=always" : "orders not measured") + ")";
            return orderMeasurable() ? ctx.planner().plan(byDegree, new OrderMeter(o -> trialJoin(o, true)))
                    : ctx.planner().plan(byDegree);
        }
        JoinPlan numbered = ctx.planner().plan(asNumbered, new OrderMeter(o -> trialJoin(o, false)));
        long tuples = graph.size();
        long numberedWork = numbered.measuredWork();
        double cores = ctx.joins().coresFor(numberedWork, ctx.threads());
        String renumbering = String.format(Locale.ROOT, "renumbering its %,d tuples about %s", tuples,
                millisText(DegreeOrderedCount.renumberNanos(tuples)));
        if (!DegreeOrderedCount.mayPay(numberedWork, cores, tuples)) {
            renumber = false;
            degreeChoice = String.format(Locale.ROOT, "%s: counted as numbered (measured work ~%s, about %s at %s cores'"
                            + " speed, no longer than %s)", shape, workText(numberedWork),
                    millisText(DegreeOrderedCount.joinNanos(numberedWork, cores)), coresText(cores), renumbering);
            return numbered;
        }
        JoinPlan renumbered = ctx.planner().plan(byDegree, new OrderMeter(o -> trialJoin(o, true)));
        long byDegreeWork = renumbered.measuredWork();
        renumber = DegreeOrderedCount.prefer(byDegreeWork, numberedWork, cores, tuples);
        String saving = byDegreeWork < 0 || numberedWork < 0 ? "" : String.format(Locale.ROOT, "; it saves about %s at %s"
                + " cores' speed, %s", millisText(DegreeOrderedCount.joinNanos(numberedWork - byDegreeWork, cores)),
                coresText(cores), renumbering);
        degreeChoice = String.format(Locale.ROOT, "%s: counted %s (measured work ~%s with the nodes renumbered by degree,"
                        + " ~%s as numbered%s)", shape, renumber ? "with its nodes renumbered by degree" : "as numbered",
                workText(byDegreeWork), workText(numberedWork), saving);
        return renumber ? renumbered : numbered;
    }

    private static String coresText(double cores) {
        return String.format(Locale.ROOT, "%.0f", cores);
    }

    private static String millisText(double nanos) {
        return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
    }

    private static String workText(long work) {
        return work < 0 ? "unknown" : PlanExplainer.rows(work);
    }

    /** The relation a counted clique query reads in place of its graph relation r (r itself for other bodies). */
    private Relation counted(Relation r) {
        return renumber && degreeOrdered.applies(r) ? DegreeRenumbering.renumbered(r) : r;
    }

    private boolean constBound(Literal.Comparison c, Set<Integer> atomVars) {
        Expr.Var v = c.left() instanceof Expr.Var x ? x : c.right() instanceof Expr.Var y ? y : null;
        if (v == null) {
            return false;
        }
        Expr other = v == c.left() ? c.right() : c.left();
        Integer id = varIds.get(v.name());
        if (id == null || !atomVars.contains(id) || computed.containsKey(id) || !isConstant(other)) {
            return false;
        }
        int value = ctx.constantValue(other, typeOf(v.name()));   // a float column's bound is a float
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
        constBounds.add(new int[]{id, value, strict ? 1 : 0, upper ? 1 : 0});
        return true;
    }

    private static boolean isOrder(Literal.CompOp op) {
        return op == Literal.CompOp.LT || op == Literal.CompOp.LE || op == Literal.CompOp.GT || op == Literal.CompOp.GE;
    }

    private static String text(Literal.Comparison c) {
        return ExprText.of(c.left()) + " " + c.op().symbol + " " + ExprText.of(c.right());
    }

    private static String describeDef(Object def) {
        if (def instanceof WitnessDef w) {
            return "witness of " + ExprText.of(w.aggregate());
        }
        return def instanceof Integer i ? "<outer value " + i + ">" : ExprText.of((Expr) def);
    }

    // ---------------------------------------------------------------- accessors

    public JoinPlan plan() {
        return plan;
    }

    public int varCount() {
        return varNames.size();
    }

    /** Compiles an expression (e.g. a head argument) over this body's join-order binding. */
    public IntExpr compileExpr(Expr e) {
        return exprs.compile(substitution.apply(e));
    }

    /** {@link #compileExpr} where a value of type {@code expected} is needed (a head column's type). */
    public IntExpr compileExpr(Expr e, BaseType expected) {
        return exprs.compile(substitution.apply(e), expected);
    }

    /** The base type of an expression over this body's variables. */
    public BaseType typeOfExpr(Expr e) {
        return exprs.typeOf(substitution.apply(e));
    }

    /**
     * A number-valued expression over this body's join-order binding as a program a reduction can run
     * inside the join (on the GPU too), or null when it needs the engine's evaluator ({@link ValueProgramCompiler}).
     */
    public ValueProgram compileProgram(Expr e, boolean asFloat) {
        return new ValueProgramCompiler(this::levelOf, varTypes).compile(substitution.apply(e), asFloat);
    }

    /** Level of a variable in the join order; -1 if the body does not bind it. */
    public int levelOf(String varName) {
        Integer id = varIds.get(varName);
        return id == null ? -1 : pos[id];
    }

    /** Indices of atoms over relations of the stratum being evaluated (one semi-naive variant each). */
    public List<Integer> recursiveAtoms() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < atoms.size(); i++) {
            if (atoms.get(i).recursive) {
                out.add(i);
            }
        }
        return out;
    }

    public String atomRelation(int i) {
        return atoms.get(i).relation;
    }

    /** True when the body is a pure join: only positive atoms, no filters, computed values or negations. */
    public boolean isPureJoin() {
        return computed.isEmpty() && filters.isEmpty() && negations.isEmpty() && bounds.isEmpty() && constBounds.isEmpty();
    }

    // ---------------------------------------------------------------- evaluation

    /** A built query, or the information that the body has no solution / needs no join. */
    private record Built(JoinQuery query, boolean empty, ValueFunction[] computedAt, LevelFilter[][] filtersAt) { }

    /**
     * Enumerates the body's bindings (join-order arrays) into per-worker sinks.
     *
     * @param deltaAtom index of the atom that reads its delta, or -1
     * @param outputVars report each distinct binding of the first {@code outputVars} levels once
     */
    public <S extends TupleSink> List<S> run(RelationSource src, int deltaAtom, int[] paramValues, int threads,
                                             int outputVars, Supplier<S> sinks) {
        Built b = build(src, deltaAtom, paramValues, outputVars, false);
        if (b.empty) {
            return List.of();
        }
        if (b.query != null) {
            return ctx.joins().run(b.query, threads, sinks, label);
        }
        S sink = sinks.get();
        int[] binding = new int[varCount()];
        if (straightLine(b, binding)) {
            sink.accept(binding);
        }
        return List.of(sink);
    }

    /** Counts the body's distinct bindings without materialising them. */
    public long count(RelationSource src, int deltaAtom, int[] paramValues, int threads) {
        if (degreeChoice != null) {
            ctx.noteDegreeRenumbering(label + ": " + degreeChoice);
        }
        Built b = build(src, deltaAtom, paramValues, varCount(), true);
        if (b.empty) {
            return 0;
        }
        if (b.query != null) {
            return ctx.joins().count(b.query, threads, label);
        }
        return straightLine(b, new int[varCount()]) ? 1 : 0;
    }

    /** The sum, minimum or maximum of one variable over the body's distinct bindings, never materialised. */
    public Reduction.Result reduce(RelationSource src, int[] paramValues, int threads, Reduction r) {
        Built b = build(src, -1, paramValues, varCount(), false);
        if (b.empty) {
            return r.none();
        }
        if (b.query != null) {
            return ctx.joins().reduce(b.query, threads, r, label);
        }
        int[] binding = new int[varCount()];
        return straightLine(b, binding) ? r.of(r.value().eval(binding)) : r.none();
    }

    /**
     * A min or max with witness variables over the body's distinct bindings (the extremum and the
     * lexicographically smallest witness tuple reaching it), never materialised where the executor can help it.
     */
    public WitnessedReduction.Result reduceWitnessed(RelationSource src, int[] paramValues, int threads,
                                                     WitnessedReduction r) {
        Built b = build(src, -1, paramValues, varCount(), false);
        if (b.empty) {
            return new WitnessedReduction.Result(0, 0, null);
        }
        if (b.query != null) {
            return ctx.joins().reduceWitnessed(b.query, threads, r, label);
        }
        int[] binding = new int[varCount()];
        return straightLine(b, binding) ? r.of(binding) : new WitnessedReduction.Result(0, 0, null);
    }

    /** A body without join atoms: every variable is computed, one after the other. */
    private static boolean straightLine(Built b, int[] binding) {
        for (int l = 0; l < binding.length; l++) {
            long v = b.computedAt[l].apply(binding);
            if (v == ValueFunction.NONE) {
                return false;
            }
            binding[l] = (int) v;
            for (LevelFilter f : b.filtersAt[l]) {
                if (!f.test(binding)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * @param counting the bindings are only counted: a counted clique query reads its graph renumbered
     *                 ({@link #counted}), as its order was measured on
     */
    private Built build(RelationSource src, int deltaAtom, int[] paramValues, int outputVars, boolean counting) {
        if (staticallyFalse) {
            return new Built(null, true, null, null);
        }
        int n = varCount();
        ValueFunction[] computedAt = new ValueFunction[n];
        ValueRange[] generatedAt = new ValueRange[n];
        List<List<LevelFilter>> filtersAt = new ArrayList<>();
        for (int l = 0; l < n; l++) {
            filtersAt.add(new ArrayList<>());
        }
        List<LevelFilter> constantChecks = new ArrayList<>();
        // computed variables
        for (Map.Entry<Integer, Object> c : computed.entrySet()) {
            int level = pos[c.getKey()];
            Object def = c.getValue();
            if (def instanceof Integer p) {
                int value = paramValues[p];
                computedAt[level] = b -> value;
            } else if (def instanceof WitnessDef w) {
                AggregateEvaluator ev = aggregate(w.aggregate());
                int index = witnesses.get(w.aggregate()).indexOf(w.name());
                computedAt[level] = b -> ev.witness(index);
            } else if (def instanceof Expr.Aggregate ag) {
                AggregateEvaluator ev = aggregate(ag);
                ev.precompute(ctx.threads());
                computedAt[level] = ev;
            } else if (isRange((Expr) def)) {
                generatedAt[level] = range((Expr.Functor) def);
            } else {
                IntExpr e = exprs.compile((Expr) def, typeOf(varNames.get(c.getKey())));
                computedAt[level] = e::eval;
            }
        }
        // filters
        for (int i = 0; i < levelFilters.size(); i++) {
            FilterSpec f = levelFilters.get(i);
            LevelFilter lf = filter(f);
            int level = levelFor(f.vars, plan.predicateLevel()[filterPredicate.get(i)]);
            (level < 0 ? constantChecks : filtersAt.get(level)).add(lf);
        }
        for (int i = 0; i < negations.size(); i++) {
            NegationSpec ns = negations.get(i);
            Relation rel = src.get(ns.relation, false);
            Relation projected = ns.keptCols.length == rel.arity() ? rel
                    : ns.keptCols.length == 0 ? rel : ns.cache.get(rel, r -> r.project(ns.keptCols));
            IntExpr[] args = new IntExpr[ns.args.length];
            Set<Integer> vs = new LinkedHashSet<>();
            for (int a = 0; a < args.length; a++) {
                args[a] = exprs.compile(ns.args[a], columnType(ns.relation, ns.keptCols[a]));
                requireBound(ns.args[a], new LinkedHashSet<>(varIds.values()), vs, ns);
            }
            LevelFilter lf;
            if (args.length == 0) {
                boolean holds = projected.size() == 0;
                lf = b -> holds;
            } else {
                ThreadLocal<int[]> tuple = ThreadLocal.withInitial(() -> new int[args.length]);
                lf = b -> {
                    int[] t = tuple.get();
                    for (int a = 0; a < args.length; a++) {
                        t[a] = args[a].eval(b);
                    }
                    return !projected.contains(t);
                };
            }
            int level = levelFor(vs, plan.predicateLevel()[negationPredicate.get(i)]);
            (level < 0 ? constantChecks : filtersAt.get(level)).add(lf);
        }
        for (LevelFilter f : constantChecks) {
            if (!f.test(new int[n])) {
                return new Built(null, true, null, null);
            }
        }
        LevelFilter[][] fa = new LevelFilter[n][];
        for (int l = 0; l < n; l++) {
            fa[l] = filtersAt.get(l).toArray(new LevelFilter[0]);
        }
        // atoms
        List<AtomTrie> tries = new ArrayList<>();
        for (int i = 0; i < atoms.size(); i++) {
            AtomSpec a = atoms.get(i);
            Relation rel = i == deltaAtom ? src.get(a.relation, true)
                    : counting ? counted(src.get(a.relation, false)) : src.get(a.relation, false);
            Relation r = i == deltaAtom ? select(a, rel) : a.cache.get(rel, x -> select(a, x));
            if (r.size() == 0) {
                return new Built(null, true, null, null);
            }
            if (a.vars.length == 0) {
                continue; // a ground atom that holds
            }
            int[] columns = trieColumns(a, pos);
            tries.add(new AtomTrie(r.trie(columns), levelsOf(a, columns, pos)));
        }
        if (tries.isEmpty() && Arrays.stream(generatedAt).allMatch(Objects::isNull)) {
            return new Built(null, false, computedAt, fa); // one binding at most: no join needed
        }
        JoinQuery.Builder qb = JoinQuery.builder(n);
        for (AtomTrie t : tries) {
            qb.atom(t.trie, t.levels);
        }
        for (int l = 0; l < n; l++) {
            if (computedAt[l] != null) {
                qb.computed(l, computedAt[l]);
            }
            if (generatedAt[l] != null) {
                qb.generated(l, generatedAt[l]);
            }
            for (LevelFilter f : fa[l]) {
                qb.filter(l, f);
            }
        }
        addBounds(qb, pos);
        qb.outputVars(Math.max(0, Math.min(outputVars, n)));
        double[] est = plan.estimatedRows();
        if (est != null && est.length == n) {
            qb.estimatedRows(est);
        }
        qb.measuredWork(deltaAtom < 0 ? plan.measuredWork() : -1); // measured on the full relations
        return new Built(qb.build(), false, computedAt, fa);
    }

    private record AtomTrie(Trie trie, int[] levels) { }

    /** range(from, to[, step]) over numbers; without a step it counts towards {@code to}, as Souffle's does. */
    private ValueRange range(Expr.Functor f) {
        IntExpr from = exprs.compile(f.args().get(0), BaseType.NUMBER);
        IntExpr to = exprs.compile(f.args().get(1), BaseType.NUMBER);
        IntExpr step = f.args().size() > 2 ? exprs.compile(f.args().get(2), BaseType.NUMBER) : null;
        return (binding, out) -> {
            long a = from.eval(binding);
            long b = to.eval(binding);
            out[0] = a;
            out[1] = b;
            out[2] = step != null ? step.eval(binding) : a <= b ? 1 : -1;
            return true;
        };
    }

    /** The atom's columns in the order the join binds their variables (the trie's level order). */
    private static int[] trieColumns(AtomSpec a, int[] pos) {
        Integer[] cols = new Integer[a.vars.length];
        for (int c = 0; c < cols.length; c++) {
            cols[c] = c;
        }
        Arrays.sort(cols, (x, y) -> Integer.compare(pos[a.vars[x]], pos[a.vars[y]]));
        int[] order = new int[cols.length];
        for (int c = 0; c < cols.length; c++) {
            order[c] = cols[c];
        }
        return order;
    }

    private static int[] levelsOf(AtomSpec a, int[] columns, int[] pos) {
        int[] levels = new int[columns.length];
        for (int c = 0; c < columns.length; c++) {
            levels[c] = pos[a.vars[columns[c]]];
        }
        return levels;
    }

    /** The variable-to-variable and constant bounds ({@code x < y}, {@code x >= 3}) as seek bounds. */
    private void addBounds(JoinQuery.Builder qb, int[] pos) {
        for (int[] b : bounds) {
            int pa = pos[b[0]];
            int pb = pos[b[1]];
            boolean strict = b[2] == 1;
            if (pa > pb) {
                qb.upperBound(pa, pb, strict);   // a < b, b bound first
            } else {
                qb.lowerBound(pb, pa, strict);   // b > a, a bound first
            }
        }
        for (int[] c : constBounds) {
            if (c[3] == 1) {
                qb.upperBoundConst(pos[c[0]], c[1], c[2] == 1);
            } else {
                qb.lowerBoundConst(pos[c[0]], c[1], c[2] == 1);
            }
        }
    }

    // ---------------------------------------------------------------- measuring orders on the data

    /**
     * A trial order may build a missing reordered trie only for relations up to this many tuples (a
     * reordered trie sorts the relation again). A cheap trie ({@link Relation#hasCheapTrie}: built, or
     * in the relation's own column order) is used at any size: without it a large graph's clique count
     * went unmeasured, and unmeasured it was renumbered by degree even where the renumbering took 40 times
     * the join (rmat-20 triangles on the GPU: 1.1 s against 0.024 s as numbered).
     */
    private static final long MAX_TRIAL_TRIE_ROWS = 1L << 20;

    /**
     * Whether the order can be chosen by measuring orders on the data ({@link SampledOrderSearch}): a
     * join of three or more variables over relations already complete (no recursive atom), with no
     * computed variables, filters or negations (the trial joins have only the atoms and bounds), and
     * not switched off with {@code -Dleapfrog.planner.measure=false}.
     */
    private boolean orderMeasurable() {
        if (staticallyFalse || !computed.isEmpty() || !levelFilters.isEmpty() || !negations.isEmpty()
                || varNames.size() < 3 || !Boolean.parseBoolean(System.getProperty("leapfrog.planner.measure", "true"))) {
            return false;
        }
        int joined = 0;
        for (AtomSpec a : atoms) {
            if (a.recursive) {
                return false;
            }
            joined += a.vars.length > 0 ? 1 : 0;
        }
        return joined >= 2;
    }

    /**
     * The body's join under {@code order} with its atoms and bounds only, for measuring the order
     * ({@link OrderMeter}); null when it would need a trie too large to build for a trial.
     */
    private JoinQuery trialJoin(int[] order, boolean renumbered) {
        int[] at = PredicatePlacement.positions(order);
        JoinQuery.Builder qb = JoinQuery.builder(order.length);
        for (AtomSpec a : atoms) {
            Relation current = ctx.currentRelation(a.relation);
            Relation r = a.cache.get(renumbered ? DegreeRenumbering.renumbered(current) : current, x -> select(a, x));
            if (a.vars.length == 0) {
                continue;
            }
            int[] columns = trieColumns(a, at);
            if (!r.hasCheapTrie(columns) && r.size() > MAX_TRIAL_TRIE_ROWS) {
                return null; // building an index for a trial would cost more than the trial saves
            }
            qb.atom(r.trie(columns), levelsOf(a, columns, at));
        }
        addBounds(qb, at);
        qb.outputVars(order.length);
        return qb.build();
    }

    private int levelFor(Set<Integer> vars, int plannerLevel) {
        int level = -1;
        for (int v : vars) {
            level = Math.max(level, pos[v]);
        }
        return level < 0 ? -1 : Math.max(level, plannerLevel);
    }

    private static Relation select(AtomSpec a, Relation rel) {
        Relation r = rel;
        for (int i = 0; i < a.selectCols.length; i++) {
            r = r.select(a.selectCols[i], a.selectVals[i]);
        }
        for (int[] e : a.equalCols) {
            r = r.selectEqualColumns(e[0], e[1]);
        }
        if (a.keptCols.length != r.arity() || !isIdentity(a.keptCols)) {
            r = a.keptCols.length == 0 ? r : r.project(a.keptCols);
        }
        return r;
    }

    private static boolean isIdentity(int[] cols) {
        for (int i = 0; i < cols.length; i++) {
            if (cols[i] != i) {
                return false;
            }
        }
        return true;
    }

    private LevelFilter filter(FilterSpec f) {
        if (f.builtin != null) {
            IntExpr e = exprs.compile(f.builtin);
            boolean neg = f.negatedBuiltin;
            return b -> (e.eval(b) != 0) != neg;
        }
        // each side where the other's type is needed: x < 2 for a float x compares with the float 2
        IntExpr l = exprs.compile(f.cmp.left(), exprs.typeOf(f.cmp.right()));
        IntExpr r = exprs.compile(f.cmp.right(), exprs.typeOf(f.cmp.left()));
        return switch (f.cmp.op()) {
            case EQ -> b -> l.eval(b) == r.eval(b);
            case NE -> b -> l.eval(b) != r.eval(b);
            case LT -> b -> l.eval(b) < r.eval(b);
            case LE -> b -> l.eval(b) <= r.eval(b);
            case GT -> b -> l.eval(b) > r.eval(b);
            case GE -> b -> l.eval(b) >= r.eval(b);
        };
    }

    // ---------------------------------------------------------------- aggregates

    private final Map<Expr.Aggregate, AggregateEvaluator> aggregateEvaluators = new IdentityHashMap<>();

    private synchronized AggregateEvaluator aggregate(Expr.Aggregate ag) {
        AggregateEvaluator ev = aggregateEvaluators.get(ag);
        if (ev == null) {
            List<String> outer = outerRefs.get(ag);
            int[] outerLevels;
            outerLevels = new int[outer.size()];
            for (int i = 0; i < outerLevels.length; i++) {
                outerLevels[i] = pos[varIds.get(outer.get(i))];
            }
            ev = new AggregateEvaluator(ctx, label, ag, outer, outerLevels, witnesses.getOrDefault(ag, List.of()), varTypes);
            aggregateEvaluators.put(ag, ev);
        }
        return ev;
    }

    /** The bodies of this body's aggregates (each evaluated as a join of its own), for EXPLAIN. */
    public List<CompiledBody> aggregateBodies() {
        List<CompiledBody> out = new ArrayList<>();
        for (Expr e : aggVars.keySet()) {
            if (e instanceof Expr.Aggregate ag) {
                out.add(aggregate(ag).body());
            }
        }
        return out;
    }

    /** The rule or query this body belongs to. */
    public String label() {
        return label;
    }

    /**
     * Why this body's join cannot run on the GPU, or null when it can: the kernels evaluate atoms and
     * comparisons between variables and constants, not expressions, negation or aggregates.
     */
    public String gpuIneligibility() {
        if (atoms.isEmpty()) {
            return "it has no join" + (aggVars.isEmpty() ? "" : " (its aggregates' bodies, below, are joins of their own)");
        }
        if (!negations.isEmpty()) {
            return "it has a negation, which runs on the CPU";
        }
        if (!levelFilters.isEmpty()) {
            return "it has a filter (arithmetic comparison, != or built-in), which runs on the CPU";
        }
        if (!computed.isEmpty()) {
            return "it computes values (expressions or aggregates), which run on the CPU";
        }
        return null;
    }

    /** A one-line account of how this body is evaluated, for EXPLAIN. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        sb.append(atoms.size()).append(" atom(s), ").append(filters.size()).append(" filter(s), ")
                .append(negations.size()).append(" negation(s), ").append(computed.size()).append(" computed value(s)");
        if (!aggVars.isEmpty()) {
            sb.append(", ").append(aggVars.size()).append(" aggregate(s) as computed levels");
        }
        if (degreeOrdered != null) {
            sb.append("; ").append(degreeOrdered.explainLine());
        }
        return sb.toString();
    }
}
