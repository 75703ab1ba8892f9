package io.leapfrog.planner.sql;

import io.leapfrog.exec.join.JoinExecutor;
import io.leapfrog.exec.join.JoinQuery;

import java.util.function.Function;

/**
 * Where a SQL query's leapfrog joins run: the {@link JoinExecutor} (the CPU triejoin, or a device policy
 * such as the engine's GPU executor), the worker threads per join, and for EXPLAIN the line that says
 * where a join of the given shape (its query over empty inputs) will run.
 */
public record JoinPlacement(JoinExecutor executor, int threads, Function<JoinQuery, String> deviceLine) {

    public JoinPlacement {
        threads = Math.max(1, threads);
    }

    /** Every join on the CPU with {@code threads} workers. */
    public static JoinPlacement cpu(int threads) {
        return new JoinPlacement(JoinExecutor.cpu(), threads, shape -> "device: cpu-lftj");
    }
}
