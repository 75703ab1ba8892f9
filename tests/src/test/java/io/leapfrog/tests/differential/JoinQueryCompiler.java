package io.leapfrog.tests.differential;

import io.leapfrog.exec.join.AtomPattern;
import io.leapfrog.exec.join.JoinCompiler;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.tests.differential.RandomQuery.Atom;
import io.leapfrog.tests.differential.RandomQuery.Comparison;
import io.leapfrog.tests.differential.RandomQuery.Op;
import io.leapfrog.tests.differential.RandomQuery.Term;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A random plan for the differential test's queries: a random connected variable order, head variables
 * first where possible (then the head is the output prefix), compiled by the engine's {@link JoinCompiler}
 * (constants and repeated variables narrowing the atoms, comparisons as bounds), {@code !=} as a filter
 * at the later variable's level.
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
        JoinCompiler join = JoinCompiler.ordered(order);
        boolean headIsPrefix = true;
        for (int v : head) {
            headIsPrefix &= join.levelOf(v) < head.length;
        }
        for (Atom a : q.atoms()) {
            join.atom(relations.get(a.relation()), pattern(a));
        }
        for (Comparison c : q.comparisons()) {
            addComparison(join, c);
        }
        join.outputLevels(headIsPrefix ? head.length : n);
        int[] headLevels = new int[head.length];
        for (int i = 0; i < head.length; i++) {
            headLevels[i] = join.levelOf(head[i]);
        }
        return new Compiled(join.build(), headLevels);
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

    private static AtomPattern pattern(Atom a) {
        List<AtomPattern.Term> terms = new ArrayList<>();
        for (Term t : a.args()) {
            terms.add(t.isVar() ? AtomPattern.Term.var(t.value()) : AtomPattern.Term.constant(t.value()));
        }
        return AtomPattern.of(terms);
    }

    private static void addComparison(JoinCompiler join, Comparison c) {
        Term l = c.left();
        Term r = c.right();
        if (c.op() == Op.NE) {
            int ll = l.isVar() ? join.levelOf(l.value()) : -1;
            int rl = r.isVar() ? join.levelOf(r.value()) : -1;
            int lc = l.value();
            int rc = r.value();
            join.filter(Math.max(ll, rl), bind -> (ll < 0 ? lc : bind[ll]) != (rl < 0 ? rc : bind[rl]));
            return;
        }
        boolean strict = c.op() == Op.LT;
        if (l.isVar() && r.isVar()) {
            join.less(l.value(), r.value(), strict);
        } else if (l.isVar()) {
            join.constantBound(l.value(), r.value(), strict, true);
        } else {
            join.constantBound(r.value(), l.value(), strict, false);
        }
    }
}
