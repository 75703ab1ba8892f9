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
        Incidence incidence = new Incidence(problem);
        Bindings bindings = new Bindings(incidence);
        boolean[] predicateFired = new boolean[predicates.size()];
        int[] order = new int[n];
        double[] rows = new double[n];
        double current = 1.0;
        for (int level = 0; level < n; level++) {
            int best = -1;
            double bestScore = Double.POSITIVE_INFINITY;
            int bestAtoms = -1;
            int[] candidates = level >= prefix.length ? bindings.candidates(level > 0)
                    : !bindings.bound[prefix[level]] && bindings.available(prefix[level])
                    ? new int[]{prefix[level]} : new int[0];
            for (int v : candidates) { // ascending: on a tie the lower variable number stays
                double score = extension(v, incidence, bindings.bound)
                        * firingSelectivity(v, incidence, predicates, predicateFired, bindings.bound);
                int atomCount = incidence.atomsOf[v].length;
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
                    if (!bindings.bound[v]) {
                        best = v;
                        bestScore = 1.0;
                    }
                }
            }
            bindings.bind(best);
            markFired(best, incidence, predicates, predicateFired, bindings.bound);
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
        Bindings bindings = new Bindings(new Incidence(problem));
        for (int v : prefix) {
            bindings.bind(v);
        }
        return bindings.candidates(prefix.length > 0);
    }

    /**
     * Which atoms and predicates mention each variable, so that each greedy step costs the size of the
     * variables' neighbourhoods rather than of the whole body (a body of a thousand atoms plans in
     * milliseconds).
     */
    private static final class Incidence {
        final List<JoinAtom> atoms;
        /** atomsOf[v][i]: an atom containing v (each atom once, in body order); columnOf[v][i]: v's first column there. */
        final int[][] atomsOf;
        final int[][] columnOf;
        /** The predicates whose variables include v (each once). */
        final int[][] predicatesOf;
        /** Index of the ASSIGNMENT defining v, or -1. */
        final int[] definedBy;
        final boolean[] inAtom;

        Incidence(JoinProblem problem) {
            int n = problem.variables().size();
            atoms = problem.atoms();
            List<JoinPredicate> predicates = problem.predicates();
            int[][] atomLists = new int[n][];
            int[][] columnLists = new int[n][];
            int[] atomCounts = new int[n];
            int[] lastAtom = new int[n];
            java.util.Arrays.fill(lastAtom, -1);
            for (int a = 0; a < atoms.size(); a++) {
                for (int v : atoms.get(a).vars()) {
                    if (lastAtom[v] != a) {
                        lastAtom[v] = a;
                        atomCounts[v]++;
                    }
                }
            }
            for (int v = 0; v < n; v++) {
                atomLists[v] = new int[atomCounts[v]];
                columnLists[v] = new int[atomCounts[v]];
                atomCounts[v] = 0;
            }
            java.util.Arrays.fill(lastAtom, -1);
            for (int a = 0; a < atoms.size(); a++) {
                List<Integer> vars = atoms.get(a).vars();
                for (int c = 0; c < vars.size(); c++) {
                    int v = vars.get(c);
                    if (lastAtom[v] != a) {
                        lastAtom[v] = a;
                        atomLists[v][atomCounts[v]] = a;
                        columnLists[v][atomCounts[v]++] = c;
                    }
                }
            }
            atomsOf = atomLists;
            columnOf = columnLists;
            inAtom = new boolean[n];
            for (int v = 0; v < n; v++) {
                inAtom[v] = atomsOf[v].length > 0;
            }
            int[] predicateCounts = new int[n];
            int[] lastPredicate = new int[n];
            java.util.Arrays.fill(lastPredicate, -1);
            for (int p = 0; p < predicates.size(); p++) {
                for (int v : predicates.get(p).vars()) {
                    if (v >= 0 && v < n && lastPredicate[v] != p) {
                        lastPredicate[v] = p;
                        predicateCounts[v]++;
                    }
                }
            }
            predicatesOf = new int[n][];
            for (int v = 0; v < n; v++) {
                predicatesOf[v] = new int[predicateCounts[v]];
                predicateCounts[v] = 0;
            }
            java.util.Arrays.fill(lastPredicate, -1);
            for (int p = 0; p < predicates.size(); p++) {
                for (int v : predicates.get(p).vars()) {
                    if (v >= 0 && v < n && lastPredicate[v] != p) {
                        lastPredicate[v] = p;
                        predicatesOf[v][predicateCounts[v]++] = p;
                    }
                }
            }
            definedBy = new int[n];
            java.util.Arrays.fill(definedBy, -1);
            for (int p = 0; p < predicates.size(); p++) {
                JoinPredicate pr = predicates.get(p);
                if (pr.kind() == JoinPredicate.Kind.ASSIGNMENT && pr.defines() >= 0 && pr.defines() < n
                        && definedBy[pr.defines()] < 0) {
                    definedBy[pr.defines()] = p;
                }
            }
            inputsOf = new int[n][];
            for (int v = 0; v < n; v++) {
                inputsOf[v] = definedBy[v] < 0 ? new int[0]
                        : predicates.get(definedBy[v]).vars().stream().mapToInt(Integer::intValue).toArray();
            }
        }

        /** The inputs of the assignment defining v (empty when none defines it). */
        final int[][] inputsOf;
    }

    /** The bound variables, and which unbound ones share an atom with a bound one. */
    private static final class Bindings {
        final Incidence incidence;
        final boolean[] bound;
        final boolean[] touched;

        Bindings(Incidence incidence) {
            this.incidence = incidence;
            this.bound = new boolean[incidence.definedBy.length];
            this.touched = new boolean[bound.length];
        }

        void bind(int v) {
            bound[v] = true;
            for (int a : incidence.atomsOf[v]) {
                for (int u : incidence.atoms.get(a).vars()) {
                    touched[u] = true;
                }
            }
        }

        /** An assignment-defined variable can be bound only after all its inputs are. */
        boolean available(int v) {
            for (int in : incidence.inputsOf[v]) {
                if (in != v && !bound[in]) {
                    return false;
                }
            }
            return true;
        }

        /** The unbound variables available now, only those connected to the bound ones when there are any. */
        int[] candidates(boolean preferConnected) {
            int n = bound.length;
            int[] connected = new int[n];
            int[] available = new int[n];
            int c = 0;
            int a = 0;
            for (int v = 0; v < n; v++) {
                if (bound[v] || !available(v)) {
                    continue;
                }
                available[a++] = v;
                if (preferConnected && (touched[v] || incidence.definedBy[v] >= 0)) {
                    connected[c++] = v;
                }
            }
            return c > 0 ? java.util.Arrays.copyOf(connected, c) : java.util.Arrays.copyOf(available, a);
        }
    }

    /** Estimated values of {@code v} per partial binding of the bound variables. */
    private static double extension(int v, Incidence incidence, boolean[] bound) {
        if (!incidence.inAtom[v]) {
            return 1.0; // computed from earlier variables (or free: the engine rejects that)
        }
        double domain = 1.0;
        double minExt = Double.POSITIVE_INFINITY;
        double product = 1.0;
        int k = 0;
        int[] atomsOfV = incidence.atomsOf[v];
        for (int i = 0; i < atomsOfV.length; i++) {
            JoinAtom a = incidence.atoms.get(atomsOfV[i]);
            int col = incidence.columnOf[v][i];
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
        if (incidence.definedBy[v] >= 0) {
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
    private static double firingSelectivity(int v, Incidence incidence, List<JoinPredicate> predicates,
            boolean[] fired, boolean[] bound) {
        double s = 1.0;
        for (int p : incidence.predicatesOf[v]) {
            JoinPredicate pr = predicates.get(p);
            if (fired[p] || pr.kind() == JoinPredicate.Kind.ASSIGNMENT) {
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

    /** Marks the predicates that binding {@code v} completes (a predicate over no variable never fires here). */
    private static void markFired(int v, Incidence incidence, List<JoinPredicate> predicates, boolean[] fired,
            boolean[] bound) {
        for (int p : incidence.predicatesOf[v]) {
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
