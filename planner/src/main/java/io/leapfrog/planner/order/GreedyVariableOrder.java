package io.leapfrog.planner.order;

import io.leapfrog.planner.JoinProblem;
import io.leapfrog.planner.JoinProblem.JoinAtom;
import io.leapfrog.planner.JoinProblem.JoinPredicate;

import java.util.List;

/**
 * Chooses a leapfrog variable order from relation statistics, greedily.
 *
 * <p>Each step binds the candidate variable with the smallest estimated number of extensions per
 * partial binding (ties: more atoms containing it, then the lower variable number, so the result is
 * deterministic). Candidates are the variables connected (through an atom or a predicate) to those
 * already bound; only when none is connected does a new component start. An ASSIGNMENT's defined
 * variable becomes a candidate only once all of its inputs are bound, and then costs nothing to bind.
 *
 * <p>The estimate for binding {@code v} after the bound set {@code B}: each atom {@code a} containing
 * {@code v} offers {@code ext_a = d_a(B_a + v) / d_a(B_a)} values per prefix, where {@code d_a(S)} is the
 * atom's estimated number of distinct projections on {@code S} (its cardinality when S covers the atom,
 * otherwise the product of the columns' distinct counts capped by the cardinality). The intersection of
 * independent subsets of a domain of size {@code D = max distinct(v)} is {@code D * prod(ext_a / D)},
 * never more than {@code min ext_a}. Predicates that become fully bound multiply by their selectivity,
 * so a variable that lets {@code x < y} fire is preferred over an otherwise equal one.
 */
public final class GreedyVariableOrder {

    /** Selectivity assumed for a comparison or negation whose statistics are unknown. */
    static final double PREDICATE_SELECTIVITY = 0.5;

    /** The chosen order and the estimated number of partial bindings after each level. */
    public record Ordering(int[] order, double[] estimatedRows) { }

    private GreedyVariableOrder() { }

    public static Ordering choose(JoinProblem problem) {
        return complete(problem, new int[0]);
    }

    /** The greedy order that starts with {@code prefix} (which must be a valid start of an order). */
    public static Ordering complete(JoinProblem problem, int[] prefix) {
        int n = problem.variables().size();
        List<JoinAtom> atoms = problem.atoms();
        List<JoinPredicate> predicates = problem.predicates();
        boolean[] inAtom = new boolean[n];
        for (JoinAtom a : atoms) {
            for (int v : a.vars()) {
                inAtom[v] = true;
            }
        }
        int[] definedBy = definitions(problem); // index of the ASSIGNMENT defining v, or -1
        boolean[] bound = new boolean[n];
        boolean[] predicateFired = new boolean[predicates.size()];
        int[] order = new int[n];
        double[] rows = new double[n];
        double current = 1.0;
        for (int level = 0; level < n; level++) {
            int best = -1;
            double bestScore = Double.POSITIVE_INFINITY;
            int bestAtoms = -1;
            int[] candidates = level >= prefix.length ? candidates(problem, definedBy, bound, level > 0)
                    : !bound[prefix[level]] && available(prefix[level], definedBy, predicates, bound)
                    ? new int[]{prefix[level]} : new int[0];
            for (int v : candidates) { // ascending: on a tie the lower variable number stays
                double score = extension(v, atoms, bound, definedBy[v] >= 0, inAtom[v])
                        * firingSelectivity(v, predicates, predicateFired, bound);
                int atomCount = atomsContaining(v, atoms);
                if (best < 0 || score < bestScore || (score == bestScore && atomCount > bestAtoms)) {
                    best = v;
                    bestScore = score;
                    bestAtoms = atomCount;
                }
            }
            if (best < 0) {
                // Only variables whose assignment inputs can never be bound (a cyclic definition) remain:
                // take the lowest so the order stays a permutation; the engine will reject the rule.
                for (int v = 0; v < n && best < 0; v++) {
                    if (!bound[v]) {
                        best = v;
                        bestScore = 1.0;
                    }
                }
            }
            bound[best] = true;
            markFired(predicates, predicateFired, bound);
            order[level] = best;
            current *= bestScore;
            rows[level] = current;
        }
        return new Ordering(order, rows);
    }

    /**
     * The variables the greedy search would consider binding after {@code prefix}: those whose
     * assignment inputs are bound and, after the first level, connected to the bound ones (all
     * available ones when none is connected).
     */
    public static int[] nextCandidates(JoinProblem problem, int[] prefix) {
        boolean[] bound = new boolean[problem.variables().size()];
        for (int v : prefix) {
            bound[v] = true;
        }
        return candidates(problem, definitions(problem), bound, prefix.length > 0);
    }

    /** The unbound variables available now, only those connected to the bound ones when there are any. */
    private static int[] candidates(JoinProblem problem, int[] definedBy, boolean[] bound, boolean preferConnected) {
        int n = bound.length;
        List<JoinPredicate> predicates = problem.predicates();
        int[] connected = new int[n];
        int[] available = new int[n];
        int c = 0;
        int a = 0;
        for (int v = 0; v < n; v++) {
            if (bound[v] || !available(v, definedBy, predicates, bound)) {
                continue;
            }
            available[a++] = v;
            if (preferConnected && isConnected(v, problem.atoms(), predicates, bound)) {
                connected[c++] = v;
            }
        }
        return c > 0 ? java.util.Arrays.copyOf(connected, c) : java.util.Arrays.copyOf(available, a);
    }

