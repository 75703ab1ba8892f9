package io.leapfrog.engine.eval;

import io.leapfrog.exec.join.JoinCompiler;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.storage.DegreeRenumbering;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.plan.JoinNode;
import io.leapfrog.plan.JoinOrder;
import io.leapfrog.plan.Predicate;
import io.leapfrog.plan.Scan;
import io.leapfrog.planner.calcite.CalcitePlanner;
import io.leapfrog.planner.JoinPlan;
import io.leapfrog.planner.JoinProblem;
import io.leapfrog.planner.PlanExplainer;
import io.leapfrog.planner.PlannerOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Orders a join with the statistics of its relations now: the planner's variable order from sizes
 * and distinct counts ({@link CalcitePlanner}), improved by measuring orders on the data where the join
 * allows it ({@link OrderMeter}); for a counted clique query, also whether to count over its graph with
 * the nodes renumbered by degree ({@link DegreeOrderedCount}), measured both ways.
 */
final class JoinNodePlanner {

    /**
     * A trial order may build a missing reordered trie only for relations up to this many tuples (a
     * reordered trie sorts the relation again). A cheap trie ({@link Relation#hasCheapTrie}: built, or
     * in the relation's own column order) is used at any size: without it a large graph's clique count
     * would go unmeasured, and unmeasured it would be renumbered by degree even where the renumbering
     * takes far longer than the join.
     */
    private static final long MAX_TRIAL_TRIE_ROWS = 1L << 20;

    private final EvalContext ctx;
    private final JoinNode node;
    private final ScanInputs inputs;

    private JoinNodePlanner(EvalContext ctx, JoinNode node, ScanInputs inputs) {
        this.ctx = ctx;
        this.node = node;
        this.inputs = inputs;
    }

    /** A planned node, and for a counted clique query the shapes of its graph under which it may be renumbered. */
    record Planned(JoinNode node, DegreeOrderedCount clique) { }

    /** The node with its order. */
    static Planned plan(EvalContext ctx, JoinNode node, ScanInputs inputs) {
        return new JoinNodePlanner(ctx, node, inputs).plan();
    }

    private Planned plan() {
        JoinProblem problem = problem(node.label());
        DegreeOrderedCount clique = cliqueCount();
        Relation graph = clique == null ? null : ctx.currentRelation(clique.relation());
        JoinOrder order;
        if (graph != null && clique.applies(graph)) {
            order = planCliqueCount(problem, clique, graph);
        } else {
            JoinPlan plan = orderMeasurable() ? ctx.planner().plan(problem, new OrderMeter(o -> trialJoin(o, false)))
                    : ctx.planner().plan(problem);
            order = new JoinOrder(plan, clique == null ? null : clique.explainLine(), false,
                    graph == null ? null : clique.shapeReason(graph) + ": counted as numbered");
        }
        List<String> explain = order.plan().explainLines();
        String last = explain.isEmpty() ? "" : explain.get(explain.size() - 1).trim();
        if (last.startsWith(CalcitePlanner.MEASURED_NOTE)) {
            ctx.noteMeasuredOrder(node.label() + ": variable order " + PlanExplainer.orderNames(problem, order.order())
                    + "; " + last);
        }
        if (order.order().length != node.varCount()) {
            throw new IllegalStateException("planner left a variable out of the order in " + node.label());
        }
        return new Planned(node.planned(order), clique);
    }

