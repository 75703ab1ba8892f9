package io.leapfrog.tests.differential;

import io.leapfrog.engine.Engine;
import io.leapfrog.engine.EngineOptions;
import io.leapfrog.engine.FileTables;
import io.leapfrog.engine.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SQL's standard functions and constructs through Leapfrog's SQL (run by Calcite, joins by the leapfrog
 * join) against DuckDB: string, numeric, conditional, date and time functions, CASTs, CTEs and a
 * recursive one, subqueries, aggregates, conditions inside leapfrog joins, and a file table with empty
 * cells (NULLs). Each query's rows are compared as sorted multisets of rendered values; numbers are
 * compared by value (12 significant digits), since Calcite and DuckDB type some results differently
 * (2 as an INTEGER, DECIMAL or DOUBLE) and may round a double's last bit differently.
 */
class SqlFunctionsDuckDbDifferentialTest {

    /** A query, and its spelling for DuckDB where DuckDB names the same function otherwise. */
    private record Query(String sql, String duckSql) { }

    /** Each function or construct with a query that uses it; tables r(a, b), s(name, n), w(id, x), f (file). */
    private static final Map<String, Query> QUERIES = new LinkedHashMap<>();

    private static void put(String name, String sql) {
        QUERIES.put(name, new Query(sql, sql));
    }

    /** {@code duckSql}: the same query in DuckDB's names (DuckDB has no CHAR_LENGTH, say). */
    private static void put(String name, String sql, String duckSql) {
        QUERIES.put(name, new Query(sql, duckSql));
    }

