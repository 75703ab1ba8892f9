package io.leapfrog.planner.sql;

import org.apache.calcite.sql.type.SqlTypeName;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * A result value as the answer holds it, from the form Calcite's generated code computes with (a DATE
 * is its day number, a TIMESTAMP its milliseconds, ...), and its text as SQL shells print it.
 */
final class SqlValues {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");
    private static final DateTimeFormatter TIME_MILLIS = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");

    private SqlValues() { }

    /** The Java value of {@code v}, a value of SQL type {@code type} as Calcite's code represents it. */
    static Object external(Object v, SqlTypeName type) {
        if (v == null) {
            return null;
        }
        return switch (type) {
            case DATE -> LocalDate.ofEpochDay(((Number) v).longValue());
            case TIME, TIME_WITH_LOCAL_TIME_ZONE -> LocalTime.ofNanoOfDay(((Number) v).longValue() * 1_000_000L);
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> {
                long ms = ((Number) v).longValue();
                yield LocalDateTime.ofEpochSecond(Math.floorDiv(ms, 1000L), (int) Math.floorMod(ms, 1000L) * 1_000_000,
                        ZoneOffset.UTC);
            }
            case INTERVAL_YEAR, INTERVAL_YEAR_MONTH, INTERVAL_MONTH -> Period.ofMonths(((Number) v).intValue()).normalized();
            case INTERVAL_DAY, INTERVAL_DAY_HOUR, INTERVAL_DAY_MINUTE, INTERVAL_DAY_SECOND, INTERVAL_HOUR,
                 INTERVAL_HOUR_MINUTE, INTERVAL_HOUR_SECOND, INTERVAL_MINUTE, INTERVAL_MINUTE_SECOND, INTERVAL_SECOND ->
                    Duration.ofMillis(((Number) v).longValue());
            default -> v;
        };
    }

    /** A value as text: NULL, numbers in decimal, dates and times as SQL writes them (2024-02-01 10:00:00). */
    static String text(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (v instanceof LocalDateTime t) {
            return t.toLocalDate() + " " + time(t.toLocalTime());
        }
        if (v instanceof LocalTime t) {
            return time(t);
        }
        return v.toString();
    }

    private static String time(LocalTime t) {
        return (t.getNano() == 0 ? TIME : TIME_MILLIS).format(t);
    }
}
