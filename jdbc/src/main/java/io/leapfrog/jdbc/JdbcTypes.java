package io.leapfrog.jdbc;

import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.avatica.ColumnMetaData;

import java.math.BigDecimal;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * How a SQL type of the engine's answers (Calcite's type name, {@code SqlResult.columnTypes()}) appears
 * through JDBC: its {@link Types} code, the Java class a {@code ResultSet} hands out, and each value
 * converted to that class (dates, times and timestamps to {@code java.sql}'s; NULL stays null).
 */
final class JdbcTypes {
    private JdbcTypes() {
    }

    /** One SQL type as JDBC sees it. */
    record Mapping(int jdbcType, String typeName, ColumnMetaData.Rep rep, Class<?> javaClass, boolean signed) {
    }

    static Mapping of(String calciteType) {
        return switch (calciteType) {
            case "TINYINT" -> new Mapping(Types.TINYINT, calciteType, ColumnMetaData.Rep.BYTE, Byte.class, true);
            case "SMALLINT" -> new Mapping(Types.SMALLINT, calciteType, ColumnMetaData.Rep.SHORT, Short.class, true);
            case "INTEGER" -> new Mapping(Types.INTEGER, calciteType, ColumnMetaData.Rep.INTEGER, Integer.class, true);
            case "BIGINT" -> new Mapping(Types.BIGINT, calciteType, ColumnMetaData.Rep.LONG, Long.class, true);
            case "REAL" -> new Mapping(Types.REAL, calciteType, ColumnMetaData.Rep.FLOAT, Float.class, true);
            case "FLOAT", "DOUBLE" -> new Mapping(Types.DOUBLE, "DOUBLE", ColumnMetaData.Rep.DOUBLE, Double.class, true);
            case "DECIMAL" -> new Mapping(Types.DECIMAL, calciteType, ColumnMetaData.Rep.NUMBER, BigDecimal.class, true);
            case "CHAR", "VARCHAR" -> new Mapping(Types.VARCHAR, "VARCHAR", ColumnMetaData.Rep.STRING, String.class, false);
            case "BOOLEAN" -> new Mapping(Types.BOOLEAN, calciteType, ColumnMetaData.Rep.BOOLEAN, Boolean.class, false);
            case "DATE" -> new Mapping(Types.DATE, calciteType, ColumnMetaData.Rep.JAVA_SQL_DATE, java.sql.Date.class, false);
            case "TIME" -> new Mapping(Types.TIME, calciteType, ColumnMetaData.Rep.JAVA_SQL_TIME, java.sql.Time.class, false);
            case "TIMESTAMP" -> new Mapping(Types.TIMESTAMP, calciteType, ColumnMetaData.Rep.JAVA_SQL_TIMESTAMP,
                    java.sql.Timestamp.class, false);
            default -> new Mapping(Types.JAVA_OBJECT, calciteType, ColumnMetaData.Rep.OBJECT, Object.class, false);
        };
    }

    /** A result column's metadata: {@code ordinal} from 0, nullable unless known otherwise. */
    static ColumnMetaData column(int ordinal, String name, String calciteType, String table) {
        Mapping m = of(calciteType);
        return new ColumnMetaData(ordinal, false, true, false, false, DatabaseMetaData.columnNullableUnknown, m.signed(),
                -1, name, name, "", 0, 0, table, "", ColumnMetaData.scalar(m.jdbcType(), m.typeName(), m.rep()),
                true, false, false, m.javaClass().getName());
    }

    static AvaticaParameter parameter(int ordinal, String calciteType) {
        Mapping m = of(calciteType);
        return new AvaticaParameter(m.signed(), 0, 0, m.jdbcType(), m.typeName(), m.javaClass().getName(), "?" + (ordinal + 1));
    }

    /** A value of an answer in the class its column's {@link Mapping} promises. */
    static Object value(Object v, Mapping m) {
        if (v == null) {
            return null;
        }
        return switch (m.rep()) {
            case BYTE -> ((Number) v).byteValue();
            case SHORT -> ((Number) v).shortValue();
            case INTEGER -> ((Number) v).intValue();
            case LONG -> ((Number) v).longValue();
            case FLOAT -> ((Number) v).floatValue();
            case DOUBLE -> ((Number) v).doubleValue();
            case NUMBER -> v instanceof BigDecimal ? v : new BigDecimal(v.toString());
            case STRING -> v.toString();
            case JAVA_SQL_DATE -> v instanceof LocalDate d ? java.sql.Date.valueOf(d) : v;
            case JAVA_SQL_TIME -> v instanceof LocalTime t ? java.sql.Time.valueOf(t) : v;
            case JAVA_SQL_TIMESTAMP -> v instanceof LocalDateTime t ? java.sql.Timestamp.valueOf(t) : v;
            default -> v;
        };
    }
}
