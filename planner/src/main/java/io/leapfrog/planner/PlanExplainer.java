package io.leapfrog.planner;

import io.leapfrog.planner.JoinProblem.JoinAtom;
import io.leapfrog.planner.JoinProblem.JoinPredicate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Renders a plan as EXPLAIN lines:
 * <pre>
 * rule path(x,z) :- ...          (the problem's label)
 *   strategy cpu-lftj, variable order: x, y, z
 *   level 0 x  ~8 rows   intersect e(x,y)[x], e(y,z)...
 *   level 1 y  ~20 rows  intersect ...; fire x &lt; y
 * </pre>
 */
public final class PlanExplainer {

    private PlanExplainer() { }

    public static List<String> explain(JoinProblem problem, int[] order, int[] predicateLevel,
                                       double[] estimatedRows, String strategy) {
        List<String> lines = new ArrayList<>();
        List<String> names = problem.variables();
        lines.add(problem.label());
        lines.add("  strategy " + strategy + ", variable order: " + (order.length == 0 ? "(none)" : orderNames(problem, order)));
        int[] position = new int[order.length];
        for (int l = 0; l < order.length; l++) {
            position[order[l]] = l;
        }
        for (int l = 0; l < order.length; l++) {
            int v = order[l];
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  level %d %s ~%s rows",
                    l, names.get(v), rows(estimatedRows[l])));
            List<String> atoms = new ArrayList<>();
            for (JoinAtom a : problem.atoms()) {
                if (a.vars().contains(v)) {
                    atoms.add(atomText(a, names, position));
                }
            }
            if (!atoms.isEmpty()) {
                line.append(" | intersect ").append(String.join(" ∩ ", atoms));
            }
            List<String> fired = new ArrayList<>();
            for (int p = 0; p < problem.predicates().size(); p++) {
                if (predicateLevel[p] == l) {
                    JoinPredicate pr = problem.predicates().get(p);
                    fired.add(pr.kind().name().toLowerCase(Locale.ROOT) + " " + pr.text());
                }
            }
            if (!fired.isEmpty()) {
                line.append(" | fire ").append(String.join("; ", fired));
            }
            lines.add(line.toString());
        }
        return List.copyOf(lines);
    }

    /** The variables' names in {@code order}: "x, y, z". */
    public static String orderNames(JoinProblem problem, int[] order) {
        StringBuilder sb = new StringBuilder();
        for (int l = 0; l < order.length; l++) {
            sb.append(l == 0 ? "" : ", ").append(problem.variables().get(order[l]));
        }
        return sb.toString();
    }

    /** e(x,y) with its cardinality; the trie order follows the variable order. */
    private static String atomText(JoinAtom a, List<String> names, int[] position) {
        StringBuilder sb = new StringBuilder(a.relation()).append('(');
        for (int i = 0; i < a.vars().size(); i++) {
            sb.append(i == 0 ? "" : ",").append(names.get(a.vars().get(i)));
        }
        return sb.append(")[").append(a.cardinality()).append(']').toString();
    }

    public static String rows(double r) {
        if (r >= 1e6) {
            return String.format(Locale.ROOT, "%.3g", r);
        }
        return String.format(Locale.ROOT, "%.0f", Math.ceil(r));
    }
}
