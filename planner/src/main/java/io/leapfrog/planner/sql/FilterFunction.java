package io.leapfrog.planner.sql;

import io.leapfrog.common.LeapfrogException;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.util.SqlShuttle;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * {@code might_contain('seen', v1, ..., vn)}: whether the tuple of those values may be in filter relation
 * {@code seen} (no false negatives; false positives at most at its declared rate; docs/filters.md). A
 * query's call is rewritten before validation to carry its engine's key first ({@link #bind}), so that the
 * generated code, which may run on any join worker's thread, finds the catalog's filters through a
 * registry of the engines alive ({@link #register}); values of 1 to 4 columns.
 */
public final class FilterFunction {
    static final String NAME = "might_contain";
    private static final int MAX_COLUMNS = 4;
    private static final Map<String, Catalog.Filters> LIVE = new ConcurrentHashMap<>();
    private static final AtomicLong KEYS = new AtomicLong();

    private FilterFunction() {
    }

    /** Adds the function's forms (1 to {@value #MAX_COLUMNS} values) to {@code schema}. */
    static void addTo(SchemaPlus schema) {
        for (Method m : FilterFunction.class.getMethods()) {
            if (m.getName().equals("mightContain")) {
                schema.add(NAME, ScalarFunctionImpl.create(m));
            }
        }
    }

    /** A key for {@code filters} while a query of it runs; {@link #release} ends it. */
    static String register(Catalog.Filters filters) {
        String key = "c" + KEYS.incrementAndGet();
        LIVE.put(key, filters);
        return key;
    }

    static void release(String key) {
        LIVE.remove(key);
    }

    /** The parsed query with {@code key} put first in each call of the function. */
    static SqlNode bind(SqlNode parsed, String key) {
        return parsed.accept(new SqlShuttle() {
            @Override
            public SqlNode visit(SqlCall call) {
                SqlNode visited = super.visit(call);
                if (visited instanceof SqlBasicCall b && b.getOperator() instanceof SqlUnresolvedFunction f
                        && f.getName() != null && f.getName().equalsIgnoreCase(NAME)) {
                    int values = b.operandCount() - 1;
                    if (values < 1 || values > MAX_COLUMNS) {
                        throw new LeapfrogException("error: line " + b.getParserPosition().getLineNum() + ", column "
                                + b.getParserPosition().getColumnNum() + ": " + NAME + " takes a filter relation's name and"
                                + " 1 to " + MAX_COLUMNS + " values, one per column, e.g. " + NAME + "('seen', url)");
                    }
                    List<SqlNode> operands = new ArrayList<>();
                    operands.add(SqlLiteral.createCharString(key, b.getParserPosition()));
                    operands.addAll(b.getOperandList());
                    return new SqlBasicCall(b.getOperator(), operands, b.getParserPosition());
                }
                return visited;
            }
        });
    }

    private static boolean test(String key, String relation, Object... values) {
        Catalog.Filters filters = LIVE.get(key);
        Predicate<List<Object>> filter = filters == null ? null : filters.filter(relation);
        if (filter == null) {
            throw new LeapfrogException("error: " + NAME + ": '" + relation + "' is not a filter relation of this"
                    + " database (declare it with .decl " + relation + "(...) filter)");
        }
        return filter.test(Arrays.asList(values));
    }

    public static boolean mightContain(String key, String relation, Object v1) {
        return test(key, relation, v1);
    }

    public static boolean mightContain(String key, String relation, Object v1, Object v2) {
        return test(key, relation, v1, v2);
    }

    public static boolean mightContain(String key, String relation, Object v1, Object v2, Object v3) {
        return test(key, relation, v1, v2, v3);
    }

    public static boolean mightContain(String key, String relation, Object v1, Object v2, Object v3, Object v4) {
        return test(key, relation, v1, v2, v3, v4);
    }
}
