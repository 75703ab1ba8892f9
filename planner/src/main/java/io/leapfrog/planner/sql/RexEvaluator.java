package io.leapfrog.planner.sql;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.NotSupportedException;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexUtil;

/**
 * Evaluates a Calcite row expression over one row of values ({@link Long}, {@link Double},
 * {@link String}, {@link Boolean}, or null for SQL NULL). Comparisons, arithmetic, AND/OR/NOT,
 * IS [NOT] NULL, CASE, CAST, LIKE and string concatenation; anything else is "not supported".
 * Three-valued logic: a comparison with NULL is NULL, and a filter keeps only TRUE rows.
 */
final class RexEvaluator {

    private RexEvaluator() { }

    static Object eval(RexNode e, Object[] row) {
        if (e instanceof RexInputRef ref) {
            return row[ref.getIndex()];
        }
        if (e instanceof RexLiteral lit) {
            return literal(lit);
        }
        if (e instanceof RexCall call) {
            return call(call, row);
        }
        throw new NotSupportedException("not supported: SQL expression " + e);
    }

    static boolean isTrue(RexNode e, Object[] row) {
        return Boolean.TRUE.equals(eval(e, row));
    }

    static Object literal(RexLiteral lit) {
        if (lit.isNull()) {
            return null;
        }
        SqlTypeFamily family = lit.getType().getSqlTypeName().getFamily();
        if (lit.getType().getSqlTypeName() == SqlTypeName.BOOLEAN) {
            return lit.getValueAs(Boolean.class);
        }
        if (family == SqlTypeFamily.CHARACTER) {
            return lit.getValueAs(String.class);
        }
        if (family == SqlTypeFamily.NUMERIC) {
            BigDecimal d = lit.getValueAs(BigDecimal.class);
            if (d.stripTrailingZeros().scale() <= 0 && SqlTypeName.INT_TYPES.contains(lit.getType().getSqlTypeName())) {
                return d.longValueExact();
            }
            if (d.stripTrailingZeros().scale() <= 0 && lit.getType().getSqlTypeName() == SqlTypeName.DECIMAL
                    && lit.getType().getScale() == 0) {
                return d.longValue();
            }
            return d.doubleValue();
        }
        throw new NotSupportedException("not supported: SQL literal of type " + lit.getType());
    }

    /** Calcite folds IN lists and ranges into SEARCH over a Sarg; evaluate its expansion (cached). */
    private static final RexBuilder REX = new RexBuilder(new JavaTypeFactoryImpl());
    private static final Map<RexNode, RexNode> EXPANDED = new ConcurrentHashMap<>();

    private static Object call(RexCall call, Object[] row) {
        List<RexNode> ops = call.getOperands();
        switch (call.getKind()) {
            case SEARCH:
                return eval(EXPANDED.computeIfAbsent(call, c -> RexUtil.expandSearch(REX, null, c)), row);
            case AND: {
                boolean sawNull = false;
                for (RexNode o : ops) {
                    Object v = eval(o, row);
                    if (Boolean.FALSE.equals(v)) {
                        return false;
                    }
                    sawNull |= v == null;
                }
                return sawNull ? null : Boolean.TRUE;
            }
            case OR: {
                boolean sawNull = false;
                for (RexNode o : ops) {
                    Object v = eval(o, row);
                    if (Boolean.TRUE.equals(v)) {
                        return true;
                    }
                    sawNull |= v == null;
                }
                return sawNull ? null : Boolean.FALSE;
            }
            case NOT: {
                Object v = eval(ops.get(0), row);
                return v == null ? null : !(Boolean) v;
            }
            case IS_NULL:
                return eval(ops.get(0), row) == null;
            case IS_NOT_NULL:
                return eval(ops.get(0), row) != null;
            case IS_TRUE:
                return Boolean.TRUE.equals(eval(ops.get(0), row));
            case IS_FALSE:
                return Boolean.FALSE.equals(eval(ops.get(0), row));
            case IS_NOT_TRUE:
                return !Boolean.TRUE.equals(eval(ops.get(0), row));
            case IS_NOT_FALSE:
                return !Boolean.FALSE.equals(eval(ops.get(0), row));
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL: {
                Object a = eval(ops.get(0), row);
                Object b = eval(ops.get(1), row);
                if (a == null || b == null) {
                    return null;
                }
                int c = compare(a, b);
                return switch (call.getKind()) {
                    case EQUALS -> c == 0;
                    case NOT_EQUALS -> c != 0;
                    case LESS_THAN -> c < 0;
                    case LESS_THAN_OR_EQUAL -> c <= 0;
                    case GREATER_THAN -> c > 0;
                    default -> c >= 0;
                };
            }
            case PLUS, MINUS, TIMES, DIVIDE, MOD:
                return arithmetic(call, eval(ops.get(0), row), eval(ops.get(1), row));
            case MINUS_PREFIX: {
                Object v = eval(ops.get(0), row);
                return v == null ? null : v instanceof Long l ? (Object) (-l) : (Object) (-((Number) v).doubleValue());
            }
            case PLUS_PREFIX:
                return eval(ops.get(0), row);
            case CASE: {
                int i = 0;
                for (; i + 1 < ops.size(); i += 2) {
                    if (isTrue(ops.get(i), row)) {
                        return eval(ops.get(i + 1), row);
                    }
                }
                return eval(ops.get(ops.size() - 1), row);
            }
            case CAST:
                return cast(eval(ops.get(0), row), call.getType().getSqlTypeName());
            case LIKE: {
                Object s = eval(ops.get(0), row);
                Object p = eval(ops.get(1), row);
                if (s == null || p == null) {
                    return null;
                }
                return s.toString().matches(likeToRegex(p.toString()));
            }
            case OTHER_FUNCTION, OTHER:
                if ("||".equals(call.getOperator().getName())) {
                    Object a = eval(ops.get(0), row);
                    Object b = eval(ops.get(1), row);
                    return a == null || b == null ? null : a.toString() + b;
                }
                break;
            default:
                break;
        }
        throw new NotSupportedException("not supported: SQL operator " + call.getOperator().getName());
    }

