package io.leapfrog.engine.eval;

import io.leapfrog.ast.Expr;
import io.leapfrog.check.BaseType;
import io.leapfrog.exec.join.JoinExecutor;
import io.leapfrog.exec.mining.SearchDevice;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;
import io.leapfrog.planner.JoinPlanner;
import io.leapfrog.planner.PlannerOptions;
import io.leapfrog.planner.datalog.ProgramModel;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The state of one evaluation: the symbol table, the planner, relation schemas and the current full
 * relations (and, during a recursive stratum, their deltas). Relations are replaced, never mutated.
 */
public final class EvalContext {
    private final SymbolTable symbols;
    private final JoinPlanner planner;
    private final PlannerOptions plannerOptions;
    private final Map<String, ProgramModel.RelationInfo> schemas;
    private final Map<String, Relation> full = new ConcurrentHashMap<>();
    private final Map<String, Relation> delta = new ConcurrentHashMap<>();
    private final Map<String, GrowingRelation> growing = new ConcurrentHashMap<>();
    /** Rows of relations counted instead of built (a graph search only counts read): the relation holds none. */
    private final Map<String, Long> countedRows = new ConcurrentHashMap<>();
    /** The relations declared {@code filter}: their tuples go to a quotient filter; {@link #full} keeps none. */
    private final Map<String, FilterRelation> filters = new ConcurrentHashMap<>();
    private final int threads;
    private final JoinExecutor joins;
    private final DeviceFixpoint fixpoints;
    private final SearchDevice searches;
    private final ExprCompiler constants;
    /** One line per rule body whose variable order was chosen by measuring orders on the data. */
    private final List<String> measuredOrders = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
    /** One line per evaluation of a counted clique query: whether it counted over its graph renumbered by degree. */
    private final List<String> degreeRenumberings = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
    /** Souffle's {@code $} counter: 0, 1, 2, ... over the whole run, each head evaluation taking the next. */
    private final java.util.concurrent.atomic.AtomicInteger counter = new java.util.concurrent.atomic.AtomicInteger();

    public EvalContext(SymbolTable symbols, JoinPlanner planner, PlannerOptions plannerOptions,
                       Map<String, ProgramModel.RelationInfo> schemas, int threads) {
        this(symbols, planner, plannerOptions, schemas, threads, JoinExecutor.cpu());
    }

    /** @param joins where the joins of this evaluation run (the CPU, or a device policy) */
    public EvalContext(SymbolTable symbols, JoinPlanner planner, PlannerOptions plannerOptions,
                       Map<String, ProgramModel.RelationInfo> schemas, int threads, JoinExecutor joins) {
        this(symbols, planner, plannerOptions, schemas, threads, joins, null, SearchDevice.CPU);
    }

    /**
     * @param joins     where the joins of this evaluation run (the CPU, or a device policy)
     * @param fixpoints where recursive strata may finish besides the CPU, or null for nowhere
     * @param searches  where the graph searches with a GPU back end run
     */
    public EvalContext(SymbolTable symbols, JoinPlanner planner, PlannerOptions plannerOptions,
                       Map<String, ProgramModel.RelationInfo> schemas, int threads, JoinExecutor joins,
                       DeviceFixpoint fixpoints, SearchDevice searches) {
        this.fixpoints = fixpoints;
        this.searches = searches;
        this.symbols = symbols;
        this.planner = planner;
        this.plannerOptions = plannerOptions;
        this.schemas = schemas;
        this.threads = threads;
        this.joins = joins;
        this.constants = new ExprCompiler(symbols, e -> -1, Map.of(), this::nextCounter);
        for (ProgramModel.RelationInfo r : schemas.values()) {
            full.put(r.name(), Relation.empty(r.arity()));
            if (r.isFilter()) {
                filters.put(r.name(), new FilterRelation(r.name(), r.filter(), r.columnTypes(), symbols));
            }
        }
    }

    /** The counter's next value (thread-safe; under parallel joins the order of the values is not fixed). */
    public int nextCounter() {
        return counter.getAndIncrement();
    }

    public SymbolTable symbols() {
        return symbols;
    }

    public JoinPlanner planner() {
        return planner;
    }

    /** How this evaluation's joins are ordered. */
    public PlannerOptions plannerOptions() {
        return plannerOptions;
    }

