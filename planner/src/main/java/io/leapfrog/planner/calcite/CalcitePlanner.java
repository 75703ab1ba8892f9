package io.leapfrog.planner.calcite;

import io.leapfrog.planner.JoinPlan;
import io.leapfrog.planner.JoinPlanner;
import io.leapfrog.planner.JoinProblem;
import io.leapfrog.planner.PlanExplainer;
import io.leapfrog.planner.WorkMeter;
import io.leapfrog.planner.order.GreedyVariableOrder;
import io.leapfrog.planner.order.PredicatePlacement;
import io.leapfrog.planner.order.SampledOrderSearch;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.rel.RelNode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;

/**
 * The engine's planner: a rule body becomes a Calcite plan ({@link RuleBodyTranslator}), Calcite rules
 * collapse its joins into one {@link LogicalLeapfrogJoin} ({@link LeapfrogPrograms}), and the LogicalLeapfrogJoin's
 * variable order becomes the {@link JoinPlan}. Bodies with fewer than two atoms have no join for Calcite
 * to collapse; they get the same greedy order directly. Thread-safe: each call has its own Calcite planner; plans are cached by problem (a few ms each
 * otherwise).
 */
public final class CalcitePlanner implements JoinPlanner {

    public static final String STRATEGY = "cpu-lftj";

    /** Plans of recently seen problems (same atoms, statistics and predicates), least recently used out. */
    private final Map<String, JoinPlan> cache = lruCache();

    private static final int CACHE_SIZE = 4096;

    /**
     * Orders chosen by measuring on the data, by problem. Keyed like {@link #cache}, by statistics: a
     * relation with the same statistics but other contents reuses the order (a choice of speed only;
     * every order gives the same answers).
     */
    private final Map<String, JoinPlan> measuredCache = lruCache();

    /** How the EXPLAIN line of an order chosen by measuring on the data begins (after its indent). */
    public static final String MEASURED_NOTE = "order measured on a sample of the data";

    /** A join whose order does less work than this (about a millisecond) is not worth measuring orders for. */
    public static final long MIN_WORK_TO_SEARCH = 1L << 18;

    public CalcitePlanner() { }

