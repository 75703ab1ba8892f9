package io.leapfrog.engine;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.planner.sql.Catalog;
import io.leapfrog.planner.sql.ColumnKind;
import io.leapfrog.planner.sql.SqlEngine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Hands SQL to the planner's SQL engine with a catalog built from a {@link Database}: every
 * materialised relation is a table whose columns are named as declared; symbol columns are decoded
 * through the run's symbol table. Values come back rendered as text.
 */
final class SqlBridge {
    private SqlBridge() {
    }

    static SqlResult run(Database db, String sql, int threads) {
        long t0 = System.nanoTime();
        io.leapfrog.planner.sql.SqlResult r;
        try {
            r = new SqlEngine(catalog(db), threads).execute(sql);
        } catch (LeapfrogException e) {
            throw explainMissingTable(db, e);
        }
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

    /** "Object 'w' not found" for a relation left out of the catalog says why it was left out. */
    private static LeapfrogException explainMissingTable(Database db, LeapfrogException e) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("Object '([^']+)' not found").matcher(
                String.valueOf(e.getMessage()));
        if (m.find() && db.relationNames().contains(m.group(1)) && hiddenFromSql(db.schema(m.group(1)))) {
            return new LeapfrogException(e.getMessage() + "\nnote: relation " + m.group(1) + " has float or unsigned"
                    + " columns, which SQL does not see (docs/sql.md); query it in Datalog instead", e);
        }
        return e;
    }

    private static boolean hiddenFromSql(Database.Schema s) {
        return s.columnTypes().contains("float") || s.columnTypes().contains("unsigned");
    }

    static Catalog catalog(Database db) {
        List<Catalog.TableInfo> tables = new ArrayList<>();
        for (String name : db.relationNames()) {
            if (db.countedOnly().contains(name)) {
                continue; // only counted for .printsize: no tuples to query
            }
            Database.Schema s = db.schema(name);
            if (hiddenFromSql(s)) {
                continue; // SQL sees number and symbol columns only (docs/sql.md): float and unsigned relations stay out
            }
            List<ColumnKind> kinds = new ArrayList<>();
            for (int c = 0; c < s.arity(); c++) {
                kinds.add(s.isSymbol(c) ? ColumnKind.SYMBOL : ColumnKind.NUMBER);
            }
            tables.add(new Catalog.TableInfo(name, s.columnNames(), kinds, db.relation(name)));
        }
        return new Catalog(tables, db.symbols());
    }
}