    static {
        put("UPPER", "SELECT UPPER(name) FROM s");
        put("LOWER", "SELECT LOWER(name) FROM s");
        put("TRIM", "SELECT TRIM('  ' || name || ' ') FROM s");
        put("TRIM LEADING", "SELECT TRIM(LEADING 'a' FROM name) FROM s");
        put("SUBSTRING", "SELECT SUBSTRING(name FROM 2 FOR 3) FROM s");
        put("ROUND", "SELECT ROUND(b / 3.0, 2), ROUND(x, 0) FROM r, w WHERE r.a = w.id");
        put("CONCAT", "SELECT CONCAT(name, '-', name) FROM s");
        put("||", "SELECT name || '!' || CAST(n AS VARCHAR) FROM s");
        put("CHAR_LENGTH", "SELECT name, CHAR_LENGTH(name) FROM s", "SELECT name, LENGTH(name) FROM s");
        put("LENGTH", "SELECT name, LENGTH(name) FROM s");
        put("POSITION", "SELECT name, POSITION('a' IN name) FROM s");
        put("REPLACE", "SELECT REPLACE(name, 'a', 'AA') FROM s");
        put("LIKE", "SELECT name FROM s WHERE name LIKE '%a%' OR name LIKE 'E_e'");
        put("ABS", "SELECT a, b, ABS(a - b) FROM r");
        put("MOD", "SELECT a, MOD(a + 7, 3) FROM r");
        put("CEIL", "SELECT b, CEIL(b / 2.0), CEIL(x) FROM r, w WHERE r.a = w.id");
        put("FLOOR", "SELECT b, FLOOR(b / 2.0), FLOOR(x) FROM r, w WHERE r.a = w.id");
        put("POWER", "SELECT a, POWER(a, 2) FROM r");
        put("SQRT", "SELECT b, SQRT(b) FROM r");
        put("EXP and LN", "SELECT a, EXP(a), LN(a + 1) FROM r");
        put("SIGN", "SELECT a - b, SIGN(a - b) FROM r");
        put("arithmetic", "SELECT a * 3 + b - 2, -a, CAST(b AS DOUBLE) / 4 FROM r");
        put("COALESCE", "SELECT r.a, COALESCE(w.x, -1) FROM r LEFT JOIN w ON r.b = w.id");
        put("NULLIF", "SELECT a, b, NULLIF(a, b) FROM r");
        put("CASE searched", "SELECT a, b, CASE WHEN a > b THEN 'gt' WHEN a = b THEN 'eq' ELSE 'lt' END FROM r");
        put("CASE simple", "SELECT a, CASE a WHEN 1 THEN 'one' WHEN 2 THEN 'two' ELSE 'many' END FROM r");
        put("CAST to VARCHAR", "SELECT CAST(a AS VARCHAR) || CAST(x AS VARCHAR) FROM r, w WHERE r.a = w.id");
        put("CAST from VARCHAR", "SELECT CAST('12' AS INTEGER) + a, CAST('2.5' AS DOUBLE) * b FROM r");
        put("IS DISTINCT FROM", "SELECT r.a, w.id IS DISTINCT FROM r.b FROM r LEFT JOIN w ON r.a = w.id");
        put("BETWEEN and IN", "SELECT a, b FROM r WHERE a BETWEEN 2 AND 5 AND b IN (1, 3, 5, 7)");
        put("EXTRACT", "SELECT EXTRACT(YEAR FROM DATE '2024-03-15') + a, EXTRACT(MONTH FROM DATE '2024-03-15'),"
                + " EXTRACT(DAY FROM DATE '2024-03-15'), EXTRACT(HOUR FROM TIMESTAMP '2024-03-15 10:20:30') FROM r");
        put("date literal", "SELECT DATE '2024-02-29', DATE '2024-02-29' < DATE '2024-03-01'");
        put("date + INTERVAL DAY", "SELECT CAST(DATE '2024-01-31' + INTERVAL '1' DAY AS DATE)");
        put("date + INTERVAL MONTH", "SELECT CAST(DATE '2024-01-31' + INTERVAL '1' MONTH AS DATE)");
        put("timestamp + INTERVAL", "SELECT TIMESTAMP '2024-01-01 23:00:00' + INTERVAL '90' MINUTE");
        put("CURRENT_DATE", "SELECT EXTRACT(YEAR FROM CURRENT_DATE) >= 2024, CURRENT_DATE = CURRENT_DATE");
        put("COUNT DISTINCT", "SELECT COUNT(DISTINCT a), COUNT(*), COUNT(b) FROM r");
        put("SUM MIN MAX", "SELECT a, SUM(b), MIN(b), MAX(b) FROM r GROUP BY a");
        put("SUM past 2^31", "SELECT SUM(a + 2147483000) FROM r");
        put("AVG", "SELECT a, AVG(CAST(b AS DOUBLE)) FROM r GROUP BY a HAVING COUNT(*) > 1");
        put("STDDEV_POP", "SELECT STDDEV_POP(CAST(b AS DOUBLE)), VAR_POP(CAST(a AS DOUBLE)) FROM r");
        put("scalar subquery", "SELECT a, (SELECT MAX(b) FROM r) - b FROM r");
        put("EXISTS", "SELECT a, b FROM r x WHERE EXISTS (SELECT 1 FROM r y WHERE y.a = x.b AND y.b > x.a)");
        put("WITH", "WITH big AS (SELECT a, b FROM r WHERE b > 3) SELECT x.a, y.b FROM big x JOIN big y ON x.b = y.a");
        put("WITH RECURSIVE", "WITH RECURSIVE tc(x, y) AS (SELECT a, b FROM r UNION SELECT tc.x, r.b FROM tc JOIN r"
                + " ON tc.y = r.a) SELECT x, y FROM tc");
        put("ORDER BY LIMIT", "SELECT a, b FROM r ORDER BY a DESC, b DESC LIMIT 3");
        put("UNION ALL", "SELECT a FROM r UNION ALL SELECT n FROM s");
        put("string condition in a leapfrog join", "SELECT x.name, y.name FROM s x, s y WHERE x.n = y.n AND x.name < y.name");
        put("function condition in a leapfrog join", "SELECT x.a, y.b FROM r x, r y WHERE x.b = y.a"
                + " AND MOD(x.a + y.b, 2) = 0 AND UPPER(CAST(x.a AS VARCHAR)) <> '3'");
        put("expressions over a leapfrog join", "SELECT UPPER(s.name), r.a * s.n FROM r JOIN s ON r.b = s.n");
        put("empty cells are NULL", "SELECT id, score, label, score IS NULL, label IS NULL FROM f");
        put("aggregates skip NULL cells", "SELECT COUNT(*), COUNT(score), SUM(score), COUNT(label) FROM f");
        put("COALESCE over NULL cells", "SELECT id, COALESCE(score, 0) + 1, COALESCE(label, 'none') FROM f");
    }

    @TempDir
    Path dir;