    /** What the planner is asked: the atoms with their relations' statistics now, and the predicates. */
    private JoinProblem problem(String label) {
        List<JoinProblem.JoinAtom> atoms = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            int[] kept = inputs.pattern(i).keptColumns();
            int[] vars = inputs.pattern(i).vars();
            if (vars.length == 0) {
                continue;
            }
            Relation r = ctx.currentRelation(inputs.scan(i).relation());
            long[] distinct = new long[kept.length];
            for (int c = 0; c < distinct.length; c++) {
                distinct[c] = r.size() == 0 ? 0 : r.distinctCount(kept[c]);
            }
            List<Integer> vs = new ArrayList<>();
            for (int v : vars) {
                vs.add(v);
            }
            atoms.add(new JoinProblem.JoinAtom(inputs.scan(i).relation(), vs, r.size(), distinct));
        }
        List<JoinProblem.JoinPredicate> predicates = new ArrayList<>();
        for (Predicate p : node.predicates()) {
            JoinProblem.JoinPredicate.Kind kind = p.defines() >= 0 ? JoinProblem.JoinPredicate.Kind.ASSIGNMENT
                    : p instanceof Predicate.Bound ? JoinProblem.JoinPredicate.Kind.BOUND
                    : p instanceof Predicate.Negation ? JoinProblem.JoinPredicate.Kind.NEGATION
                    : p instanceof Predicate.FilterTest ? JoinProblem.JoinPredicate.Kind.FILTER
                    : JoinProblem.JoinPredicate.Kind.COMPARISON;
            predicates.add(new JoinProblem.JoinPredicate(kind, p.text(), new ArrayList<>(p.reads()), p.defines()));
        }
        List<String> names = new ArrayList<>();
        node.variables().forEach(v -> names.add(v.name()));
        return new JoinProblem(label, names, atoms, predicates);
    }

    /**
     * The join as a counted clique query ({@link DegreeOrderedCount}), or null: a counted join without
     * outer values whose atoms all read one binary relation, each binding two variables (no constants,
     * wildcards or repeated variables), and whose other predicates are only comparisons between them.
     */
    private DegreeOrderedCount cliqueCount() {
        if (!node.countedOnly() || degreeOrder() == PlannerOptions.DegreeOrder.NEVER || node.parameters() > 0 || node.unsatisfiable()
                || node.scans().isEmpty()) {
            return null;
        }
        List<int[]> bounds = new ArrayList<>();
        for (Predicate p : node.predicates()) {
            if (!(p instanceof Predicate.Bound b)) {
                return null;
            }
            bounds.add(new int[] {b.low(), b.high(), b.strict() ? 1 : 0});
        }
        String relation = node.scans().get(0).relation();
        if (ctx.schemas().get(relation).arity() != 2) {
            return null;
        }
        List<int[]> edges = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            Scan s = inputs.scan(i);
            boolean plain = s.relation().equals(relation) && !s.recursive() && inputs.pattern(i).readsWholeRelation()
                    && inputs.pattern(i).vars().length == 2;
            if (!plain) {
                return null;
            }
            edges.add(inputs.pattern(i).vars().clone());
        }
        return DegreeOrderedCount.of(relation, edges, bounds, node.varCount());
    }

    /**
     * A counted clique query's order, over its graph as numbered or renumbered by degree, whichever does
     * clearly less work on its data, counting the renumbering's own time against the join time it saves
     * where the join will run ({@link DegreeOrderedCount#prefer}); a join that takes less time as numbered
     * than the renumbering would is not measured renumbered at all. The renumbered problem has its own
     * label, so the planner's cache keeps the two apart, and the same statistics (those of the graph as
     * given), so a cached plan needs no renumbering to be found.
     */
    private JoinOrder planCliqueCount(JoinProblem asNumbered, DegreeOrderedCount clique, Relation graph) {
        JoinProblem byDegree = new JoinProblem(node.label() + " (nodes renumbered by degree)", asNumbered.variables(),
                asNumbered.atoms(), asNumbered.predicates());
        String shape = clique.shapeReason(graph);
        boolean always = degreeOrder() == PlannerOptions.DegreeOrder.ALWAYS;
        if (!orderMeasurable() || always) {
            String why = shape + ": counted with its nodes renumbered by degree (" + (always
                    ? "the planner options renumber whenever the graph allows" : "orders not measured") + ")";
            JoinPlan plan = orderMeasurable() ? ctx.planner().plan(byDegree, new OrderMeter(o -> trialJoin(o, true)))
                    : ctx.planner().plan(byDegree);
            return new JoinOrder(plan, clique.explainLine(), true, why);
        }
        JoinPlan numbered = ctx.planner().plan(asNumbered, new OrderMeter(o -> trialJoin(o, false)));
        long tuples = graph.size();
        long numberedWork = numbered.measuredWork();
        double cores = ctx.joins().coresFor(numberedWork, ctx.threads());
        String renumbering = String.format(Locale.ROOT, "renumbering its %,d tuples about %s", tuples,
                millisText(DegreeOrderedCount.renumberNanos(tuples)));
        if (!DegreeOrderedCount.mayPay(numberedWork, cores, tuples)) {
            return new JoinOrder(numbered, clique.explainLine(), false, String.format(Locale.ROOT, "%s: counted as numbered (measured work ~%s,"
                            + " about %s at %s cores' speed, no longer than %s)", shape, workText(numberedWork),
                    millisText(DegreeOrderedCount.joinNanos(numberedWork, cores)), coresText(cores), renumbering));
        }
        JoinPlan renumbered = ctx.planner().plan(byDegree, new OrderMeter(o -> trialJoin(o, true)));
        long byDegreeWork = renumbered.measuredWork();
        boolean renumber = DegreeOrderedCount.prefer(byDegreeWork, numberedWork, cores, tuples);
        String saving = byDegreeWork < 0 || numberedWork < 0 ? "" : String.format(Locale.ROOT, "; it saves about %s at %s"
                + " cores' speed, %s", millisText(DegreeOrderedCount.joinNanos(numberedWork - byDegreeWork, cores)),
                coresText(cores), renumbering);
        String why = String.format(Locale.ROOT, "%s: counted %s (measured work ~%s with the nodes renumbered by degree,"
                        + " ~%s as numbered%s)", shape, renumber ? "with its nodes renumbered by degree" : "as numbered",
                workText(byDegreeWork), workText(numberedWork), saving);
        return new JoinOrder(renumber ? renumbered : numbered, clique.explainLine(), renumber, why);
    }

    private PlannerOptions.DegreeOrder degreeOrder() {
        return ctx.plannerOptions().degreeOrder();
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

    /**
     * Whether the order can be chosen by measuring orders on the data ({@link io.leapfrog.planner.order.SampledOrderSearch}):
     * a join of three or more variables over relations already complete (no recursive atom), with no
     * predicates other than bounds (the trial joins have only the atoms and bounds), and not switched
     * off in the planner options.
     */
    private boolean orderMeasurable() {
        if (node.unsatisfiable() || node.varCount() < 3 || !ctx.plannerOptions().measureOrders()) {
            return false;
        }
        for (Predicate p : node.predicates()) {
            if (!(p instanceof Predicate.Bound) && !(p instanceof Predicate.ConstantBound)) {
                return false;
            }
        }
        int joined = 0;
        for (int i = 0; i < inputs.size(); i++) {
            if (inputs.scan(i).recursive()) {
                return false;
            }
            joined += inputs.pattern(i).vars().length > 0 ? 1 : 0;
        }
        return joined >= 2;
    }

    /**
     * The join under {@code order} with its atoms and bounds only, for measuring the order
     * ({@link OrderMeter}); null when it would need a trie too large to build for a trial.
     */
    private JoinQuery trialJoin(int[] order, boolean renumbered) {
        JoinCompiler join = JoinCompiler.ordered(order);
        for (int i = 0; i < inputs.size(); i++) {
            Relation current = ctx.currentRelation(inputs.scan(i).relation());
            Relation r = inputs.narrowed(i, renumbered ? DegreeRenumbering.renumbered(current) : current);
            int[] vars = inputs.pattern(i).vars();
            if (vars.length == 0) {
                continue;
            }
            if (!r.hasCheapTrie(join.trieColumns(vars)) && r.size() > MAX_TRIAL_TRIE_ROWS) {
                return null; // building an index for a trial would cost more than the trial saves
            }
            join.narrowedAtom(r, vars);
        }
        for (Predicate p : node.predicates()) {
            if (p instanceof Predicate.Bound b) {
                join.less(b.low(), b.high(), b.strict());
            } else if (p instanceof Predicate.ConstantBound c) {
                join.constantBound(c.var(), constantOf(ctx, node, c), c.strict(), c.upper());
            }
        }
        return join.outputLevels(order.length).build();
    }

    /** A constant bound's value, of its variable's type (a float column's bound is a float). */
    static int constantOf(EvalContext ctx, JoinNode node, Predicate.ConstantBound c) {
        return ctx.constantValue(c.constant(), node.typeOf(node.variables().get(c.var()).name()));
    }
}
