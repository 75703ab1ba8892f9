package io.leapfrog.engine;

import java.time.Duration;
import java.util.List;

/**
 * The answer to a REPL-style query {@link Engine#query} such as {@code path(1, x), x > 3}: the named
 * variables of the query in order of first appearance, and one row per distinct binding of them, each
 * value rendered as text, sorted. A query without named variables has zero columns and one empty row
 * when it holds, none when it does not ({@link #holds()}).
 */
public record QueryResult(List<String> variables, List<List<String>> rows, Duration time) {
    public QueryResult {
        variables = List.copyOf(variables);
        rows = List.copyOf(rows);
    }

    public boolean holds() {
        return !rows.isEmpty();
    }
}
