package io.leapfrog.exec.join;

import io.leapfrog.exec.storage.Relation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * Reference evaluator for JoinQuery-shaped queries: nested loops over the atoms' tuples, then the
 * bounds, computed values and filters checked on each complete binding. Slow and obviously right.
 */
final class NaiveJoin {
    private final int varCount;
    private final List<Relation> rels = new ArrayList<>();
    private final List<int[]> vars = new ArrayList<>();
    private final List<int[]> bounds = new ArrayList<>(); // {var, other, strict, isLower}
    private final List<long[]> constBounds = new ArrayList<>(); // {var, c, strict, isLower}
    private final List<Object[]> filters = new ArrayList<>(); // {level, LevelFilter}
    private final ValueFunction[] computed;
    private int outputVars;

    NaiveJoin(int varCount) {
        this.varCount = varCount;
        this.computed = new ValueFunction[varCount];
        this.outputVars = varCount;
    }

    NaiveJoin atom(Relation r, int... v) {
        rels.add(r);
        vars.add(v);
        return this;
    }

    NaiveJoin bound(int var, int other, boolean strict, boolean lower) {
        bounds.add(new int[]{var, other, strict ? 1 : 0, lower ? 1 : 0});
        return this;
    }

    NaiveJoin constBound(int var, int c, boolean strict, boolean lower) {
        constBounds.add(new long[]{var, c, strict ? 1 : 0, lower ? 1 : 0});
        return this;
    }

    NaiveJoin filter(int level, LevelFilter f) {
        filters.add(new Object[]{level, f});
        return this;
    }

    NaiveJoin computed(int var, ValueFunction f) {
        computed[var] = f;
        return this;
    }

    NaiveJoin outputVars(int k) {
        outputVars = k;
        return this;
    }

    /** Distinct bindings of variables 0..outputVars-1, as lists. */
    Set<List<Integer>> results() {
        Set<List<Integer>> out = new LinkedHashSet<>();
        int[] binding = new int[varCount];
        boolean[] bound = new boolean[varCount];
        loop(0, binding, bound, out);
        return out;
    }

    private void loop(int atom, int[] binding, boolean[] bound, Set<List<Integer>> out) {
        if (atom == rels.size()) {
            finish(0, binding.clone(), bound.clone(), out);
            return;
        }
        Relation r = rels.get(atom);
        int[] v = vars.get(atom);
        if (v.length == 0) {
            if (r.size() > 0) {
                loop(atom + 1, binding, bound, out);
            }
            return;
        }
        boolean[] setHere = new boolean[v.length];
        for (int row = 0; row < r.size(); row++) {
            boolean ok = true;
            for (int c = 0; c < v.length; c++) {
                setHere[c] = false;
            }
            for (int c = 0; c < v.length && ok; c++) {
                int x = r.get(row, c);
                if (bound[v[c]]) {
                    ok = binding[v[c]] == x;
                } else {
                    bound[v[c]] = true;
                    binding[v[c]] = x;
                    setHere[c] = true;
                }
            }
            if (ok) {
                loop(atom + 1, binding, bound, out);
            }
            for (int c = 0; c < v.length; c++) {
                if (setHere[c]) {
                    bound[v[c]] = false;
                }
            }
        }
    }

    /** Computed variables in order, then every check. */
    private void finish(int var, int[] binding, boolean[] bound, Set<List<Integer>> out) {
        for (int l = 0; l < varCount; l++) {
            if (computed[l] != null) {
                int[] prefix = binding.clone();
                long v = computed[l].apply(prefix);
                if (v == ValueFunction.NONE || v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
                    return;
                }
                if (bound[l] && binding[l] != v) {
                    return;
                }
                binding[l] = (int) v;
                bound[l] = true;
            }
        }
        for (int[] b : bounds) {
            long x = binding[b[0]];
            long y = binding[b[1]];
            boolean lower = b[3] == 1;
            boolean strict = b[2] == 1;
            boolean ok = lower ? (strict ? x > y : x >= y) : (strict ? x < y : x <= y);
            if (!ok) {
                return;
            }
        }
        for (long[] b : constBounds) {
            long x = binding[(int) b[0]];
            boolean lower = b[3] == 1;
            boolean strict = b[2] == 1;
            boolean ok = lower ? (strict ? x > b[1] : x >= b[1]) : (strict ? x < b[1] : x <= b[1]);
            if (!ok) {
                return;
            }
        }
        for (Object[] f : filters) {
            if (!((LevelFilter) f[1]).test(binding.clone())) {
                return;
            }
        }
        List<Integer> key = new ArrayList<>();
        for (int i = 0; i < outputVars; i++) {
            key.add(binding[i]);
        }
        out.add(key);
    }

    static IntPredicate any() {
        return x -> true;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < rels.size(); i++) {
            sb.append(Arrays.toString(vars.get(i))).append(' ');
        }
        return sb.toString();
    }
}
