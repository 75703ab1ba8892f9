package io.leapfrog.planner.sql;

import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.rel.type.TimeFrames;
import org.apache.calcite.schema.SchemaPlus;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the generated code of one query execution reads through {@code root}: the schema its table scans
 * find their tables in, the values its operators stashed ({@code v0stashed}: the leapfrog joins' runs),
 * and the variables of SQL's context functions, taken when the query starts (CURRENT_DATE and
 * CURRENT_TIMESTAMP keep one value throughout a query, in the JVM's time zone).
 */
final class QueryContext implements DataContext {
    private final SchemaPlus rootSchema;
    private final JavaTypeFactory typeFactory;
    private final Map<String, Object> values = new HashMap<>();

    QueryContext(SchemaPlus rootSchema, JavaTypeFactory typeFactory, Map<String, Object> stashed) {
        this.rootSchema = rootSchema;
        this.typeFactory = typeFactory;
        long now = System.currentTimeMillis();
        TimeZone zone = TimeZone.getDefault();
        long offset = zone.getOffset(now);
        values.put(Variable.UTC_TIMESTAMP.camelName, now);
        values.put(Variable.CURRENT_TIMESTAMP.camelName, now + offset);
        values.put(Variable.LOCAL_TIMESTAMP.camelName, now + offset);
        values.put(Variable.TIME_ZONE.camelName, zone);
        values.put(Variable.TIME_FRAME_SET.camelName, typeFactory.getTypeSystem().deriveTimeFrameSet(TimeFrames.CORE));
        values.put(Variable.USER.camelName, "leapfrog");
        values.put(Variable.SYSTEM_USER.camelName, "leapfrog");
        values.put(Variable.LOCALE.camelName, Locale.ROOT);
        values.put(Variable.CANCEL_FLAG.camelName, new AtomicBoolean());
        values.putAll(stashed);
    }

    @Override
    public SchemaPlus getRootSchema() {
        return rootSchema;
    }

    @Override
    public JavaTypeFactory getTypeFactory() {
        return typeFactory;
    }

    @Override
    public QueryProvider getQueryProvider() {
        return null; // no Queryable tables: every table is scanned directly
    }

    @Override
    public Object get(String name) {
        return values.get(name);
    }
}
