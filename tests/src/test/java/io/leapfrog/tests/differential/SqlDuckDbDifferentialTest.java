package io.leapfrog.tests.differential;

import io.leapfrog.engine.Engine;
import io.leapfrog.engine.EngineOptions;
import io.leapfrog.engine.RunResult;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * LEFT, RIGHT and FULL OUTER JOINs, INTERSECT and EXCEPT (with and without ALL), and window functions
 * (ranks, NTILE, LAG, LEAD, FIRST_VALUE, LAST_VALUE and aggregates over ROWS and RANGE frames), grouping
 * sets (ROLLUP, CUBE, GROUPING SETS, GROUPING) and aggregate FILTERs through Leapfrog's SQL
 * against DuckDB, on random tables: equality conditions, equality with a residual condition, conditions
 * without equality, outer joins under inner joins, WHERE ... IS NULL after an outer join, and aggregates
 * over one. Rows compared as sorted multisets with NULL spelled out.
 */
class SqlDuckDbDifferentialTest {
    private static final List<String> QUERIES = List.of(
            "SELECT r.a, r.b, s.a, s.b FROM r LEFT JOIN s ON r.b = s.a",
            "SELECT r.a, s.b FROM r RIGHT JOIN s ON r.b = s.a",
            "SELECT r.a, r.b, s.a, s.b FROM r FULL OUTER JOIN s ON r.b = s.a",
            "SELECT r.a, s.b FROM r LEFT JOIN s ON r.b = s.a AND s.b > r.a",
            "SELECT r.a, s.a FROM r FULL JOIN s ON r.a < s.a - 3",
            "SELECT r.a, s.b, t.b FROM r LEFT JOIN s ON r.b = s.a JOIN r t ON t.a = r.b",
            "SELECT r.a, r.b FROM r LEFT JOIN s ON r.b = s.a WHERE s.a IS NULL",
            "SELECT r.a, COUNT(s.b), COUNT(*) FROM r LEFT JOIN s ON r.b = s.a GROUP BY r.a",
            "SELECT x.a, y.b FROM r x RIGHT JOIN s y ON x.a = y.b RIGHT JOIN r z ON z.b = y.a",
            // set operations, as sets and as multisets
            "SELECT a FROM r INTERSECT SELECT b FROM s",
            "SELECT a FROM r INTERSECT ALL SELECT b FROM s",
            "SELECT b FROM r EXCEPT SELECT a FROM s",
            "SELECT b FROM r EXCEPT ALL SELECT a FROM s",
            "SELECT a FROM r EXCEPT SELECT a FROM s EXCEPT SELECT b FROM s",
            // window functions (orders total within each partition where the function depends on it)
            "SELECT a, b, ROW_NUMBER() OVER (PARTITION BY a ORDER BY b) FROM r",
            "SELECT a, b, RANK() OVER (ORDER BY a), DENSE_RANK() OVER (ORDER BY a DESC) FROM r",
            "SELECT a, b, SUM(b) OVER (PARTITION BY a ORDER BY b) FROM r",
            "SELECT a, b, SUM(b) OVER (ORDER BY a) FROM r",
            "SELECT a, b, COUNT(*) OVER (PARTITION BY b), MAX(a) OVER () FROM r",
            "SELECT a, b, MIN(b) OVER (ORDER BY a, b ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING) FROM r",
            "SELECT a, b, SUM(b) OVER (ORDER BY a, b ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM r",
            "SELECT a, b, AVG(CAST(b AS DOUBLE)) OVER (PARTITION BY a), COUNT(b) OVER (ORDER BY b RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM r",
            "SELECT r.a, s.b, ROW_NUMBER() OVER (PARTITION BY r.a ORDER BY s.b, s.a) FROM r JOIN s ON r.b = s.a",
            "SELECT a, b, LAG(b) OVER (PARTITION BY a ORDER BY b), LEAD(b, 2, -1) OVER (ORDER BY a, b) FROM r",
            "SELECT a, b, FIRST_VALUE(b) OVER (PARTITION BY a ORDER BY b), LAST_VALUE(b) OVER (ORDER BY a, b"
                    + " ROWS BETWEEN 1 PRECEDING AND 2 FOLLOWING), NTILE(3) OVER (ORDER BY a, b) FROM r",
            // grouping sets and aggregate filters
            "SELECT a, b, COUNT(*), SUM(b) FROM r GROUP BY ROLLUP (a, b)",
            "SELECT a, b, COUNT(*), GROUPING(a, b) FROM r GROUP BY CUBE (a, b)",
            "SELECT a, b, MAX(b) FROM r GROUP BY GROUPING SETS ((a), (b), ())",
            "SELECT a, COUNT(*) FILTER (WHERE b > 3), SUM(b) FILTER (WHERE b < a) FROM r GROUP BY a");

    @Test
    void outerJoinsEqualDuckDbs() throws Exception {
        Random random = new Random(42);
        for (int round = 0; round < 4; round++) {
            List<int[]> r = rows(random, 12 + 8 * round, 8);
            List<int[]> s = rows(random, 10 + 6 * round, 8);
            StringBuilder program = new StringBuilder(".decl r(a:number, b:number)\n.decl s(a:number, b:number)\n");
            facts(program, "r", r);
            facts(program, "s", s);
            try (Engine engine = new Engine(EngineOptions.defaults().withThreads(2));
                 Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
                RunResult run = engine.run(engine.parse(program.toString(), "tables.dl"), null, null);
                try (Statement st = duck.createStatement()) {
                    st.execute("CREATE TABLE r (a INTEGER, b INTEGER)");
                    st.execute("CREATE TABLE s (a INTEGER, b INTEGER)");
                    insert(st, "r", r);
                    insert(st, "s", s);
                }
                for (String q : QUERIES) {
                    List<String> ours = new ArrayList<>();
                    for (List<String> row : engine.sql(run.database(), q).rows()) {
                        ours.add(String.join("|", row));
                    }
                    ours.sort(null);
                    assertEquals(duckRows(duck, q), ours, "round " + round + ": " + q);
                }
            }
        }
    }

    private static List<int[]> rows(Random random, int n, int domain) {
        TreeSet<String> seen = new TreeSet<>();
        List<int[]> out = new ArrayList<>();
        while (out.size() < n) {
            int[] row = {random.nextInt(domain), random.nextInt(domain)};
            if (seen.add(row[0] + "," + row[1])) {
                out.add(row);
            }
        }
        return out;
    }

    private static void facts(StringBuilder program, String name, List<int[]> rows) {
        for (int[] row : rows) {
            program.append(name).append('(').append(row[0]).append(", ").append(row[1]).append(").\n");
        }
    }

    private static void insert(Statement st, String table, List<int[]> rows) throws Exception {
        for (int[] row : rows) {
            st.execute("INSERT INTO " + table + " VALUES (" + row[0] + ", " + row[1] + ")");
        }
    }

    private static List<String> duckRows(Connection duck, String q) throws Exception {
        List<String> out = new ArrayList<>();
        try (Statement st = duck.createStatement(); ResultSet rs = st.executeQuery(q)) {
            int width = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int c = 1; c <= width; c++) {
                    Object v = rs.getObject(c);
                    row.add(v == null ? "NULL" : v.toString());
                }
                out.add(String.join("|", row));
            }
        }
        out.sort(null);
        return out;
    }
}
