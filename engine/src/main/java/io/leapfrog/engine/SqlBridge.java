package io.leapfrog.engine;

import io.leapfrog.planner.sql.Catalog;
import io.leapfrog.planner.sql.ColumnKind;
import io.leapfrog.planner.sql.SqlEngine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Hands SQL to the planner's SQL engine with a catalog built from a {@link Database}: every
 * materialised relation is a table whose columns are named as declared; symbol columns are decoded
 * through the run's symbol table, float and unsigned columns to their values ({@link ColumnKind}).
 * Values come back rendered as text.
 */
final class SqlBridge {
    private SqlBridge() {
    }

    static SqlResult run(Database db, String sql, int threads) {
        long t0 = System.nanoTime();
        io.leapfrog.planner.sql.SqlResult r = new SqlEngine(catalog(db), threads).execute(sql);
        List<List<String>> rows = new ArrayList<>(r.rows().size());
        for (Object[] row : r.rows()) {
            List<String> out = new ArrayList<>(row.length);
            for (Object v : row) {
                out.add(v == null ? "NULL" : v.toString());
            }
            rows.add(out);
        }
        return new SqlResult(r.columns(), rows, r.explainLines(), Duration.ofNanos(System.nanoTime() - t0));
    }

    static Catalog catalog(Database db) {
        List<Catalog.TableInfo> tables = new ArrayList<>();
        for (String name : db.relationNames()) {
            if (db.countedOnly().contains(name)) {
                continue; // only counted for .printsize: no tuples to query
            }
            Database.Schema s = db.schema(name);
            List<ColumnKind> kinds = new ArrayList<>();
            for (String type : s.columnTypes()) {
                kinds.add(switch (type) {
                    case "symbol" -> ColumnKind.SYMBOL;
                    case "float" -> ColumnKind.FLOAT;
                    case "unsigned" -> ColumnKind.UNSIGNED;
                    default -> ColumnKind.NUMBER;
                });
            }
            tables.add(new Catalog.TableInfo(name, s.columnNames(), kinds, db.relation(name)));
        }
        return new Catalog(tables, db.symbols());
    }
}