    @Test
    void functionsAndConstructsEqualDuckDbs() throws Exception {
        String program = """
                .decl r(a:number, b:number)
                .decl s(name:symbol, n:number)
                .decl w(id:number, x:float)
                r(1, 2). r(1, 5). r(2, 3). r(3, 1). r(3, 3). r(4, 7). r(5, 2). r(6, 4). r(7, 1). r(0, 6).
                s("alice", 3). s("bob", 5). s("carol", 3). s("dave", 7). s("Eve", 1). s("anna", 2).
                w(1, 2.5). w(2, -7.25). w(3, 0.5). w(4, 10.75).
                """;
        Path csv = dir.resolve("f.csv");
        Files.writeString(csv, "id,score,label\n1,10,x\n2,,y\n3,30,\n4,,\n5,50,z\n");
        assertTrue(QUERIES.size() >= 40, "40 or more functions and constructs");
        try (Engine engine = new Engine(EngineOptions.defaults().withThreads(2));
             Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            RunResult tables = engine.run(engine.parse(program, "tables.dl"), null, null);
            RunResult files = engine.run(engine.parse(FileTables.program(dir), "<tables>"), dir, dir.resolve("out"));
            try (Statement st = duck.createStatement()) {
                st.execute("CREATE TABLE r (a INTEGER, b INTEGER)");
                st.execute("INSERT INTO r VALUES (1, 2), (1, 5), (2, 3), (3, 1), (3, 3), (4, 7), (5, 2), (6, 4), (7, 1), (0, 6)");
                st.execute("CREATE TABLE s (name VARCHAR, n INTEGER)");
                st.execute("INSERT INTO s VALUES ('alice', 3), ('bob', 5), ('carol', 3), ('dave', 7), ('Eve', 1), ('anna', 2)");
                st.execute("CREATE TABLE w (id INTEGER, x DOUBLE)");
                st.execute("INSERT INTO w VALUES (1, 2.5), (2, -7.25), (3, 0.5), (4, 10.75)");
                st.execute("CREATE TABLE f AS SELECT * FROM read_csv('" + csv.toString().replace("'", "''") + "', header = true)");
            }
            List<String> failures = new ArrayList<>();
            for (Map.Entry<String, Query> q : QUERIES.entrySet()) {
                String sql = q.getValue().sql();
                RunResult db = sql.contains(" FROM f") ? files : tables;
                List<String> ours = new ArrayList<>();
                List<String> theirs;
                try {
                    for (List<String> row : engine.sql(db.database(), sql).rows()) {
                        ours.add(normalised(row));
                    }
                    theirs = duckRows(duck, q.getValue().duckSql());
                } catch (Exception e) {
                    failures.add(q.getKey() + ": " + sql + "\n  " + e);
                    continue;
                }
                ours.sort(null);
                if (!theirs.equals(ours)) {
                    failures.add(q.getKey() + ": " + sql + "\n  DuckDB:   " + theirs + "\n  Leapfrog: " + ours);
                }
            }
            assertEquals(List.of(), failures, String.join("\n", failures));
        }
    }

    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?(E-?\\d+)?");
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    /** A row's cells joined by '|', each number by value (12 significant digits, no trailing zeros). */
    private static String normalised(List<String> row) {
        List<String> cells = new ArrayList<>();
        for (String v : row) {
            if (NUMBER.matcher(v).matches()) {
                BigDecimal d = new BigDecimal(v).round(new MathContext(12)).stripTrailingZeros();
                v = d.signum() == 0 ? "0" : d.toPlainString();
            }
            cells.add(v);
        }
        return String.join("|", cells);
    }

    private static List<String> duckRows(Connection duck, String q) throws Exception {
        List<String> out = new ArrayList<>();
        try (Statement st = duck.createStatement(); ResultSet rs = st.executeQuery(q)) {
            int width = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int c = 1; c <= width; c++) {
                    Object v = rs.getObject(c);
                    if (v instanceof Timestamp t) {
                        v = TIMESTAMP.format(t.toLocalDateTime());
                    } else if (v instanceof LocalDateTime t) {
                        v = TIMESTAMP.format(t);
                    } else if (v instanceof BigDecimal d) {
                        v = d.toPlainString();
                    }
                    row.add(v == null ? "NULL" : v.toString());
                }
                out.add(normalised(row));
            }
        }
        out.sort(null);
        return out;
    }
}
