package io.leapfrog.engine;

import java.time.Duration;
import java.util.List;

/**
 * The answer to {@link Engine#sql}: column names and rows, each value already rendered as text
 * (numbers in decimal, symbols as their strings), plus the plan that produced it.
 */
public record SqlResult(List<String> columns, List<List<String>> rows, List<String> explainLines, Duration time) {
    public SqlResult {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        explainLines = List.copyOf(explainLines);
    }
}
