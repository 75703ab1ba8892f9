package io.leapfrog.engine;

import io.leapfrog.planner.sql.Catalog;
import io.leapfrog.planner.sql.ColumnKind;
import io.leapfrog.planner.sql.JoinPlacement;
import io.leapfrog.planner.sql.SqlEngine;
import io.leapfrog.planner.sql.SqlResult;
import io.leapfrog.planner.sql.SqlSignature;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Hands SQL to the planner's SQL engine with a catalog built from a {@link Database}: every
 * materialised relation is a table whose columns are named as declared; symbol columns are decoded
 * through the run's symbol table, float and unsigned columns to their values, and columns of the
 * nullable text types of {@link FileTables} (empty cells) to NULL or their value ({@link ColumnKind}).
 * The query's leapfrog joins run on the executor of the {@link JoinDevices} given, and the answer says
 * where they ran.
 */
final class SqlBridge {
    private SqlBridge() {
    }

    /** The answer, with where its joins ran and the time it took from the catalog's making to the last row. */
    static SqlResult run(Database db, String sql, List<?> parameters, int threads, JoinDevices devices) {
        long t0 = System.nanoTime();
        JoinPlacement placement = new JoinPlacement(devices.executor(), threads, devices::explainLine);
        SqlResult r = new SqlEngine(catalog(db), placement).execute(sql, parameters);
        return new SqlResult(r.columns(), r.columnTypes(), r.values(), r.explainLines(), devices.lines(),
                Duration.ofNanos(System.nanoTime() - t0));
    }

    /** The query's columns and parameters, planned over the database's tables on the CPU and not run. */
    static SqlSignature signature(Database db, String sql, int threads) {
        return new SqlEngine(catalog(db), threads).signature(sql);
    }

    static Catalog catalog(Database db) {
        Map<String, List<String>> declaredTypes = declaredTypes(db);
        List<Catalog.TableInfo> tables = new ArrayList<>();
        for (String name : db.relationNames()) {
            if (db.countedOnly().contains(name) || db.filter(name) != null) {
                continue; // only counted for .printsize, or a filter's fingerprints: no tuples to query
            }
            Database.Schema s = db.schema(name);
            List<String> declared = declaredTypes.getOrDefault(name, List.of());
            List<ColumnKind> kinds = new ArrayList<>();
            for (int c = 0; c < s.arity(); c++) {
                ColumnKind nullable = c < declared.size() ? FileTables.nullableKind(declared.get(c)) : null;
                kinds.add(nullable != null ? nullable : switch (s.columnTypes().get(c)) {
                    case "symbol" -> ColumnKind.SYMBOL;
                    case "float" -> ColumnKind.FLOAT;
                    case "unsigned" -> ColumnKind.UNSIGNED;
                    default -> ColumnKind.NUMBER;
                });
            }
            tables.add(new Catalog.TableInfo(name, s.columnNames(), kinds, db.relation(name)));
        }
        return new Catalog(tables, db.symbols(), name -> {
            for (String r : db.relationNames()) {
                io.leapfrog.engine.eval.FilterRelation f = db.filter(r);
                if (f != null && r.equalsIgnoreCase(name)) {
                    return f::mightContainValues;
                }
            }
            return null;
        });
    }

    /** Each relation's attribute types as declared (before subtypes resolve to their base). */
    private static Map<String, List<String>> declaredTypes(Database db) {
        Map<String, List<String>> out = new HashMap<>();
        if (db.program() == null) {
            return out;
        }
        for (var decl : db.program().ast().relations()) {
            List<String> types = new ArrayList<>();
            decl.attributes().forEach(a -> types.add(a.type()));
            out.put(decl.name(), types);
        }
        return out;
    }
}
