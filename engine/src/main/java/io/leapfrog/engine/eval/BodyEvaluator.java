package io.leapfrog.engine.eval;

import io.leapfrog.ast.Expr;
import io.leapfrog.check.BaseType;
import io.leapfrog.exec.filter.QuotientFilter;
import io.leapfrog.exec.join.JoinCompiler;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.LevelFilter;
import io.leapfrog.exec.join.Reduction;
import io.leapfrog.exec.join.TupleSink;
import io.leapfrog.exec.join.ValueFunction;
import io.leapfrog.exec.join.ValueProgram;
import io.leapfrog.exec.join.ValueRange;
import io.leapfrog.exec.join.WitnessedReduction;
import io.leapfrog.exec.storage.DegreeRenumbering;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.plan.JoinNode;
import io.leapfrog.plan.Predicate;
import io.leapfrog.planner.datalog.BodyTypes;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Runs one {@link JoinNode}: planned with the statistics of its relations when the evaluator is made
 * ({@link JoinNodePlanner}), then compiled into a {@link JoinQuery} per evaluation ({@link #run},
 * {@link #count}, {@link #reduce}) against a {@link RelationSource}, so semi-naive evaluation can read a
 * delta for one atom. Comparisons between atom variables become seek bounds, other tests level filters,
 * computed variables computed levels (an aggregate's value is its own nested join, {@link AggregateEvaluator}).
 */
public final class BodyEvaluator {
    private final EvalContext ctx;
    private final JoinNode node;
    private final ScanInputs inputs;
    private final JoinNodePlanner.Planned planned;
    private final int[] pos;
    private final ExprCompiler exprs;
    private final IdentityHashMap<Expr.Aggregate, Integer> aggregateVars = new IdentityHashMap<>();
    private final Map<Integer, AggregateEvaluator> aggregates = new java.util.HashMap<>();
    private final Map<Predicate.Negation, NegatedRelation> negated = new IdentityHashMap<>();

    /** Plans {@code logical} (an unplanned join) with the statistics of the context's relations now. */
    public BodyEvaluator(EvalContext ctx, JoinNode logical) {
        this.ctx = ctx;
        this.inputs = new ScanInputs(logical, ctx);
        this.planned = JoinNodePlanner.plan(ctx, logical, inputs);
        this.node = planned.node();
        this.pos = node.order().levels();
        for (Predicate.AggregateValue a : node.aggregates()) {
            aggregateVars.put(a.aggregate(), a.var());
        }
        for (Predicate p : node.predicates()) {
            if (p instanceof Predicate.Negation n) {
                negated.put(n, new NegatedRelation());
            }
        }
        this.exprs = new ExprCompiler(ctx.symbols(), e -> {
            int v = e instanceof Expr.Var named ? node.var(named.name()) : aggregateVars.getOrDefault(e, -1);
            return v < 0 ? -1 : pos[v];
        }, node.types(), ctx::nextCounter);
    }

    /** The planned join. */
    public JoinNode node() {
        return node;
    }

    /**
     * The planned join with the bodies of the aggregates it has evaluated planned too (as they were when
     * first evaluated); an aggregate not evaluated yet keeps its unplanned body.
     */
    public synchronized JoinNode plannedTree() {
        List<Predicate> predicates = new ArrayList<>();
        for (Predicate p : node.predicates()) {
            AggregateEvaluator ev = p instanceof Predicate.AggregateValue a ? aggregates.get(a.var()) : null;
            predicates.add(ev == null ? p : ((Predicate.AggregateValue) p).withBody(ev.body().plannedTree()));
        }
        return node.withPredicates(predicates);
    }

    /** The rule or query this join belongs to. */
    public String label() {
        return node.label();
    }

    public int varCount() {
        return node.varCount();
    }

    /** Level of a variable in the join order; -1 when the join does not bind it. */
    public int levelOf(String name) {
        return node.levelOf(name);
    }

    /** Compiles an expression over the join's variables (a head argument) against the join-order binding. */
    public IntExpr compileExpr(Expr e) {
        return exprs.compile(e);
    }

    /** {@link #compileExpr} where a value of type {@code expected} is needed (a head column's type). */
    public IntExpr compileExpr(Expr e, BaseType expected) {
        return exprs.compile(e, expected);
    }

    /** The base type of an expression over the join's variables. */
    public BaseType typeOfExpr(Expr e) {
        return exprs.typeOf(e);
    }

    /**
     * A number-valued expression over the join's binding as a program a reduction can run inside the
     * join (on the GPU too), or null when it needs the engine's evaluator ({@link ValueProgramCompiler}).
     */
    public ValueProgram compileProgram(Expr e, boolean asFloat) {
        return new ValueProgramCompiler(this::levelOf, node.types()).compile(e, asFloat);
    }

    // ---------------------------------------------------------------- evaluation

    /** A built query, or the information that the join has no answer or needs no join. */
    private record Built(JoinQuery query, boolean empty, ValueFunction[] computedAt, LevelFilter[][] filtersAt) {
        static Built none() {
            return new Built(null, true, null, null);
        }
    }

    /**
     * Enumerates the join's bindings (join-order arrays) into per-worker sinks.
     *
     * @param deltaAtom  index of the scan that reads its delta, or -1
     * @param outputVars report each distinct binding of the first {@code outputVars} levels once
     */
    public <S extends TupleSink> List<S> run(RelationSource src, int deltaAtom, int[] paramValues, int threads,
                                             int outputVars, Supplier<S> sinks) {
        Built b = build(src, deltaAtom, paramValues, outputVars, false);
        if (b.empty) {
            return List.of();
        }
        if (b.query != null) {
            return ctx.joins().run(b.query, threads, sinks, label());
        }
        S sink = sinks.get();
        int[] binding = new int[varCount()];
        if (straightLine(b, binding)) {
            sink.accept(binding);
        }
        return List.of(sink);
    }

    /** Counts the join's distinct bindings without materialising them. */
    public long count(RelationSource src, int deltaAtom, int[] paramValues, int threads) {
        String rows = node.rowsOf();
        Long counted = rows == null ? null : ctx.countedRows(rows);
        if (counted != null) {
            return counted;   // the rows of a graph search that was counted, not listed
        }
        if (node.order().degreeChoice() != null) {
            ctx.noteDegreeRenumbering(label() + ": " + node.order().degreeChoice());
        }
        Built b = build(src, deltaAtom, paramValues, varCount(), true);
        if (b.empty) {
            return 0;
        }
        if (b.query != null) {
            return ctx.joins().count(b.query, threads, label());
        }
        return straightLine(b, new int[varCount()]) ? 1 : 0;
    }

    /** The sum, minimum or maximum of one variable over the join's distinct bindings, never materialised. */
    public Reduction.Result reduce(RelationSource src, int[] paramValues, int threads, Reduction r) {
        Built b = build(src, -1, paramValues, varCount(), false);
        if (b.empty) {
            return r.none();
        }
        if (b.query != null) {
            return ctx.joins().reduce(b.query, threads, r, label());
        }
        int[] binding = new int[varCount()];
        return straightLine(b, binding) ? r.of(r.value().eval(binding)) : r.none();
    }

    /**
     * A min or max with witness variables over the join's distinct bindings (the extremum and the
     * lexicographically smallest witness tuple reaching it), never materialised where the executor can help it.
     */
    public WitnessedReduction.Result reduceWitnessed(RelationSource src, int[] paramValues, int threads,
                                                     WitnessedReduction r) {
        Built b = build(src, -1, paramValues, varCount(), false);
        if (b.empty) {
            return new WitnessedReduction.Result(0, 0, null);
        }
        if (b.query != null) {
            return ctx.joins().reduceWitnessed(b.query, threads, r, label());
        }
        int[] binding = new int[varCount()];
        return straightLine(b, binding) ? r.of(binding) : new WitnessedReduction.Result(0, 0, null);
    }

    /** A join without atoms: every variable is computed, one after the other. */
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
     *                 when it was planned so ({@link #counted})
     */
    private Built build(RelationSource src, int deltaAtom, int[] paramValues, int outputVars, boolean counting) {
        if (node.unsatisfiable()) {
            return Built.none();
        }
        int n = varCount();
        ValueFunction[] computedAt = new ValueFunction[n];
        ValueRange[] generatedAt = new ValueRange[n];
        List<List<LevelFilter>> filtersAt = new ArrayList<>();
        for (int l = 0; l < n; l++) {
            filtersAt.add(new ArrayList<>());
        }
        List<LevelFilter> constantChecks = new ArrayList<>();
        List<Predicate> predicates = node.predicates();
        int[] predicateLevel = node.order().plan().predicateLevel();
        for (Predicate p : predicates) {
            if (p instanceof Predicate.OuterValue o) {
                int value = paramValues[o.index()];
                computedAt[pos[o.var()]] = b -> value;
            } else if (p instanceof Predicate.Witness w) {
                AggregateEvaluator ev = aggregate(w.aggregateVar());
                int index = w.index();
                computedAt[pos[w.var()]] = b -> ev.witness(index);
            } else if (p instanceof Predicate.AggregateValue a) {
                AggregateEvaluator ev = aggregate(a.var());
                ev.precompute(ctx.threads());
                computedAt[pos[a.var()]] = ev;
            } else if (p instanceof Predicate.Range r) {
                generatedAt[pos[r.var()]] = range(r.range());
            } else if (p instanceof Predicate.Assignment a) {
                IntExpr e = exprs.compile(a.value(), node.typeOf(node.variables().get(a.var()).name()));
                computedAt[pos[a.var()]] = e::eval;
            }
        }
        // tests of the binding: comparisons and constraints first, then negations, each at its level
        for (int i = 0; i < predicates.size(); i++) {
            Predicate p = predicates.get(i);
            if (p instanceof Predicate.Comparison) {
                int level = levelFor(p.reads(), predicateLevel[i]);
                (level < 0 ? constantChecks : filtersAt.get(level)).add(filter(p));
            }
        }
        for (int i = 0; i < predicates.size(); i++) {
            if (predicates.get(i) instanceof Predicate.FilterTest test) {
                int level = levelFor(test.reads(), predicateLevel[i]);
                (level < 0 ? constantChecks : filtersAt.get(level)).add(membership(test));
            }
        }
        for (int i = 0; i < predicates.size(); i++) {
            if (predicates.get(i) instanceof Predicate.Negation neg) {
                int level = levelFor(neg.reads(), predicateLevel[i]);
                (level < 0 ? constantChecks : filtersAt.get(level)).add(negation(neg, src));
            }
        }
        for (LevelFilter f : constantChecks) {
            if (!f.test(new int[n])) {
                return Built.none();
            }
        }
        LevelFilter[][] fa = new LevelFilter[n][];
        for (int l = 0; l < n; l++) {
            fa[l] = filtersAt.get(l).toArray(new LevelFilter[0]);
        }
        JoinCompiler join = JoinCompiler.ordered(node.order().order());
        for (int i = 0; i < inputs.size(); i++) {
            String relation = inputs.scan(i).relation();
            Relation r = i == deltaAtom ? inputs.narrowedOnce(i, src.get(relation, true))
                    : inputs.narrowed(i, counting ? counted(src.get(relation, false)) : src.get(relation, false));
            if (i == deltaAtom) {
                join.deltaTuples(r.size());
            }
            if (r.size() == 0) {
                return Built.none();
            }
            if (inputs.pattern(i).vars().length > 0) {
                join.narrowedAtom(r, inputs.pattern(i).vars());
            }
        }
        boolean generates = false;
        for (ValueRange g : generatedAt) {
            generates |= g != null;
        }
        if (join.atomCount() == 0 && !generates) {
            return new Built(null, false, computedAt, fa); // one binding at most: no join needed
        }
        int[] order = node.order().order();
        for (int l = 0; l < n; l++) {
            if (computedAt[l] != null) {
                join.computed(order[l], computedAt[l]);
            }
            if (generatedAt[l] != null) {
                join.generated(order[l], generatedAt[l]);
            }
            for (LevelFilter f : fa[l]) {
                join.filter(l, f);
            }
        }
        for (Predicate p : predicates) {
            if (p instanceof Predicate.Bound b) {
                join.less(b.low(), b.high(), b.strict());
            }
        }
        for (Predicate p : predicates) {
            if (p instanceof Predicate.ConstantBound c) {
                join.constantBound(c.var(), JoinNodePlanner.constantOf(ctx, node, c), c.strict(), c.upper());
            }
        }
        join.outputLevels(Math.max(0, Math.min(outputVars, n)));
        double[] est = node.order().plan().estimatedRows();
        if (est != null && est.length == n) {
            join.estimatedRows(est);
        }
        join.measuredWork(deltaAtom < 0 ? node.order().plan().measuredWork() : -1); // measured on the full relations
        return new Built(join.build(), false, computedAt, fa);
    }

    /** The relation a clique query counted over its graph renumbered by degree reads in place of {@code r}. */
    private Relation counted(Relation r) {
        return node.order().renumberedByDegree() && planned.clique().applies(r) ? DegreeRenumbering.renumbered(r) : r;
    }

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

    /** The level where a test acts: once its variables are bound, and not before the planner placed it. */
    private int levelFor(List<Integer> vars, int plannerLevel) {
        int level = -1;
        for (int v : vars) {
            level = Math.max(level, pos[v]);
        }
        return level < 0 ? -1 : Math.max(level, plannerLevel);
    }

    private LevelFilter filter(Predicate p) {
        io.leapfrog.ast.Literal.Comparison cmp = ((Predicate.Comparison) p).comparison();
        // each side where the other's type is needed: x < 2 for a float x compares with the float 2
        IntExpr l = exprs.compile(cmp.left(), exprs.typeOf(cmp.right()));
        IntExpr r = exprs.compile(cmp.right(), exprs.typeOf(cmp.left()));
        return switch (cmp.op()) {
            case EQ -> b -> l.eval(b) == r.eval(b);
            case NE -> b -> l.eval(b) != r.eval(b);
            case LT -> b -> l.eval(b) < r.eval(b);
            case LE -> b -> l.eval(b) <= r.eval(b);
            case GT -> b -> l.eval(b) > r.eval(b);
            case GE -> b -> l.eval(b) >= r.eval(b);
        };
    }

    /** {@code !relation(args)} as a test of the binding: the relation, projected to the columns written, lacks the tuple. */
    private LevelFilter negation(Predicate.Negation n, RelationSource src) {
        Relation rel = src.get(n.relation(), false);
        int[] kept = n.columns().stream().mapToInt(Integer::intValue).toArray();
        Relation projected = kept.length == rel.arity() || kept.length == 0 ? rel : negated.get(n).projected(rel, kept);
        IntExpr[] args = new IntExpr[kept.length];
        for (int a = 0; a < args.length; a++) {
            args[a] = exprs.compile(n.args().get(a),
                    BodyTypes.baseType(ctx.schemas().get(n.relation()).columnTypes().get(kept[a])));
        }
        if (args.length == 0) {
            boolean holds = projected.size() == 0;
            return b -> holds;
        }
        ThreadLocal<int[]> tuple = ThreadLocal.withInitial(() -> new int[args.length]);
        return b -> {
            int[] t = tuple.get();
            for (int a = 0; a < args.length; a++) {
                t[a] = args[a].eval(b);
            }
            return !projected.contains(t);
        };
    }

    /**
     * A filter relation's atom as a test of the binding: the filter may hold the tuple of its arguments
     * (no false negatives). With no arguments, whether the filter holds anything.
     */
    private LevelFilter membership(Predicate.FilterTest test) {
        FilterRelation relation = ctx.filter(test.relation());
        QuotientFilter filter = relation.filter();
        if (test.args().isEmpty()) {
            boolean holds = filter.distinctFingerprints() > 0;
            return b -> holds;
        }
        List<String> columns = ctx.schemas().get(test.relation()).columnTypes();
        IntExpr[] args = new IntExpr[test.args().size()];
        for (int a = 0; a < args.length; a++) {
            args[a] = exprs.compile(test.args().get(a), BodyTypes.baseType(columns.get(a)));
        }
        FilterKeys keys = relation.keys();
        ThreadLocal<int[]> tuple = ThreadLocal.withInitial(() -> new int[args.length]);
        return b -> {
            int[] t = tuple.get();
            for (int a = 0; a < args.length; a++) {
                t[a] = args[a].eval(b);
            }
            return filter.mightContain(keys.key(t));
        };
    }

    /**
     * The filter relation this body counts when it is {@code count : { f(_, ...) }} over a filter relation
     * (no scans, that one test with no arguments), else null.
     */
    FilterRelation countedFilter() {
        if (!node.scans().isEmpty() || node.predicates().size() != 1
                || !(node.predicates().get(0) instanceof Predicate.FilterTest test) || !test.args().isEmpty()) {
            return null;
        }
        return ctx.filter(test.relation());
    }

    /** The last relation a negation projected, reused while unchanged. */
    private static final class NegatedRelation {
        private Relation source;
        private Relation result;

        synchronized Relation projected(Relation src, int[] columns) {
            if (src != source) {
                result = src.project(columns);
                source = src;
            }
            return result;
        }
    }

    // ---------------------------------------------------------------- aggregates

    /** The evaluator of the aggregate defining {@code var}, made (and its body planned) when first needed. */
    private synchronized AggregateEvaluator aggregate(int var) {
        AggregateEvaluator ev = aggregates.get(var);
        if (ev == null) {
            Predicate.AggregateValue a = null;
            for (Predicate.AggregateValue candidate : node.aggregates()) {
                if (candidate.var() == var) {
                    a = candidate;
                }
            }
            int[] outerLevels = new int[a.reads().size()];
            for (int i = 0; i < outerLevels.length; i++) {
                outerLevels[i] = pos[a.reads().get(i)];
            }
            ev = new AggregateEvaluator(ctx, a, outerLevels);
            aggregates.put(var, ev);
        }
        return ev;
    }
}
