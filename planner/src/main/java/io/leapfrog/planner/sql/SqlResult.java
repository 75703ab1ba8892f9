package io.leapfrog.planner.sql;

import java.util.List;

/**
 * A SQL query's answer: column names, rows (each value a {@link Long}, {@link Double}, {@link String},
 * {@link Boolean} or null), and the plan that produced them.
 */
public record SqlResult(List<String> columns, List<Object[]> rows, List<String> explainLines) {
    public SqlResult {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        explainLines = List.copyOf(explainLines);
    }

    /** The plan as text, one operator per line. */
    public String explain() {
        return String.join("\n", explainLines);
    }
}
