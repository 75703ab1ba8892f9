package io.leapfrog.planner.order;

import io.leapfrog.planner.JoinProblem;

import java.util.Arrays;
import java.util.HashSet;
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
 * costs less to run than to improve).
 */
public final class SampledOrderSearch {

    /** An order must do less than this fraction of the best one's work to replace it. */
    static final double MARGIN = 0.85;

    /** Measures a join's work under a variable order, deterministically. */
    @FunctionalInterface
    public interface WorkMeter {
        /**
         * @return the estimated work; {@link Long#MAX_VALUE} once it is sure to exceed {@code limit};
         *         -1 when this order cannot be measured (e.g. it needs an index too large to build for a trial)
         */
        long work(int[] order, long limit);
    }

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
        if (startWork < minWork) {
            return new Result(start, startWork, start, startWork, measured);
        }
        int n = start.length;
        int[] best = start;
        long bestWork = startWork;
        Set<String> seen = new HashSet<>();
        seen.add(Arrays.toString(start));
        for (int level = 0; level < n - 1; level++) {
            int[] prefix = Arrays.copyOf(best, level + 1);
            for (int v : GreedyVariableOrder.nextCandidates(problem, Arrays.copyOf(best, level))) {
                if (v == best[level]) {
                    continue;
                }
                prefix[level] = v;
                int[] candidate = GreedyVariableOrder.complete(problem, prefix).order();
                if (!seen.add(Arrays.toString(candidate))) {
                    continue;
                }
                long toBeat = (long) (bestWork * MARGIN);
                long work = meter.work(candidate, toBeat);
                measured++;
                if (work >= 0 && work < toBeat) {
                    best = candidate;
                    bestWork = work;
                }
            }
        }
        return new Result(best, bestWork, start, startWork, measured);
    }
}
