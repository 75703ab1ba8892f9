package io.leapfrog.tests.differential;

import io.leapfrog.exec.storage.Relation;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** An in-memory DuckDB holding relations as tables {@code name(c0 INTEGER, c1 INTEGER, ...)}. */
final class DuckDb implements AutoCloseable {
    private final Connection conn;

    DuckDb() throws SQLException {
        conn = DriverManager.getConnection("jdbc:duckdb:");
    }

    /** (Re)creates the tables and loads them through the appender. */
    void load(Map<String, Relation> relations) throws SQLException {
        for (Map.Entry<String, Relation> e : relations.entrySet()) {
            Relation r = e.getValue();
            StringBuilder ddl = new StringBuilder("CREATE OR REPLACE TABLE " + e.getKey() + " (");
            for (int c = 0; c < r.arity(); c++) {
                ddl.append(c == 0 ? "" : ", ").append('c').append(c).append(" INTEGER");
            }
            try (Statement s = conn.createStatement()) {
                s.execute(ddl.append(')').toString());
            }
            try (DuckDBAppender app = conn.unwrap(DuckDBConnection.class).createAppender(DuckDBConnection.DEFAULT_SCHEMA, e.getKey())) {
                for (int i = 0; i < r.size(); i++) {
                    app.beginRow();
                    for (int c = 0; c < r.arity(); c++) {
                        app.append(r.get(i, c));
                    }
                    app.endRow();
                }
            }
        }
    }

    /** The distinct rows of a query (a head of width 0 selects a dummy column). */
    Set<List<Integer>> query(String sql, int width) throws SQLException {
        Set<List<Integer>> out = new HashSet<>();
        try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                List<Integer> row = new ArrayList<>(width);
                for (int c = 1; c <= width; c++) {
                    row.add(rs.getInt(c));
                }
                out.add(row);
            }
        }
        return out;
    }

    @Override
    public void close() throws SQLException {
        conn.close();
    }
}
