package io.leapfrog.jdbc;

import io.leapfrog.engine.Database;
import io.leapfrog.planner.sql.SqlResult;
import io.leapfrog.planner.sql.SqlSignature;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.MetaImpl;
import org.apache.calcite.avatica.remote.TypedValue;

import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * What Avatica's JDBC objects ask of a Leapfrog connection: statements are the engine's SQL over the
 * connection's database ({@code Engine.sql}), each answer handed over whole as the first frame; prepared
 * statements keep their text and take their parameters' values at each execution; the metadata lists the
 * database's relations as tables of one unnamed schema. Nothing is written: updates, batches and
 * transactions are refused or have nothing to do.
 */
final class LeapfrogMeta extends MetaImpl {
    private final JdbcTarget target;
    /** Each open statement's prepared text, by statement id. */
    private final Map<Integer, String> prepared = new ConcurrentHashMap<>();

    LeapfrogMeta(AvaticaConnection connection, JdbcTarget target) {
        super(connection);
        this.target = target;
    }

    @Override
    public StatementHandle prepare(ConnectionHandle ch, String sql, long maxRowCount) {
        StatementHandle h = createStatement(ch);
        SqlSignature s = target.engine().sqlSignature(target.database(), sql);
        h.signature = signature(sql, s.columns(), s.columnTypes(), s.parameterTypes());
        prepared.put(h.id, sql);
        return h;
    }