    static int compare(Object a, Object b) {
        if (a instanceof Long x && b instanceof Long y) {
            return Long.compare(x, y);
        }
        if (a instanceof Number x && b instanceof Number y) {
            return Double.compare(x.doubleValue(), y.doubleValue());
        }
        if (a instanceof String x && b instanceof String y) {
            return x.compareTo(y);
        }
        if (a instanceof Boolean x && b instanceof Boolean y) {
            return Boolean.compare(x, y);
        }
        throw new LeapfrogException("sql: error: cannot compare " + a + " with " + b);
    }

    private static Object arithmetic(RexCall call, Object a, Object b) {
        if (a == null || b == null) {
            return null;
        }
        if (a instanceof Long x && b instanceof Long y) {
            return switch (call.getKind()) {
                case PLUS -> x + y;
                case MINUS -> x - y;
                case TIMES -> x * y;
                case DIVIDE -> {
                    if (y == 0) {
                        throw new LeapfrogException("sql: error: division by zero");
                    }
                    yield x / y;
                }
                default -> {
                    if (y == 0) {
                        throw new LeapfrogException("sql: error: division by zero");
                    }
                    yield x % y;
                }
            };
        }
        double x = ((Number) a).doubleValue();
        double y = ((Number) b).doubleValue();
        return switch (call.getKind()) {
            case PLUS -> x + y;
            case MINUS -> x - y;
            case TIMES -> x * y;
            case DIVIDE -> x / y;
            default -> x % y;
        };
    }

    private static Object cast(Object v, SqlTypeName to) {
        if (v == null) {
            return null;
        }
        if (SqlTypeName.INT_TYPES.contains(to)) {
            if (v instanceof Number n) {
                return n.longValue();
            }
            try {
                return Long.parseLong(v.toString().trim());
            } catch (NumberFormatException e) {
                throw new LeapfrogException("sql: error: cannot convert '" + v + "' to a number");
            }
        }
        if (SqlTypeName.APPROX_TYPES.contains(to) || to == SqlTypeName.DECIMAL) {
            if (v instanceof Number n) {
                return to == SqlTypeName.DECIMAL && v instanceof Long ? v : (Object) n.doubleValue();
            }
            return Double.parseDouble(v.toString().trim());
        }
        if (SqlTypeName.CHAR_TYPES.contains(to)) {
            return v.toString();
        }
        if (to == SqlTypeName.BOOLEAN) {
            return v instanceof Boolean ? v : Boolean.parseBoolean(v.toString());
        }
        throw new NotSupportedException("not supported: CAST to " + to);
    }

    private static String likeToRegex(String pattern) {
        StringBuilder sb = new StringBuilder();
        for (char c : pattern.toCharArray()) {
            switch (c) {
                case '%' -> sb.append(".*");
                case '_' -> sb.append('.');
                default -> sb.append(java.util.regex.Pattern.quote(String.valueOf(c)));
            }
        }
        return sb.toString();
    }
}
