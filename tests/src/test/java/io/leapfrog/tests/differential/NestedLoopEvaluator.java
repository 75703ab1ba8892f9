package io.leapfrog.tests.differential;

import io.leapfrog.exec.storage.Relation;
import io.leapfrog.tests.differential.RandomQuery.Atom;
import io.leapfrog.tests.differential.RandomQuery.Comparison;
import io.leapfrog.tests.differential.RandomQuery.Term;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The reference: nested loops over the atoms' tuples in the query's own atom order, binding variables
 * as it goes (a per-column value index only skips tuples that could not match), then the comparisons
 * on each complete binding. Gives up (returns null) past a step budget, so a query with a huge
 * intermediate result is skipped rather than slowing the suite down.
 */
public final class NestedLoopEvaluator {
    private final Map<String, Relation> relations;
    /** relation -> column -> value -> row numbers */
    private final Map<String, List<Map<Integer, int[]>>> index = new HashMap<>();
    private long steps;
    private long budget;

    public NestedLoopEvaluator(Map<String, Relation> relations) {
        this.relations = relations;
        for (Map.Entry<String, Relation> e : relations.entrySet()) {
            Relation r = e.getValue();
            List<Map<Integer, int[]>> cols = new ArrayList<>();
            for (int c = 0; c < r.arity(); c++) {
                Map<Integer, List<Integer>> m = new HashMap<>();
                for (int i = 0; i < r.size(); i++) {
                    m.computeIfAbsent(r.get(i, c), k -> new ArrayList<>()).add(i);
                }
                Map<Integer, int[]> arr = new HashMap<>();
                m.forEach((k, v) -> arr.put(k, v.stream().mapToInt(Integer::intValue).toArray()));
                cols.add(arr);
            }
            index.put(e.getKey(), cols);
        }
    }

    /** The distinct head tuples, or null when the step budget ran out. */
    public Set<List<Integer>> evaluate(RandomQuery q, long stepBudget) {
        steps = 0;
        budget = stepBudget;
        Set<List<Integer>> out = new HashSet<>();
        int[] binding = new int[q.varCount()];
        boolean[] bound = new boolean[q.varCount()];
        return loop(q, 0, binding, bound, out) ? out : null;
    }

    private boolean loop(RandomQuery q, int atomIndex, int[] binding, boolean[] bound, Set<List<Integer>> out) {
        if (++steps > budget) {
            return false;
        }
        if (atomIndex == q.atoms().size()) {
            for (Comparison c : q.comparisons()) {
                if (!holds(c, binding)) {
                    return true;
                }
            }
            List<Integer> t = new ArrayList<>();
            for (int v : q.head()) {
                t.add(binding[v]);
            }
            out.add(t);
            return true;
        }
        Atom a = q.atoms().get(atomIndex);
        Relation r = relations.get(a.relation());
        Term[] args = a.args();
        int[] candidates = null;
        for (int c = 0; c < args.length && candidates == null; c++) {
            Term t = args[c];
            if (!t.isVar() || bound[t.value()]) {
                int v = t.isVar() ? binding[t.value()] : t.value();
                candidates = index.get(a.relation()).get(c).getOrDefault(v, new int[0]);
            }
        }
        int n = candidates == null ? r.size() : candidates.length;
        boolean[] setHere = new boolean[args.length];
        for (int k = 0; k < n; k++) {
            int row = candidates == null ? k : candidates[k];
            boolean ok = true;
            java.util.Arrays.fill(setHere, false);
            for (int c = 0; c < args.length && ok; c++) {
                int x = r.get(row, c);
                Term t = args[c];
                if (!t.isVar()) {
                    ok = x == t.value();
                } else if (bound[t.value()]) {
                    ok = binding[t.value()] == x;
                } else {
                    bound[t.value()] = true;
                    binding[t.value()] = x;
                    setHere[c] = true;
                }
            }
            if (ok && !loop(q, atomIndex + 1, binding, bound, out)) {
                return false;
            }
            for (int c = 0; c < args.length; c++) {
                if (setHere[c]) {
                    bound[args[c].value()] = false;
                }
            }
        }
        return true;
    }

    private static boolean holds(Comparison c, int[] binding) {
        int l = c.left().isVar() ? binding[c.left().value()] : c.left().value();
        int r = c.right().isVar() ? binding[c.right().value()] : c.right().value();
        switch (c.op()) {
            case LT:
                return l < r;
            case LE:
                return l <= r;
            default:
                return l != r;
        }
    }
}