    @Override
    @SuppressWarnings("deprecation")
    public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, PrepareCallback callback) {
        return prepareAndExecute(h, sql, maxRowCount, -1, callback);
    }

    @Override
    public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, int maxRowsInFirstFrame,
                                           PrepareCallback callback) {
        SqlResult r = target.engine().sql(target.database(), sql);
        Signature sig = signature(sql, r.columns(), r.columnTypes(), List.of());
        Frame frame = frame(r, maxRowCount);
        try {
            synchronized (callback.getMonitor()) {
                callback.clear();
                callback.assign(sig, frame, -1);
            }
            callback.execute();
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        return new ExecuteResult(List.of(MetaResultSet.create(h.connectionId, h.id, false, sig, frame)));
    }

    @Override
    public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, long maxRowCount) {
        return run(h, parameterValues, maxRowCount);
    }

    @Override
    public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, int maxRowsInFirstFrame) {
        return run(h, parameterValues, -1);
    }

    private ExecuteResult run(StatementHandle h, List<TypedValue> parameterValues, long maxRowCount) {
        String sql = prepared.get(h.id);
        if (sql == null) {
            throw new IllegalStateException("the statement was not prepared, or is closed");
        }
        List<Object> values = new ArrayList<>();
        for (TypedValue v : parameterValues == null ? List.<TypedValue>of() : parameterValues) {
            values.add(v == null ? null : v.toLocal());
        }
        SqlResult r = target.engine().sql(target.database(), sql, values);
        Signature sig = signature(sql, r.columns(), r.columnTypes(), h.signature == null ? List.of() : h.signature.parameters);
        return new ExecuteResult(List.of(MetaResultSet.create(h.connectionId, h.id, false, sig, frame(r, maxRowCount))));
    }

    private static Signature signature(String sql, List<String> columns, List<String> types, List<?> parameters) {
        List<ColumnMetaData> cols = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            cols.add(JdbcTypes.column(i, columns.get(i), types.get(i), ""));
        }
        List<AvaticaParameter> params = new ArrayList<>();
        for (int i = 0; i < parameters.size(); i++) {
            Object p = parameters.get(i);
            params.add(p instanceof AvaticaParameter a ? a : JdbcTypes.parameter(i, (String) p));
        }
        return Signature.create(cols, sql, params, CursorFactory.LIST, StatementType.SELECT);
    }

    /** Every row of the answer (at most {@code maxRowCount} when positive) in the columns' Java classes. */
    private static Frame frame(SqlResult r, long maxRowCount) {
        List<JdbcTypes.Mapping> maps = new ArrayList<>();
        for (String t : r.columnTypes()) {
            maps.add(JdbcTypes.of(t));
        }
        List<Object> rows = new ArrayList<>();
        for (List<Object> row : r.values()) {
            if (maxRowCount > 0 && rows.size() >= maxRowCount) {
                break;
            }
            List<Object> out = new ArrayList<>(row.size());
            for (int c = 0; c < row.size(); c++) {
                out.add(JdbcTypes.value(row.get(c), maps.get(c)));
            }
            rows.add(out);
        }
        return new Frame(0, true, rows);
    }

    @Override
    public ExecuteBatchResult prepareAndExecuteBatch(StatementHandle h, List<String> sqlCommands) {
        throw readOnly();
    }

    @Override
    public ExecuteBatchResult executeBatch(StatementHandle h, List<List<TypedValue>> parameterValues) {
        throw readOnly();
    }

    private static UnsupportedOperationException readOnly() {
        return new UnsupportedOperationException("not supported: batches of updates; SQL here queries the relations,"
                + " and a program's rules and facts change them");
    }

    @Override
    public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount) {
        return new Frame(offset, true, List.of());   // every answer went whole in its first frame
    }

    @Override
    public void closeStatement(StatementHandle h) {
        prepared.remove(h.id);
    }

    @Override
    public void closeConnection(ConnectionHandle ch) {
        super.closeConnection(ch);
        target.close();
    }

    @Override
    public boolean syncResults(StatementHandle sh, org.apache.calcite.avatica.QueryState state, long offset) {
        return false;
    }

    @Override
    public void commit(ConnectionHandle ch) {
        // nothing to commit: a connection only reads
    }

    @Override
    public void rollback(ConnectionHandle ch) {
        // nothing to roll back: a connection only reads
    }

    @Override
    public MetaResultSet getTables(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern,
                                   List<String> typeList) {
        List<Object> rows = new ArrayList<>();
        if (matchesSchema(schemaPattern) && (typeList == null || typeList.contains("TABLE"))) {
            for (String table : tables(tableNamePattern)) {
                rows.add(java.util.Arrays.asList(null, "", table, "TABLE", relationRemark(table), null, null, null, null, null));
            }
        }
        return listResult(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE", "REMARKS", "TYPE_CAT",
                "TYPE_SCHEM", "TYPE_NAME", "SELF_REFERENCING_COL_NAME", "REF_GENERATION"), rows);
    }

    @Override
    public MetaResultSet getColumns(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern,
                                    Pat columnNamePattern) {
        List<Object> rows = new ArrayList<>();
        if (matchesSchema(schemaPattern)) {
            Database db = target.database();
            Pattern columnPattern = like(columnNamePattern);
            for (String table : tables(tableNamePattern)) {
                SqlSignature s = target.engine().sqlSignature(db, "SELECT * FROM \"" + table.replace("\"", "\"\"") + "\"");
                for (int c = 0; c < s.columns().size(); c++) {
                    String name = s.columns().get(c);
                    if (!columnPattern.matcher(name).matches()) {
                        continue;
                    }
                    JdbcTypes.Mapping m = JdbcTypes.of(s.columnTypes().get(c));
                    rows.add(java.util.Arrays.asList(null, "", table, name, m.jdbcType(), m.typeName(), null, null, null,
                            m.rep() == ColumnMetaData.Rep.STRING ? null : 10, DatabaseMetaData.columnNullableUnknown, null,
                            null, null, null, null, c + 1, "", null, null, null, null, "NO", "NO"));
                }
            }
        }
        return listResult(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME",
                "COLUMN_SIZE", "BUFFER_LENGTH", "DECIMAL_DIGITS", "NUM_PREC_RADIX", "NULLABLE", "REMARKS", "COLUMN_DEF",
                "SQL_DATA_TYPE", "SQL_DATETIME_SUB", "CHAR_OCTET_LENGTH", "ORDINAL_POSITION", "IS_NULLABLE",
                "SCOPE_CATALOG", "SCOPE_SCHEMA", "SCOPE_TABLE", "SOURCE_DATA_TYPE", "IS_AUTOINCREMENT",
                "IS_GENERATEDCOLUMN"), rows, Map.of("DATA_TYPE", Types.INTEGER, "NUM_PREC_RADIX", Types.INTEGER,
                "NULLABLE", Types.INTEGER, "ORDINAL_POSITION", Types.INTEGER));
    }

    @Override
    public MetaResultSet getSchemas(ConnectionHandle ch, String catalog, Pat schemaPattern) {
        List<Object> rows = matchesSchema(schemaPattern) ? List.of(java.util.Arrays.asList("", null)) : List.of();
        return listResult(List.of("TABLE_SCHEM", "TABLE_CATALOG"), rows);
    }

    @Override
    public MetaResultSet getTableTypes(ConnectionHandle ch) {
        return listResult(List.of("TABLE_TYPE"), List.of(List.of("TABLE")));
    }

    /** The relations SQL can query, in name order, that match the pattern. */
    private List<String> tables(Pat pattern) {
        Pattern p = like(pattern);
        List<String> out = new ArrayList<>();
        for (String name : target.engine().sqlTables(target.database())) {
            if (p.matcher(name).matches()) {
                out.add(name);
            }
        }
        return out;
    }

    private String relationRemark(String table) {
        return "a relation of " + target.description();
    }

    private static boolean matchesSchema(Pat p) {
        return like(p).matcher("").matches();
    }

    /** A JDBC search pattern (SQL LIKE: {@code %}, {@code _}, {@code \} escapes) as a regular expression; null matches all. */
    static Pattern like(Pat p) {
        if (p == null || p.s == null) {
            return Pattern.compile(".*", Pattern.DOTALL);
        }
        StringBuilder re = new StringBuilder();
        String s = p.s;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                re.append(Pattern.quote(String.valueOf(s.charAt(++i))));
            } else if (c == '%') {
                re.append(".*");
            } else if (c == '_') {
                re.append('.');
            } else {
                re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }

    private MetaResultSet listResult(List<String> names, List<Object> rows) {
        return listResult(names, rows, Map.of());
    }

    /** A metadata answer: text columns except those {@code types} names. */
    private MetaResultSet listResult(List<String> names, List<Object> rows, Map<String, Integer> types) {
        List<ColumnMetaData> cols = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            Integer t = types.get(names.get(i));
            cols.add(t == null ? columnMetaData(names.get(i), i, String.class, true)
                    : columnMetaData(names.get(i), i, Integer.class, true));
        }
        return createResultSet(Collections.emptyMap(), cols, CursorFactory.LIST, new Frame(0, true, rows));
    }
}
