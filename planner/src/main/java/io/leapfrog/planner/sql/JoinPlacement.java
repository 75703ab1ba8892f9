package io.leapfrog.planner.sql;

import io.leapfrog.exec.join.JoinExecutor;

import java.util.function.Function;

/**
 * Where a SQL query's leapfrog joins run: the {@link JoinExecutor} (the CPU triejoin, or a device policy
 * such as the engine's GPU executor), the worker threads per join, and for EXPLAIN the line that says
 * where a join will run, given why the GPU cannot take it (null when it may).
 */
public record JoinPlacement(JoinExecutor executor, int threads, Function<String, String> deviceLine) {

    public JoinPlacement {
        threads = Math.max(1, threads);
    }

    /** Every join on the CPU with {@code threads} workers. */
    public static JoinPlacement cpu(int threads) {
        return new JoinPlacement(JoinExecutor.cpu(), threads, inelig -> "device: cpu-lftj");
    }
}
