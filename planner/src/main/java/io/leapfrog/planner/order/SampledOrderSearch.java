package io.leapfrog.planner.order;

import io.leapfrog.planner.JoinProblem;
import io.leapfrog.planner.WorkMeter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Improves a variable order by measuring orders on the data, for what statistics cannot see: which
 * lists each level intersects and how skewed they are. (On oregon1_010331 the statistics' best 4-clique
 * order does twice the work of the best one, and a cost model over the same statistics agrees with it.)
 *
 * <p>A local search over prefixes: for each level in turn, every other variable that may be bound
 * there after the current best order's prefix, completed greedily ({@link GreedyVariableOrder#complete}),
 * is measured with the {@link WorkMeter}; an order replaces the best one only when it does clearly less
 * work ({@link #MARGIN}: the sampled estimates are within about 15% of the truth). Each measurement is
 * capped at the work to beat, so a bad order costs little. At most about n^2/2 orders are measured for
 * n variables, and none when the starting order's work is below {@code minWork} (a join that small
 * costs less to run than to improve). A start that cannot be measured (it needs a reordered index of
 * a relation too large to sort for a trial) does not end the search: any measured order replaces it,
 * since the join under it then reads indexes that exist or cost one pass to build, and its work is
 * known (otherwise a graph of 16 million edges would have its clique count unmeasured). A join of up to {@link #EXHAUSTIVE_VARIABLES} variables has few
 * enough orders (24 for four) that every legal one is measured instead: the local search can miss the
 * best one when it is reached only through a worse prefix (ca-GrQc's 4-cliques: its two best orders
 * bind the two largest ids first, which no single change of the statistics' order reaches).
 */
public final class SampledOrderSearch {

    /** An order must do less than this fraction of the best one's work to replace it. */
    static final double MARGIN = 0.85;

    /** Up to this many variables, every legal order is measured. */
    static final int EXHAUSTIVE_VARIABLES = 4;

    /** The chosen order, its measured work, the starting order's, and how many orders were measured. */
    public record Result(int[] order, long work, int[] startOrder, long startWork, int measured) {
        public boolean changed() {
            return !Arrays.equals(order, startOrder);
        }

        /** Whether any alternative was measured at all (the start was large enough to search). */
        public boolean searched() {
            return measured > 1;
        }
    }

    private SampledOrderSearch() { }

    public static Result search(JoinProblem problem, int[] start, WorkMeter meter, long minWork) {
        long startWork = meter.work(start, Long.MAX_VALUE);
        int measured = 1;
        if (startWork >= 0 && startWork < minWork) {
            return new Result(start, startWork, start, startWork, measured);
        }
        int n = start.length;
        Search state = new Search(start, startWork);
        if (n <= EXHAUSTIVE_VARIABLES) {
            for (int[] order : legalOrders(problem)) {
                state.consider(order, meter);
            }
            return new Result(state.best, state.bestWork, start, startWork, state.measured);
        }
        for (int level = 0; level < n - 1; level++) {
            int[] prefix = Arrays.copyOf(state.best, level + 1);
            for (int v : GreedyVariableOrder.nextCandidates(problem, Arrays.copyOf(state.best, level))) {
                if (v == state.best[level]) {
                    continue;
                }
                prefix[level] = v;
                state.consider(GreedyVariableOrder.complete(problem, prefix).order(), meter);
            }
        }
        return new Result(state.best, state.bestWork, start, startWork, state.measured);
    }

    /** The best order so far, and the orders measured. */
    private static final class Search {
        private final int[] start;
        int[] best;
        long bestWork;
        int measured = 1;
        private final Set<String> seen = new HashSet<>();

        Search(int[] start, long startWork) {
            this.start = start;
            best = start;
            bestWork = startWork;
            seen.add(Arrays.toString(start));
        }

        /**
         * Measures an order not seen yet, capped at what it must beat: clearly less than the start
         * ({@link #MARGIN}), and then less than the best replacement so far; anything, while no order
         * has been measured.
         */
        void consider(int[] candidate, WorkMeter meter) {
            if (!seen.add(Arrays.toString(candidate))) {
                return;
            }
            long toBeat = bestWork < 0 ? Long.MAX_VALUE : best == start ? (long) (bestWork * MARGIN) : bestWork;
            long work = meter.work(candidate, toBeat);
            measured++;
            if (work >= 0 && work < toBeat) {
                best = candidate;
                bestWork = work;
            }
        }
    }

    /** Every order the greedy search could take: each level binds one of {@link GreedyVariableOrder#nextCandidates}. */
    static List<int[]> legalOrders(JoinProblem problem) {
        List<int[]> out = new ArrayList<>();
        extend(problem, new int[0], out);
        return out;
    }

    private static void extend(JoinProblem problem, int[] prefix, List<int[]> out) {
        if (prefix.length == problem.variables().size()) {
            out.add(prefix);
            return;
        }
        for (int v : GreedyVariableOrder.nextCandidates(problem, prefix)) {
            int[] longer = Arrays.copyOf(prefix, prefix.length + 1);
            longer[prefix.length] = v;
            extend(problem, longer, out);
        }
    }
}
