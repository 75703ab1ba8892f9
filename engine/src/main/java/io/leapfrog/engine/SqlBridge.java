package io.leapfrog.engine;

import io.leapfrog.common.NotSupportedException;

/**
 * Hands SQL to the planner's SQL engine ({@code io.leapfrog.planner.sql.SqlEngine}) with a catalog
 * built from a {@link Database}. The SQL engine is being written in parallel; until it lands, SQL is
 * reported as not supported.
 */
final class SqlBridge {
    private SqlBridge() {
    }

    static SqlResult run(Database db, String sql) {
        throw new NotSupportedException("not supported: SQL queries in this build (the planner's SQL engine is not wired in yet)");
    }
}
