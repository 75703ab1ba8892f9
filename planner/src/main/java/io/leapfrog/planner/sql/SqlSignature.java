package io.leapfrog.planner.sql;

import java.util.List;

/**
 * What a SQL query returns and takes, known before it runs: its columns' names and SQL types (Calcite's
 * type names, as {@link SqlResult#columnTypes()}) and its {@code ?} parameters' SQL types, in order.
 */
public record SqlSignature(List<String> columns, List<String> columnTypes, List<String> parameterTypes) {
    public SqlSignature {
        columns = List.copyOf(columns);
        columnTypes = List.copyOf(columnTypes);
        parameterTypes = List.copyOf(parameterTypes);
    }
}
