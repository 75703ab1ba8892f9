package io.leapfrog.bench;

import java.util.OptionalLong;

/**
 * What the bench measured for one engine on one workload. {@code status} is "ok", "timeout" or
 * "error: ..."; {@code count} is -1 when no run finished. {@code edges} is the graph's edge count (for
 * edges per second).
 */
public record CellResult(BenchQuery query, String dataset, String engine, long count, OptionalLong expected,
                         Stats query_seconds, double loadSeconds, String status, long edges) {

    /** The same cell checked against another exact count. */
    public CellResult withExpected(long exact) {
        return new CellResult(query, dataset, engine, count, OptionalLong.of(exact), query_seconds, loadSeconds, status, edges);
    }

    public boolean ok() {
        return "ok".equals(status);
    }

    /** "yes", "NO", or "?" when no exact answer is known or nothing finished. */
    public String correct() {
        if (count < 0 || expected.isEmpty()) {
            return "?";
        }
        return count == expected.getAsLong() ? "yes" : "NO";
    }
}
