package io.leapfrog.planner.sql;

import io.leapfrog.common.NotSupportedException;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The running state of one SQL aggregate (COUNT, SUM, $SUM0, MIN, MAX, AVG) over the non-NULL values
 * given to it: GROUP BY aggregates and window frames both use it.
 */
final class AggregateState {
    private final SqlKind kind;
    private final SqlTypeName resultType;
    private long count;
    private Object value;
    private double sum;

    /** @param resultType the call's SQL result type (AVG of an integer type is an integer) */
    AggregateState(SqlKind kind, String name, SqlTypeName resultType) {
        switch (kind) {
            case COUNT, SUM, SUM0, MIN, MAX, AVG -> { }
            default -> throw new NotSupportedException("not supported: aggregate " + name + " in SQL");
        }
        this.kind = kind;
        this.resultType = resultType;
    }

    /** Adds a value (COUNT(*) passes any non-null value per row). */
    void add(Object v) {
        count++;
        switch (kind) {
            case SUM, SUM0 -> value = value == null ? v : plus(value, v);
            case AVG -> sum += ((Number) v).doubleValue();
            case MIN -> value = value == null || RexEvaluator.compare(v, value) < 0 ? v : value;
            case MAX -> value = value == null || RexEvaluator.compare(v, value) > 0 ? v : value;
            default -> { }
        }
    }

    private static Object plus(Object a, Object b) {
        if (a instanceof Long x && b instanceof Long y) {
            return x + y;
        }
        return ((Number) a).doubleValue() + ((Number) b).doubleValue();
    }

    Object result() {
        return switch (kind) {
            case COUNT -> count;
            case SUM0 -> value == null ? (Object) 0L : value;
            case AVG -> {
                if (count == 0) {
                    yield null;
                }
                double avg = sum / count;
                // Calcite types AVG over an integer column as an integer (truncated), as the standard does
                yield SqlTypeName.INT_TYPES.contains(resultType) ? (Object) (long) avg : (Object) avg;
            }
            default -> value;
        };
    }
}
