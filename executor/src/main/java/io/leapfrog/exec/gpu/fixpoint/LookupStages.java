package io.leapfrog.exec.gpu.fixpoint;

import io.leapfrog.exec.fixpoint.FixpointProgram;
import io.leapfrog.exec.fixpoint.FixpointProgram.Lookup;
import io.leapfrog.exec.fixpoint.FixpointProgram.Rule;
import io.leapfrog.exec.fixpoint.FixpointProgram.Test;
import io.leapfrog.exec.storage.Relation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Rewrites a program for the GPU's kernels, whose lookups are all keyed by the delta tuple (or a
 * constant): a rule whose lookup is keyed by a value another lookup finds (a chain, as in
 * {@code pointsTo(p, o) :- load(p, q), pointsTo(q, r), pointsTo(r, o)} read from the delta of its last atom)
 * becomes a sequence of rules, each adding the values the rest still needs (at most two: a new binary or
 * unary relation of the stratum, after the program's own) to a relation whose delta the next one reads.
 * Such a relation is deduplicated like any other: a tuple it already had made its consequences when it
 * was first found, and consequences through tuples found later come from the other atoms' variants.
 * Same generation's rule ({@link Rule#crossLookups}) is split the same way, for fewer candidates, when
 * its first lookup's keys have many values ({@link #CROSS_STAGE_DEGREE}).
 */
final class LookupStages {
    /** The rewritten program, whose first relations are the original's; or why it cannot be written. */
    record Staged(FixpointProgram program, String reason) {
    }

    private LookupStages() {
    }

    /**
     * Same generation's rule is split when the first lookup's keys have at least this many values,
     * weighted by their tuples (sum of squares over sum of degrees): the candidates a delta tuple makes
     * are that many times the second lookup's. Below it (meshes and road networks: 1.6 to 5 on
     * ../shared/data/more) the extra relation and its rounds cost more than the candidates they save
     * (fe-sphere, 3.0: 0.33 s split against 0.24 s whole on an H100,
     * bench/results/gpu-h100-recursion-sg-split-always.csv); CA-HepTH (12.5) and R-MAT graphs gain.
     */
    static final double CROSS_STAGE_DEGREE = 8;

    static Staged of(FixpointProgram p) {
        if (!p.hasChains() && p.rules().stream().noneMatch(LookupStages::splitsCross)) {
            return new Staged(p, null);
        }
        List<String> relations = new ArrayList<>(p.relations());
        List<Integer> arities = new ArrayList<>();
        for (int a : p.arities()) {
            arities.add(a);
        }
        List<Rule> rules = new ArrayList<>();
        for (Rule r : p.rules()) {
            if (splitsCross(r)) {
                factor(r, r.crossLookups(), relations, arities, rules);
                continue;
            }
            String why = split(r, relations, arities, rules);
            if (why != null) {
                return new Staged(null, why);
            }
        }
        return new Staged(new FixpointProgram(relations, arities.stream().mapToInt(Integer::intValue).toArray(), rules), null);
    }

    /**
     * For explain: how the GPU runs each rule of same generation's shape (in two stages or whole) and
     * why; null when the program has none.
     */
    static String describeCross(FixpointProgram p) {
        List<String> parts = new ArrayList<>();
        for (Rule r : p.rules()) {
            int[] cross = r.crossLookups();
            if (cross != null) {
                Lookup first = r.lookups().get(cross[0]);
                double w = weightedDegree(first.relation(), first.keyColumn());
                parts.add(String.format(Locale.ROOT, "%s %s (its first lookup's keys have %.1f values weighted by tuples;"
                        + " two stages from %.0f)", r.label(), w >= CROSS_STAGE_DEGREE ? "in two stages" : "whole", w,
                        CROSS_STAGE_DEGREE));
            }
        }
        return parts.isEmpty() ? null : String.join("; ", parts);
    }

    /** Whether r has the cross shape and its first lookup's keys have enough values to split it. */
    private static boolean splitsCross(Rule r) {
        int[] cross = r.crossLookups();
        if (cross == null) {
            return false;
        }
        Lookup first = r.lookups().get(cross[0]);
        return weightedDegree(first.relation(), first.keyColumn()) >= CROSS_STAGE_DEGREE;
    }

    /** The values per key of a column, weighted by tuples: the sum of each key's count squared over the tuples. */
    static double weightedDegree(Relation r, int column) {
        int n = r.size();
        if (n == 0) {
            return 0;
        }
        int[] keys = r.column(column);
        if (column != 0) {
            keys = keys.clone();
            Arrays.sort(keys);
        }
        double squares = 0;
        int run = 1;
        for (int i = 1; i <= n; i++) {
            if (i < n && keys[i] == keys[i - 1]) {
                run++;
            } else {
                squares += (double) run * run;
                run = 1;
            }
        }
        return squares / n;
    }

    /**
     * A rule of the cross shape ({@link Rule#crossLookups}), {@code h(x, y) :- first(a, x), delta(a, b),
     * second(b, y)}, in two stages: {@code t(a, y) :- delta(a, b), second(b, y)}, then {@code h(x, y) :-
     * first(a, x), t(a, y)} from t's delta. A delta tuple then makes |second(b)| candidates and each new
     * (a, y) |first(a)|, where the rule alone makes |first(a)| times |second(b)| per delta tuple: most of
     * them again, through every b of a that reaches y.
     */
    private static void factor(Rule r, int[] cross, List<String> relations, List<Integer> arities, List<Rule> out) {
        Lookup first = r.lookups().get(cross[0]);
        Lookup second = r.lookups().get(cross[1]);
        int[] ay = {r.deltaVars()[0], second.outVar()};
        int stage = relations.size();
        relations.add(r.label() + " stage 1");
        arities.add(2);
        out.add(new Rule(r.label() + " stage 1", r.delta(), stage, r.deltaVars(), List.of(second), List.of(), ay,
                new int[2]));
        out.add(new Rule(r.label() + " stage 2", stage, r.target(), ay, List.of(first), List.of(), r.headVars(),
                r.headConsts()));
    }

    /** Appends rule r's stages to {@code out} (and their relations); returns why it cannot be, or null. */
    private static String split(Rule r, List<String> relations, List<Integer> arities, List<Rule> out) {
        boolean[] bound = new boolean[FixpointProgram.MAX_VARS];
        for (int v : r.deltaVars()) {
            if (v >= 0) {
                bound[v] = true;
            }
        }
        List<Lookup> rest = new ArrayList<>(r.lookups());
        List<Test> tests = new ArrayList<>(r.tests());
        int delta = r.delta();
        int[] deltaVars = r.deltaVars();
        for (int stage = 0; ; stage++) {
            List<Lookup> now = new ArrayList<>();
            for (Lookup l : rest) {
                if (l.keyVar() == FixpointProgram.CONST || bound[l.keyVar()]) {
                    now.add(l);
                }
            }
            if (now.isEmpty()) {
                return r.label() + ": a lookup is keyed by a variable no earlier atom binds";
            }
            rest.removeAll(now);
            boolean[] after = bound.clone();
            for (Lookup l : now) {
                if (l.outVar() >= 0) {
                    after[l.outVar()] = true;
                }
            }
            List<Test> applied = new ArrayList<>();
            List<Test> later = new ArrayList<>();
            for (Test t : tests) {
                if (rest.isEmpty() || reads(t, after)) {
                    applied.add(new Test(t.kind(), reads(t, bound) ? 0 : 1, t.lhs(), t.lhsConst(), t.rhs(), t.rhsConst(),
                            t.members()));
                } else {
                    later.add(t);
                }
            }
            tests = later;
            if (rest.isEmpty()) {
                out.add(new Rule(r.label(), delta, r.target(), deltaVars, now, applied, r.headVars(), r.headConsts()));
                return null;
            }
            int[] live = live(r, rest, tests, after);
            if (live.length == 0 || live.length > 2) {
                return r.label() + ": " + live.length + " values pass from one lookup to the next (the GPU carries two)";
            }
            int stageRelation = relations.size();
            relations.add(r.label() + " stage " + (stage + 1));
            arities.add(live.length);
            out.add(new Rule(r.label() + " stage " + (stage + 1), delta, stageRelation, deltaVars, now, applied, live,
                    new int[live.length]));
            delta = stageRelation;
            deltaVars = live;
            bound = new boolean[FixpointProgram.MAX_VARS];
            for (int v : live) {
                bound[v] = true;
            }
        }
    }

    /** Whether the test's variable operands are all bound. */
    private static boolean reads(Test t, boolean[] bound) {
        return (t.lhs() < 0 || bound[t.lhs()]) && (t.rhs() < 0 || bound[t.rhs()]);
    }

    /** The bound variables that later lookups, tests or the head read, in order. */
    private static int[] live(Rule r, List<Lookup> rest, List<Test> tests, boolean[] bound) {
        boolean[] used = new boolean[FixpointProgram.MAX_VARS];
        for (Lookup l : rest) {
            if (l.keyVar() >= 0) {
                used[l.keyVar()] = true;
            }
        }
        for (Test t : tests) {
            if (t.lhs() >= 0) {
                used[t.lhs()] = true;
            }
            if (t.rhs() >= 0) {
                used[t.rhs()] = true;
            }
        }
        for (int v : r.headVars()) {
            if (v >= 0) {
                used[v] = true;
            }
        }
        int[] live = new int[FixpointProgram.MAX_VARS];
        int n = 0;
        for (int v = 0; v < used.length; v++) {
            if (used[v] && bound[v]) {
                live[n++] = v;
            }
        }
        return Arrays.copyOf(live, n);
    }
}