    /** Records how a body's variable order was chosen from measurements on the data (EXPLAIN with data). */
    void noteMeasuredOrder(String line) {
        measuredOrders.add(line);
    }

    /** Records whether a counted clique query counted over its graph renumbered by degree, and why (EXPLAIN with data). */
    void noteDegreeRenumbering(String line) {
        degreeRenumberings.add(line);
    }

    /** The counted clique queries of this evaluation and whether each renumbered its graph, one line each. */
    public List<String> degreeRenumberings() {
        synchronized (degreeRenumberings) {
            return List.copyOf(degreeRenumberings);
        }
    }

    /** The bodies whose orders were measured on the data in this evaluation, one line each. */
    public List<String> measuredOrders() {
        synchronized (measuredOrders) {
            return List.copyOf(measuredOrders);
        }
    }

    public int threads() {
        return threads;
    }

    /** Where recursive strata may finish besides the CPU, or null. */
    DeviceFixpoint deviceFixpoint() {
        return fixpoints;
    }

    /** Where this evaluation's graph searches with a GPU back end run. */
    public SearchDevice searchDevice() {
        return searches;
    }

    /** Runs the joins of this evaluation. */
    public JoinExecutor joins() {
        return joins;
    }

    public Map<String, ProgramModel.RelationInfo> schemas() {
        return schemas;
    }

    public boolean isRelation(String name) {
        return schemas.containsKey(name);
    }

    /** The value of a constant expression (symbols interned). */
    public int constantValue(Expr e) {
        return constants.compile(e).eval(new int[0]);
    }

    /** A constant expression's value where a value of type {@code expected} is needed (a float column: 2 is 2.0). */
    public int constantValue(Expr e, BaseType expected) {
        return constants.compile(e, expected).eval(new int[0]);
    }

    public Relation currentRelation(String name) {
        GrowingRelation g = growing.get(name);
        return g != null ? g.full() : full.get(name);
    }

    /** Starts growing {@code name} round by round (a relation of the recursive stratum being evaluated). */
    GrowingRelation startGrowing(String name) {
        GrowingRelation g = new GrowingRelation(full.get(name));
        growing.put(name, g);
        return g;
    }

    /** Ends the growth of {@code name}: its full relation becomes an ordinary one again. */
    void stopGrowing(String name) {
        GrowingRelation g = growing.remove(name);
        if (g != null) {
            full.put(name, g.full());
        }
    }

    /** The filter relations of this evaluation, by name. */
    public Map<String, FilterRelation> filters() {
        return java.util.Collections.unmodifiableMap(filters);
    }

    /** Reads {@code filter} as the relation of its name (a query over an evaluated database). */
    public void useFilter(FilterRelation filter) {
        filters.put(filter.name(), filter);
    }

    /** The filter of a relation declared {@code filter}, or null for an exact relation. */
    public FilterRelation filter(String name) {
        return filters.get(name);
    }

    /** Adds tuples to a relation: into its filter for a filter relation, else a union with what it holds. */
    public void add(String name, Relation tuples) {
        FilterRelation f = filters.get(name);
        if (f != null) {
            f.add(tuples);
        } else {
            setRelation(name, currentRelation(name).union(tuples));
        }
    }

    public void setRelation(String name, Relation r) {
        full.put(name, r);
    }

    /**
     * Records that relation {@code name} has {@code rows} rows that were counted, not built: a join that only
     * counts its rows ({@link io.leapfrog.plan.JoinNode#rowsOf()}) reads the number; the relation itself
     * stays empty.
     */
    public void setCountedRows(String name, long rows) {
        countedRows.put(name, rows);
    }

    /** The number of rows of a relation that was only counted ({@link #setCountedRows}), or null. */
    public Long countedRows(String name) {
        return countedRows.get(name);
    }

    public void setDelta(String name, Relation r) {
        delta.put(name, r);
    }

    public Map<String, Relation> relations() {
        return full;
    }

    /** Full relations, or the delta of a relation when asked for one. */
    public RelationSource source() {
        return (name, isDelta) -> isDelta ? delta.get(name) : currentRelation(name);
    }

    /** Full relations only (aggregate and negation bodies read earlier strata). */
    public RelationSource fullSource() {
        return (name, isDelta) -> currentRelation(name);
    }
}
