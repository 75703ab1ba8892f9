package io.leapfrog.cli;

import io.leapfrog.engine.Database;
import io.leapfrog.engine.SqlResult;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.planner.sql.Catalog;
import io.leapfrog.planner.sql.ColumnKind;
import io.leapfrog.planner.sql.SqlEngine;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * ADAPTER (see the cli report): {@code Engine.sql} is not wired to the planner's SQL engine yet, so the
 * CLI hands an evaluated {@link Database} to {@link SqlEngine} itself: every relation becomes a table
 * named like it, columns named as declared. When {@code Engine.sql} is implemented, {@link SqlCommand}
 * can call it instead and this class can go.
 */
final class PlannerSql {
    private final SqlEngine sql;

    PlannerSql(Database db, int threads) {
        List<Catalog.TableInfo> tables = new ArrayList<>();
        for (String name : db.relationNames()) {
            Database.Schema schema = db.schema(name);
            List<ColumnKind> kinds = new ArrayList<>(schema.arity());
            for (int c = 0; c < schema.arity(); c++) {
                kinds.add(schema.isSymbol(c) ? ColumnKind.SYMBOL : ColumnKind.NUMBER);
            }
            Relation data = db.relation(name);
            tables.add(new Catalog.TableInfo(name, schema.columnNames(), kinds,
                    data != null ? data : Relation.empty(schema.arity())));
        }
        this.sql = new SqlEngine(new Catalog(tables, db.symbols()), threads);
    }

    /** Runs the query; values rendered as text (numbers in decimal, symbols as strings, NULL). */
    SqlResult execute(String query) {
        long start = System.nanoTime();
        io.leapfrog.planner.sql.SqlResult r = sql.execute(query);
        List<List<String>> rows = new ArrayList<>(r.rows().size());
        for (Object[] row : r.rows()) {
            List<String> cells = new ArrayList<>(row.length);
            for (Object v : row) {
                cells.add(render(v));
            }
            rows.add(cells);
        }
        return new SqlResult(r.columns(), rows, r.explainLines(), Duration.ofNanos(System.nanoTime() - start));
    }

    /** The optimized plan without running the query. */
    List<String> explain(String query) {
        return List.of(sql.explain(query).split("\n"));
    }

    private static String render(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            // Plain notation (no exponent) for finite values: 1.0E7 reads as 10000000.0.
            return Double.isFinite(d) ? BigDecimal.valueOf(d).toPlainString() : Double.toString(d);
        }
        return v.toString();
    }
}
