package io.leapfrog.planner.sql;

import io.leapfrog.common.LeapfrogException;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelVisitor;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.type.SqlTypeName;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A query's dynamic parameters ({@code ?}, numbered from 0 in the order they appear): their types as
 * Calcite's validation inferred them, read off the logical plan, and the values given for them converted
 * to the Java classes the generated code reads ({@code root.get("?0")}, as Calcite's own JDBC driver puts
 * them).
 */
final class SqlParameters {
    private SqlParameters() {
    }

    /** The types of the parameters of {@code plan}, by index (every {@code ?} of the query appears in it). */
    static List<RelDataType> types(RelNode plan) {
        Map<Integer, RelDataType> found = new TreeMap<>();
        RexShuttle params = new RexShuttle() {
            @Override
            public org.apache.calcite.rex.RexNode visitDynamicParam(RexDynamicParam p) {
                found.putIfAbsent(p.getIndex(), p.getType());
                return p;
            }
        };
        new RelVisitor() {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent) {
                node.accept(params);   // each operator's expressions
                super.visit(node, ordinal, parent);
            }
        }.go(plan);
        List<RelDataType> out = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            RelDataType t = found.get(i);
            if (t == null) {
                throw new LeapfrogException("error: parameter " + (i + 1) + " of the statement is not used where its type can be told");
            }
            out.add(t);
        }
        return out;
    }

    /**
     * Puts {@code values} into {@code into} as the generated code reads them: {@code "?i"}, each converted to
     * its parameter's type. A count that differs, or a value that cannot be its parameter's type, is an error
     * naming the parameter (from 1, as JDBC counts).
     */
    static void bind(List<RelDataType> types, List<?> values, Map<String, Object> into) {
        if (values.size() != types.size()) {
            throw new LeapfrogException("error: the statement has " + types.size() + " parameter" + (types.size() == 1 ? "" : "s")
                    + " and " + values.size() + " value" + (values.size() == 1 ? " was" : "s were") + " given");
        }
        for (int i = 0; i < types.size(); i++) {
            into.put("?" + i, convert(i, types.get(i).getSqlTypeName(), values.get(i)));
        }
    }

    private static Object convert(int i, SqlTypeName type, Object v) {
        if (v == null) {
            return null;
        }
        try {
            return switch (type) {
                case TINYINT -> (byte) exact(v, Byte.MIN_VALUE, Byte.MAX_VALUE);
                case SMALLINT -> (short) exact(v, Short.MIN_VALUE, Short.MAX_VALUE);
                case INTEGER -> (int) exact(v, Integer.MIN_VALUE, Integer.MAX_VALUE);
                case BIGINT -> exact(v, Long.MIN_VALUE, Long.MAX_VALUE);
                case DOUBLE, FLOAT -> number(v).doubleValue();
                case REAL -> number(v).floatValue();
                case DECIMAL -> v instanceof BigDecimal d ? d : new BigDecimal(v.toString());
                case CHAR, VARCHAR -> v.toString();
                case BOOLEAN -> v instanceof Boolean b ? b : Boolean.parseBoolean(v.toString().strip());
                default -> v;
            };
        } catch (NumberFormatException | ArithmeticException e) {
            throw new LeapfrogException("error: parameter " + (i + 1) + " is " + type + ", and " + describe(v)
                    + " is not one (" + e.getMessage() + ")");
        }
    }

    private static long exact(Object v, long min, long max) {
        BigDecimal d = v instanceof BigDecimal b ? b : new BigDecimal(v.toString().strip());
        long n = d.longValueExact();
        if (n < min || n > max) {
            throw new ArithmeticException("out of range " + min + ".." + max);
        }
        return n;
    }

    private static Number number(Object v) {
        return v instanceof Number n ? n : new BigDecimal(v.toString().strip());
    }

    private static String describe(Object v) {
        return v instanceof String s ? "'" + s + "'" : v + " (" + v.getClass().getSimpleName() + ")";
    }
}