    private static int[] definitions(JoinProblem problem) {
        int n = problem.variables().size();
        int[] definedBy = new int[n];
        java.util.Arrays.fill(definedBy, -1);
        List<JoinPredicate> predicates = problem.predicates();
        for (int p = 0; p < predicates.size(); p++) {
            JoinPredicate pr = predicates.get(p);
            if (pr.kind() == JoinPredicate.Kind.ASSIGNMENT && pr.defines() >= 0 && pr.defines() < n
                    && definedBy[pr.defines()] < 0) {
                definedBy[pr.defines()] = p;
            }
        }
        return definedBy;
    }

    /** An assignment-defined variable can be bound only after all its inputs are. */
    private static boolean available(int v, int[] definedBy, List<JoinPredicate> predicates, boolean[] bound) {
        if (definedBy[v] < 0) {
            return true;
        }
        for (int in : predicates.get(definedBy[v]).vars()) {
            if (in != v && !bound[in]) {
                return false;
            }
        }
        return true;
    }

    private static boolean isConnected(int v, List<JoinAtom> atoms, List<JoinPredicate> predicates, boolean[] bound) {
        for (JoinAtom a : atoms) {
            if (a.vars().contains(v)) {
                for (int u : a.vars()) {
                    if (bound[u]) {
                        return true;
                    }
                }
            }
        }
        for (JoinPredicate p : predicates) {
            if (p.kind() == JoinPredicate.Kind.ASSIGNMENT && p.defines() == v) {
                return true;
            }
        }
        return false;
    }

    private static int atomsContaining(int v, List<JoinAtom> atoms) {
        int c = 0;
        for (JoinAtom a : atoms) {
            if (a.vars().contains(v)) {
                c++;
            }
        }
        return c;
    }

    /** Estimated values of {@code v} per partial binding of the bound variables. */
    static double extension(int v, List<JoinAtom> atoms, boolean[] bound, boolean assigned, boolean inAtom) {
        if (!inAtom) {
            return 1.0; // computed from earlier variables (or free: the engine rejects that)
        }
        double domain = 1.0;
        double minExt = Double.POSITIVE_INFINITY;
        double product = 1.0;
        int k = 0;
        for (JoinAtom a : atoms) {
            int col = a.vars().indexOf(v);
            if (col < 0) {
                continue;
            }
            double before = projections(a, bound, -1);
            double after = projections(a, bound, col);
            double ext = before <= 0 ? 0.0 : after / before;
            domain = Math.max(domain, distinct(a, col));
            minExt = Math.min(minExt, ext);
            product *= ext;
            k++;
        }
        double independent = k == 0 ? 1.0 : domain * product / Math.pow(domain, k);
        double est = Math.min(minExt, independent);
        if (assigned) {
            // The value is computed; atoms only test membership: at most one value.
            est = Math.min(1.0, est);
        }
        return est;
    }

    /** Distinct projections of atom {@code a} on its bound columns plus column {@code extra} (-1: none). */
    private static double projections(JoinAtom a, boolean[] bound, int extra) {
        double product = 1.0;
        int used = 0;
        for (int c = 0; c < a.vars().size(); c++) {
            if (c == extra || bound[a.vars().get(c)]) {
                product *= distinct(a, c);
                used++;
            }
        }
        if (used == 0) {
            return 1.0;
        }
        return Math.min(product, (double) a.cardinality());
    }

    private static double distinct(JoinAtom a, int col) {
        long[] d = a.distinct();
        if (d == null || col >= d.length || d[col] <= 0) {
            return (double) a.cardinality(); // unknown: assume every value distinct
        }
        return (double) d[col];
    }

    /** Product of the selectivities of the not yet fired filtering predicates that binding v completes. */
    private static double firingSelectivity(int v, List<JoinPredicate> predicates, boolean[] fired, boolean[] bound) {
        double s = 1.0;
        for (int p = 0; p < predicates.size(); p++) {
            JoinPredicate pr = predicates.get(p);
            if (fired[p] || pr.kind() == JoinPredicate.Kind.ASSIGNMENT || !pr.vars().contains(v)) {
                continue;
            }
            boolean all = true;
            for (int u : pr.vars()) {
                if (u != v && !bound[u]) {
                    all = false;
                    break;
                }
            }
            if (all) {
                s *= PREDICATE_SELECTIVITY;
            }
        }
        return s;
    }

    private static void markFired(List<JoinPredicate> predicates, boolean[] fired, boolean[] bound) {
        for (int p = 0; p < predicates.size(); p++) {
            if (fired[p]) {
                continue;
            }
            boolean all = true;
            for (int u : predicates.get(p).vars()) {
                if (!bound[u]) {
                    all = false;
                    break;
                }
            }
            fired[p] = all;
        }
    }
}
