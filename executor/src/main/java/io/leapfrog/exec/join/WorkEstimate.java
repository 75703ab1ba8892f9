package io.leapfrog.exec.join;

/**
 * A deterministic estimate of how much work a join does under its variable order, measured on the
 * actual data from a sample, so that orders the statistics cannot tell apart can be compared.
 *
 * <p>Cost model: each level visit costs one plus its number of participants times the shortest
 * participant range (what the visit's leapfrog walks at most, up to the gallops).
 *
 * <p>Sampling: level 0 runs whole. At level 1 the worker does not leapfrog the whole range: it takes
 * every {@code stride}-th value of the shortest participant range (counted across all level-0
 * bindings, so a short range is sampled too, in turn), checks it against the other participants, and
 * goes deeper from those that match; the work below level 1 is scaled by the stride. The sample is thus
 * uniform over the (level-0 binding, level-1 candidate) pairs, typically the edges of a graph, whose
 * costs are far more even than those of the level-0 values alone (a few hubs of a skewed graph carry
 * most of the work, and a sample of the first level catches them or not). The same data and order
 * always give the same estimate.
 */
final class WorkEstimate {
    final int stride;
    /** Only count the level-1 candidates (to size a sample), going no deeper. */
    final boolean candidatesOnly;
    private final double limit;
    /** Level-1 candidates seen so far, for picking every stride-th across bindings. */
    private long candidates;
    private double work;
    private boolean exceeded;

    WorkEstimate(int stride, double limit) {
        this(stride, limit, false);
    }

    private WorkEstimate(int stride, double limit, boolean candidatesOnly) {
        this.stride = Math.max(1, stride);
        this.limit = limit;
        this.candidatesOnly = candidatesOnly;
    }

    /** An estimate that only counts level 1's candidates ({@link #candidates()}). */
    static WorkEstimate candidateCount() {
        return new WorkEstimate(1, Double.POSITIVE_INFINITY, true);
    }

    /**
     * Accounts for one visit of {@code level} with {@code participants} ranges, the shortest
     * {@code shortest} long; returns false when the estimate has passed its limit (stop everything).
     */
    boolean visit(int level, int participants, int shortest) {
        if (exceeded) {
            return false;
        }
        double cost = 1.0 + (double) participants * shortest;
        work += level >= 2 ? cost * stride : cost;
        if (work > limit) {
            exceeded = true;
            return false;
        }
        return true;
    }

    /** Index of the first sampled candidate in a level-1 range of {@code length}, counting it as seen. */
    int firstSampled(int length) {
        int first = (int) ((stride - candidates % stride) % stride);
        candidates += length;
        return first;
    }

    /** Level-1 candidates seen: the sum of the shortest range lengths over level 1's visits. */
    long candidates() {
        return candidates;
    }

    /** The estimate, or {@link Long#MAX_VALUE} when it passed the limit. */
    long result() {
        return exceeded ? Long.MAX_VALUE : (long) Math.min(Long.MAX_VALUE / 2.0, work);
    }
}
