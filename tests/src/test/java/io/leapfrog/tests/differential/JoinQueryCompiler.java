package io.leapfrog.tests.differential;

import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.tests.differential.RandomQuery.Atom;
import io.leapfrog.tests.differential.RandomQuery.Comparison;
import io.leapfrog.tests.differential.RandomQuery.Op;
import io.leapfrog.tests.differential.RandomQuery.Term;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A minimal planner for the differential test: a random connected variable order, head variables first
 * where possible (then the head is the output prefix), constants and repeated variables pushed into the scans with
 * select / selectEqualColumns / project, each atom's trie in variable order, comparisons as bounds at
 * the later variable's level, {@code !=} as a filter there.
 */
final class JoinQueryCompiler {
    /**
     * The query and where each head variable sits in the binding. When the head is not a prefix of the
     * variable order, the query enumerates full bindings (outputVars = varCount) and the caller projects.
     */
    record Compiled(JoinQuery query, int[] headLevels) {
        boolean projects() {
            return query.outputVars() != headLevels.length;
        }
    }

    private JoinQueryCompiler() {
    }

    static Compiled compile(RandomQuery q, Map<String, Relation> relations, Random rnd) {
        int n = q.varCount();
        int[] head = q.head();
        int[] order = chooseOrder(q, rnd);
        int[] pos = new int[n];
        for (int l = 0; l < n; l++) {
            pos[order[l]] = l;
        }
        boolean headIsPrefix = true;
        for (int v : head) {
            headIsPrefix &= pos[v] < head.length;
        }
        JoinQuery.Builder b = JoinQuery.builder(n);
        for (Atom a : q.atoms()) {
            addAtom(b, a, relations.get(a.relation()), pos);
        }
        for (Comparison c : q.comparisons()) {
            addComparison(b, c, pos);
        }
        b.outputVars(headIsPrefix ? head.length : n);
        int[] headLevels = new int[head.length];
        for (int i = 0; i < head.length; i++) {
            headLevels[i] = pos[head[i]];
        }
        return new Compiled(b.build(), headLevels);
    }

    /**
     * A random connected variable order: each next variable shares an atom with an earlier one when
     * possible (no needless cross products), head variables first while that keeps it connected.
     */
    private static int[] chooseOrder(RandomQuery q, Random rnd) {
        int n = q.varCount();
        boolean[][] adjacent = new boolean[n][n];
        for (Atom a : q.atoms()) {
            for (Term x : a.args()) {
                for (Term y : a.args()) {
                    if (x.isVar() && y.isVar()) {
                        adjacent[x.value()][y.value()] = true;
                    }
                }
            }
        }
        boolean[] inHead = new boolean[n];
        for (int v : q.head()) {
            inHead[v] = true;
        }
        boolean[] chosen = new boolean[n];
        int[] order = new int[n];
        for (int l = 0; l < n; l++) {
            List<Integer> linked = new ArrayList<>();
            List<Integer> linkedHead = new ArrayList<>();
            List<Integer> any = new ArrayList<>();
            List<Integer> anyHead = new ArrayList<>();
            for (int v = 0; v < n; v++) {
                if (chosen[v]) {
                    continue;
                }
                boolean link = false;
                for (int u = 0; u < n && !link; u++) {
                    link = chosen[u] && adjacent[u][v];
                }
                (link ? linked : any).add(v);
                if (inHead[v]) {
                    (link ? linkedHead : anyHead).add(v);
                }
            }
            List<Integer> pick = !linkedHead.isEmpty() ? linkedHead : !linked.isEmpty() ? linked
                    : !anyHead.isEmpty() ? anyHead : any;
            int v = pick.get(rnd.nextInt(pick.size()));
            chosen[v] = true;
            order[l] = v;
        }
        return order;
    }

    private static void addAtom(JoinQuery.Builder b, Atom a, Relation rel, int[] pos) {
        Term[] args = a.args();
        Relation r = rel;
        List<Integer> keptCols = new ArrayList<>();
        List<Integer> keptVars = new ArrayList<>();
        for (int c = 0; c < args.length; c++) {
            Term t = args[c];
            if (!t.isVar()) {
                r = r.select(c, t.value());
                continue;
            }
            int firstCol = -1;
            for (int d = 0; d < c && firstCol < 0; d++) {
                if (args[d].isVar() && args[d].value() == t.value()) {
                    firstCol = d;
                }
            }
            if (firstCol >= 0) {
                r = r.selectEqualColumns(firstCol, c);
            } else {
                keptCols.add(c);
                keptVars.add(t.value());
            }
        }
        // Columns sorted by the level of their variable: the trie order and the atom's variables.
        Integer[] idx = new Integer[keptCols.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (x, y) -> Integer.compare(pos[keptVars.get(x)], pos[keptVars.get(y)]));
        int[] cols = new int[idx.length];
        int[] levels = new int[idx.length];
        for (int i = 0; i < idx.length; i++) {
            cols[i] = keptCols.get(idx[i]);
            levels[i] = pos[keptVars.get(idx[i])];
        }
        // Project to the kept columns in level order; the trie then reads them in natural order.
        Relation projected = r.project(cols);
        int[] identity = new int[cols.length];
        for (int i = 0; i < identity.length; i++) {
            identity[i] = i;
        }
        b.atom(projected.trie(identity), levels);
    }

    private static void addComparison(JoinQuery.Builder b, Comparison c, int[] pos) {
        Term l = c.left();
        Term r = c.right();
        if (c.op() == Op.NE) {
            int level = Math.max(l.isVar() ? pos[l.value()] : -1, r.isVar() ? pos[r.value()] : -1);
            int ll = l.isVar() ? pos[l.value()] : -1;
            int rl = r.isVar() ? pos[r.value()] : -1;
            int lc = l.value();
            int rc = r.value();
            b.filter(level, bind -> (ll < 0 ? lc : bind[ll]) != (rl < 0 ? rc : bind[rl]));
            return;
        }
        boolean strict = c.op() == Op.LT;
        if (l.isVar() && r.isVar()) {
            int la = pos[l.value()];
            int lb = pos[r.value()];
            if (la == lb) {
                // x < x never holds, x <= x always does
                if (strict) {
                    b.filter(la, bind -> false);
                }
            } else if (la > lb) {
                b.upperBound(la, lb, strict);   // l < r with r bound first
            } else {
                b.lowerBound(lb, la, strict);   // r > l with l bound first
            }
        } else if (l.isVar()) {
            b.upperBoundConst(pos[l.value()], r.value(), strict);
        } else {
            b.lowerBoundConst(pos[r.value()], l.value(), strict);
        }
    }

    private static void shuffle(int[] a, Random rnd) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}
