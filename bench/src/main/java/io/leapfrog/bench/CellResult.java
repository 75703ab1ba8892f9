package io.leapfrog.bench;

import java.util.OptionalLong;

/**
 * What the bench measured for one engine on one workload. {@code status} is "ok", "timeout", "not built"
 * or "error: ..."; {@code count} is -1 when no run finished. {@code wallSeconds} is the median whole run
 * (see {@link Measurement#wallSeconds()}), NaN where not measured. {@code edges} is the input's tuple count
 * (for edges per second). {@code disputed}: the engines that finished gave different counts and no count was
 * given by most of them, so none is taken as right.
 */
public record CellResult(BenchQuery query, String dataset, String engine, long count, OptionalLong expected,
                         Stats query_seconds, double loadSeconds, double wallSeconds, String status, long edges,
                         boolean disputed) {

    public CellResult(BenchQuery query, String dataset, String engine, long count, OptionalLong expected,
                      Stats query_seconds, double loadSeconds, String status, long edges) {
        this(query, dataset, engine, count, expected, query_seconds, loadSeconds, Double.NaN, status, edges, false);
    }

    /** The same cell checked against another exact count. */
    public CellResult withExpected(long exact) {
        return new CellResult(query, dataset, engine, count, OptionalLong.of(exact), query_seconds, loadSeconds,
                wallSeconds, status, edges, false);
    }

    /** The same cell, its count one of several that the engines disagree on without a majority. */
    public CellResult asDisputed() {
        return new CellResult(query, dataset, engine, count, OptionalLong.empty(), query_seconds, loadSeconds,
                wallSeconds, status, edges, true);
    }

    public boolean ok() {
        return "ok".equals(status);
    }

    /** "yes", "NO" (wrong or disputed), or "?" when no exact answer is known or nothing finished. */
    public String correct() {
        if (count >= 0 && disputed) {
            return "NO";
        }
        if (count < 0 || expected.isEmpty()) {
            return "?";
        }
        return count == expected.getAsLong() ? "yes" : "NO";
    }
}