    /** A thread-safe map of at most CACHE_SIZE plans, the least recently used going first. */
    private static Map<String, JoinPlan> lruCache() {
        return Collections.synchronizedMap(new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, JoinPlan> eldest) {
                return size() > CACHE_SIZE;
            }
        });
    }

    @Override
    public JoinPlan plan(JoinProblem problem) {
        String key = cacheKey(problem);
        JoinPlan cached = cache.get(key);
        if (cached != null) {
            return cached.copyFor(problem);
        }
        JoinPlan plan = planUncached(problem);
        cache.put(key, plan);
        return plan;
    }

    @Override
    public JoinPlan plan(JoinProblem problem, WorkMeter meter) {
        String key = cacheKey(problem);
        JoinPlan cached = measuredCache.get(key);
        if (cached == null) {
            JoinPlan base = plan(problem);
            SampledOrderSearch.Result r = SampledOrderSearch.search(problem, base.order(), meter, MIN_WORK_TO_SEARCH);
            cached = r.searched() ? withMeasuredOrder(problem, base, r) : base;
            cached = cached.withMeasuredWork(r.work() < 0 || r.work() == Long.MAX_VALUE ? -1 : r.work());
            measuredCache.put(key, cached);
        }
        return cached.copyFor(problem);
    }

    /** The plan for the search's order, with a line in EXPLAIN saying how it was chosen. */
    private static JoinPlan withMeasuredOrder(JoinProblem problem, JoinPlan base, SampledOrderSearch.Result r) {
        int[] order = r.order();
        int[] levels = base.predicateLevel();
        double[] rows = base.estimatedRows();
        List<String> explain = new ArrayList<>(base.explainLines());
        if (r.changed()) {
            levels = PredicatePlacement.levels(problem.predicates(), order);
            rows = GreedyVariableOrder.complete(problem, order).estimatedRows();
            explain = new ArrayList<>(PlanExplainer.explain(problem, order, levels, rows, STRATEGY));
        }
        String measured = "  " + MEASURED_NOTE + " (" + r.measured() + " orders): ";
        String statisticsOrder = PlanExplainer.orderNames(problem, r.startOrder());
        String tooLarge = " a reordered index too large to build for a trial)";
        String note;
        if (r.work() < 0) {
            note = measured + "none could be measured (each needs" + tooLarge;
        } else if (r.changed() && r.startWork() < 0) {
            note = measured + "work ~" + PlanExplainer.rows(r.work()) + "; the statistics' order " + statisticsOrder
                    + " could not be measured (it needs" + tooLarge;
        } else if (r.changed()) {
            note = measured + "work ~" + PlanExplainer.rows(r.work()) + ", against ~" + PlanExplainer.rows(r.startWork())
                    + " for the statistics' order " + statisticsOrder;
        } else {
            note = measured + "none does clearly less work than this one (~" + PlanExplainer.rows(r.work()) + ")";
        }
        explain.add(note);
        return new JoinPlan(problem, order, levels, rows, STRATEGY, List.copyOf(explain));
    }

    /** Everything a plan depends on, as text. */
    private static String cacheKey(JoinProblem p) {
        StringBuilder sb = new StringBuilder(p.label()).append('\u0001').append(p.variables());
        for (JoinProblem.JoinAtom a : p.atoms()) {
            sb.append('\u0001').append(a.relation()).append(a.vars()).append(a.cardinality())
                    .append(Arrays.toString(a.distinct()));
        }
        for (JoinProblem.JoinPredicate pr : p.predicates()) {
            sb.append('\u0001').append(pr.kind()).append(pr.text()).append(pr.vars()).append(pr.defines());
        }
        return sb.toString();
    }

    private JoinPlan planUncached(JoinProblem problem) {
        int[] order = null;
        double[] rows = null;
        String calciteFailure = null;
        if (problem.atoms().size() >= 2) {
            try {
                LogicalLeapfrogJoin join = leapfrogJoin(problem);
                if (join != null) {
                    order = problemOrder(problem, join);
                    rows = extend(join.estimatedRows(), order.length);
                }
            } catch (RuntimeException | AssertionError e) {
                // The same heuristic runs without Calcite below; say so in EXPLAIN instead of failing the rule.
                calciteFailure = "  (Calcite rewrite failed, ordered directly: " + e + ")";
            }
        }
        if (order == null) {
            GreedyVariableOrder.Ordering ordering = GreedyVariableOrder.choose(problem);
            order = ordering.order();
            rows = ordering.estimatedRows();
        }
        int[] levels = PredicatePlacement.levels(problem.predicates(), order);
        List<String> explain = PlanExplainer.explain(problem, order, levels, rows, STRATEGY);
        if (calciteFailure != null) {
            List<String> withNote = new ArrayList<>(explain);
            withNote.add(calciteFailure);
            explain = List.copyOf(withNote);
        }
        return new JoinPlan(problem, order, levels, rows, STRATEGY, explain);
    }

    /** The rule body's Calcite plan after the rewrite, as one LogicalLeapfrogJoin (null if none formed). */
    public LogicalLeapfrogJoin leapfrogJoin(JoinProblem problem) {
        return LeapfrogPrograms.findLeapfrogJoin(optimizedPlan(problem));
    }

    /** The rule body as a Calcite plan, rewritten by {@link LeapfrogPrograms#JOINS_TO_LEAPFROG}. */
    public RelNode optimizedPlan(JoinProblem problem) {
        HepPlanner hep = LeapfrogPrograms.newPlanner();
        RelOptCluster cluster = RuleBodyTranslator.cluster(hep);
        return LeapfrogPrograms.rewrite(hep, RuleBodyTranslator.translate(problem, cluster));
    }

    /** The join's order in the problem's variable numbers; variables outside the join go last. */
    private static int[] problemOrder(JoinProblem problem, LogicalLeapfrogJoin join) {
        int n = problem.variables().size();
        boolean[] seen = new boolean[n];
        List<Integer> order = new ArrayList<>();
        for (int v : join.order()) {
            String name = join.variableNames().get(v);
            int k = Integer.parseInt(name.substring(1)); // DatalogNames: v<k>
            if (k < n && !seen[k]) {
                seen[k] = true;
                order.add(k);
            }
        }
        for (int k = 0; k < n; k++) {
            if (!seen[k]) {
                order.add(k);
            }
        }
        return order.stream().mapToInt(Integer::intValue).toArray();
    }

    private static double[] extend(double[] rows, int n) {
        double[] out = new double[n];
        double last = 1.0;
        for (int i = 0; i < n; i++) {
            last = i < rows.length ? rows[i] : last;
            out[i] = last;
        }
        return out;
    }
}
