package io.leapfrog.planner.sql;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The answer to a SQL query: column names; their SQL types (Calcite's type names: INTEGER, BIGINT,
 * DOUBLE, DECIMAL, VARCHAR, BOOLEAN, DATE, ...); rows of values ({@link Integer}, {@link Long}, {@link Double},
 * {@link java.math.BigDecimal}, {@link String}, {@link Boolean}, {@link java.time.LocalDate},
 * {@link java.time.LocalTime}, {@link java.time.LocalDateTime}, {@link java.time.Period},
 * {@link Duration}, or null for NULL), also as text ({@link #rows()}); the plan that produced them, one
 * operator per line; where its joins ran (one line per decision, as a Datalog run reports them; empty
 * when the caller does not track devices); and the time it took.
 */
public record SqlResult(List<String> columns, List<String> columnTypes, List<List<Object>> values, List<String> explainLines,
                        List<String> deviceLines, Duration time) {
    public SqlResult {
        columns = List.copyOf(columns);
        columnTypes = List.copyOf(columnTypes);
        List<List<Object>> copied = new ArrayList<>(values.size());
        for (List<Object> row : values) {
            copied.add(Collections.unmodifiableList(Arrays.asList(row.toArray())));   // values may be null
        }
        values = Collections.unmodifiableList(copied);
        explainLines = List.copyOf(explainLines);
        deviceLines = List.copyOf(deviceLines);
    }

    /** The rows with each value as text: NULL, numbers in decimal, symbols as their strings, dates as 2024-02-01. */
    public List<List<String>> rows() {
        List<List<String>> out = new ArrayList<>(values.size());
        for (List<Object> row : values) {
            List<String> text = new ArrayList<>(row.size());
            for (Object v : row) {
                text.add(SqlValues.text(v));
            }
            out.add(Collections.unmodifiableList(text));
        }
        return Collections.unmodifiableList(out);
    }

    /** The plan as text, one operator per line. */
    public String explain() {
        return String.join("\n", explainLines);
    }
}
