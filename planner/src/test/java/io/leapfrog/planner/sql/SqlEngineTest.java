package io.leapfrog.planner.sql;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.NotSupportedException;
import io.leapfrog.exec.storage.RelationBuilder;
import io.leapfrog.exec.storage.SymbolTable;
import io.leapfrog.planner.calcite.LogicalLeapfrogJoin;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SqlEngineTest {

    /** A small graph with 4 triangles ({1,2,3},{1,2,4},{1,3,4},{2,3,4}) plus a tail 4->5 and a loop 5->5. */
    private static final int[][] EDGES = {{1, 2}, {2, 3}, {1, 3}, {3, 4}, {2, 4}, {1, 4}, {4, 5}, {5, 5}};

    private final SqlEngine sql = new SqlEngine(catalog(), 2);

    private static Catalog catalog() {
        SymbolTable symbols = new SymbolTable();
        RelationBuilder e = new RelationBuilder(2);
        for (int[] edge : EDGES) {
            e.add(edge);
        }
        RelationBuilder person = new RelationBuilder(2);
        person.add(symbols.intern("carol"), 30);
        person.add(symbols.intern("alice"), 30);
        person.add(symbols.intern("bob"), 25);
        RelationBuilder knows = new RelationBuilder(2);
        knows.add(symbols.intern("alice"), symbols.intern("bob"));
        knows.add(symbols.intern("bob"), symbols.intern("carol"));
        knows.add(symbols.intern("alice"), symbols.intern("carol"));
        return new Catalog(List.of(
                new Catalog.TableInfo("e", List.of("src", "dst"), List.of(ColumnKind.NUMBER, ColumnKind.NUMBER), e.build()),
                new Catalog.TableInfo("person", List.of("name", "age"), List.of(ColumnKind.SYMBOL, ColumnKind.NUMBER), person.build()),
                new Catalog.TableInfo("knows", List.of("a", "b"), List.of(ColumnKind.SYMBOL, ColumnKind.SYMBOL), knows.build())),
                symbols);
    }

    private List<String> rows(String query) {
        List<String> out = new ArrayList<>();
        for (List<Object> r : sql.execute(query).values()) {
            out.add(r.toString());
        }
        return out;
    }

    private static final String TRIANGLES = "SELECT COUNT(*) FROM e a, e b, e c "
            + "WHERE a.dst = b.src AND b.dst = c.dst AND a.src = c.src AND a.src < a.dst AND b.src < b.dst";

    @Test
    void triangleCountIsOneCountedLeapfrogJoin() {
        RelNode plan = sql.plan(TRIANGLES);
        EnumerableLeapfrogJoin counted = assertInstanceOf(EnumerableLeapfrogJoin.class, plan, RelOptUtil.toString(plan));
        assertEquals(EnumerableLeapfrogJoin.Output.COUNT, counted.output(), RelOptUtil.toString(plan));
        LogicalLeapfrogJoin join = counted.join();
        assertEquals(3, counted.getInputs().size());
        assertEquals(3, join.getInputs().size());
        assertEquals(3, join.order().length, "a.src, a.dst=b.src, b.dst=c.dst");
        assertEquals(2, join.predicates().size());
        assertEquals(List.of("[4]"), rows(TRIANGLES));
    }

    @Test
    void explainShowsTheLevels() {
        String explain = sql.explain(TRIANGLES);
        assertTrue(explain.contains("EnumerableLeapfrogJoin(output=[count], order="), explain);
        assertTrue(explain.contains("device=[cpu-lftj]"), explain);
        assertTrue(explain.contains("level2="), explain);
        assertTrue(explain.contains("fire [e#0.src < e#0.dst]"), explain);
    }

    @Test
    void pathJoinKeepsDuplicatesLikeSql() {
        assertEquals(List.of("[1, 3]", "[1, 4]", "[1, 4]", "[1, 5]"),
                rows("SELECT a.src, b.dst FROM e a JOIN e b ON a.dst = b.src WHERE a.src = 1 ORDER BY 1, 2"));
    }

    @Test
    void sameTableColumnsEqualIsASelection() {
        assertEquals(List.of("[5]"), rows("SELECT a.src FROM e a, e b WHERE a.src = a.dst AND b.dst = a.src AND b.src = 4"));
    }

    @Test
    void groupByWithAggregates() {
        assertEquals(List.of("[1, 3, 2, 4, 9]", "[2, 2, 3, 4, 7]", "[3, 1, 4, 4, 4]", "[4, 1, 5, 5, 5]", "[5, 1, 5, 5, 5]"),
                rows("SELECT src, COUNT(*), MIN(dst), MAX(dst), SUM(dst) FROM e GROUP BY src ORDER BY src"));
        assertEquals(List.of("[5, 8]"), rows("SELECT COUNT(DISTINCT src), COUNT(dst) FROM e"));
        assertEquals(List.of("[3.25]"), rows("SELECT AVG(CAST(dst AS DOUBLE)) FROM e WHERE src = 1 OR src = 2 AND dst = 4"));
    }

    @Test
    void symbolsCompareAsStrings() {
        assertEquals(List.of("[alice]", "[carol]"), rows("SELECT name FROM person WHERE age = 30 ORDER BY name"));
        assertEquals(List.of("[bob, 25, carol]"),
                rows("SELECT p.name, p.age, k.b FROM person p JOIN knows k ON p.name = k.a WHERE k.b > 'bob'"
                        + " AND p.age < 30"));
        assertEquals(List.of("[alice, carol]"),
                rows("SELECT k1.a, k2.b FROM knows k1, knows k2, knows k3 WHERE k1.b = k2.a AND k3.a = k1.a AND k3.b = k2.b"));
    }

    @Test
    void constantSelectionsInsideJoins() {
        assertEquals(List.of("[alice, bob, carol]"),
                rows("SELECT k1.a, k1.b, k2.b FROM knows k1 JOIN knows k2 ON k1.b = k2.a WHERE k1.a = 'alice'"));
        assertEquals(List.of(), rows("SELECT k1.a FROM knows k1 JOIN knows k2 ON k1.b = k2.a WHERE k1.a = 'zed'"));
        assertEquals(List.of("[2, 3]"), rows("SELECT b.src, b.dst FROM e a JOIN e b ON a.dst = b.src WHERE a.src = 1 AND b.dst = 3"));
    }

    @Test
    void limitOffsetUnionValuesAndCasing() {
        assertEquals(List.of("[2]", "[3]"), rows("SELECT DISTINCT SRC FROM E ORDER BY src LIMIT 2 OFFSET 1"));
        assertEquals(List.of("[1]", "[5]", "[7]"),
                rows("SELECT src FROM e WHERE dst = 2 UNION SELECT dst FROM e WHERE src = 5 UNION VALUES (7) ORDER BY 1"));
    }

    @Test
    void inListsRangesHavingAndDescendingOrder() {
        assertEquals(List.of("[4, 5]", "[1, 2]"), rows("SELECT src, dst FROM e WHERE src IN (1, 4) AND dst BETWEEN 2 AND 5 "
                + "AND dst <> 3 AND dst <> 4 ORDER BY src DESC"));
        assertEquals(List.of("[1, 3]", "[2, 2]"), rows("SELECT src, COUNT(*) AS n FROM e GROUP BY src HAVING COUNT(*) > 1 ORDER BY n DESC"));
        assertEquals(List.of("[2]", "[3]"), rows("SELECT b.src FROM e a JOIN e b ON a.dst = b.src WHERE a.src = 1 AND b.dst IN (3, 4) "
                + "AND b.src NOT IN (4) GROUP BY b.src ORDER BY 1"));
    }

    @Test
    void subqueriesKeepBagSemantics() {
        // x.s repeats 1 three times and 2 twice: the join with e must keep those duplicates
        assertEquals(List.of("[2, 2]", "[3, 2]", "[4, 3]", "[5, 2]"),
                rows("SELECT x.s, COUNT(*) FROM (SELECT src AS s FROM e) x JOIN e ON x.s = e.dst GROUP BY x.s ORDER BY 1"));
        assertEquals(List.of("[1]", "[1]", "[2]"),
                rows("SELECT src FROM e a WHERE EXISTS (SELECT 1 FROM e b WHERE b.src = a.dst AND b.dst = 4) ORDER BY 1"));
        assertEquals(List.of("[1]", "[1]", "[2]"),
                rows("SELECT src FROM e WHERE dst IN (SELECT src FROM e WHERE dst = 4) ORDER BY 1"));
    }

    @Test
    void expressionsInTheSelectList() {
        assertEquals(List.of("[3, small, bob!]", "[3, small, bob!]", "[3, big, bob!]"),
                rows("SELECT src * 2 + 1, CASE WHEN dst > 3 THEN 'big' ELSE 'small' END, name || '!' "
                        + "FROM e, person WHERE src = 1 AND age = 25 ORDER BY dst"));
        LeapfrogException zero = assertThrows(LeapfrogException.class, () -> sql.execute("SELECT src / 0 FROM e"));
        assertEquals("sql: error: division by zero", zero.getMessage());
    }

    @Test
    void emptyInputCountsZero() {
        assertEquals(List.of("[0]"), rows("SELECT COUNT(*) FROM e a, e b WHERE a.dst = b.src AND a.src = 99"));
        assertEquals(List.of("[0, null]"), rows("SELECT COUNT(*), MAX(src) FROM e WHERE src > 100"));
    }

    @Test
    void errorsCarryThePosition() {
        LeapfrogException unknownColumn = assertThrows(LeapfrogException.class, () -> sql.execute("SELECT x\nFROM e"));
        assertTrue(unknownColumn.getMessage().startsWith("sql:1:8: error: Column 'x' not found"), unknownColumn.getMessage());
        assertTrue(unknownColumn.getMessage().endsWith("SELECT x\n       ^"), unknownColumn.getMessage());
        LeapfrogException unknownTable = assertThrows(LeapfrogException.class, () -> sql.execute("SELECT * FROM nope"));
        assertTrue(unknownTable.getMessage().startsWith("sql:1:15: error: Object 'nope' not found"), unknownTable.getMessage());
        LeapfrogException syntax = assertThrows(LeapfrogException.class, () -> sql.execute("SELECT src FROM e WHERE"));
        assertTrue(syntax.getMessage().startsWith("sql:1:"), syntax.getMessage());
        assertTrue(syntax.getMessage().contains("syntax error"), syntax.getMessage());
    }

    @Test
    void unsupportedFeaturesSaySo() {
        NotSupportedException window = assertThrows(NotSupportedException.class,
                () -> sql.execute("SELECT PERCENT_RANK() OVER (ORDER BY src) FROM e"));
        assertTrue(window.getMessage().startsWith("not supported: the window function PERCENT_RANK"), window.getMessage());
    }

    @Test
    void rangeFramesWithAnOffsetRunOnCalcite() {
        // sorted src: 1,1,1,2,2,3,4,5; each row sums the src values within 2 below its own
        assertEquals(List.of("[3]", "[3]", "[3]", "[7]", "[7]", "[10]", "[11]", "[12]"),
                rows("SELECT s FROM (SELECT SUM(src) OVER (ORDER BY src RANGE BETWEEN 2 PRECEDING AND CURRENT ROW) AS s"
                        + " FROM e) ORDER BY s"));
    }

    @Test
    void aTrailingSemicolonEndsTheStatement() {
        assertEquals(List.of("[8]"), rows("SELECT COUNT(*) FROM e;"));
        assertEquals(List.of("[8]"), rows("SELECT COUNT(*) FROM e ; \n"));
    }

    @Test
    void currentDateIsADate() {
        Object today = sql.execute("SELECT CURRENT_DATE").values().get(0).get(0);
        LocalDate date = assertInstanceOf(LocalDate.class, today);
        assertTrue(Math.abs(date.toEpochDay() - LocalDate.now().toEpochDay()) <= 1, date.toString());
        assertEquals(List.of("[2024-02-01, 2024-02-29]"),
                rows("SELECT DATE '2024-01-31' + INTERVAL '1' DAY, DATE '2024-01-31' + INTERVAL '1' MONTH"));
    }

    @Test
    void withRecursiveComputesATransitiveClosure() {
        // 1 reaches 2,3,4,5; 2 reaches 3,4,5; 3 reaches 4,5; 4 and 5 reach 5
        assertEquals(List.of("[11]"), rows("WITH RECURSIVE tc(x, y) AS (SELECT src, dst FROM e UNION"
                + " SELECT tc.x, e.dst FROM tc JOIN e ON tc.y = e.src) SELECT COUNT(*) FROM tc"));
        assertEquals(List.of("[2, 3]", "[2, 4]", "[2, 5]"), rows("WITH RECURSIVE tc(x, y) AS (SELECT src, dst FROM e UNION"
                + " SELECT tc.x, e.dst FROM tc JOIN e ON tc.y = e.src) SELECT x, y FROM tc WHERE x = 2 ORDER BY y"));
    }

    @Test
    void stringAndNumberFunctions() {
        assertEquals(List.of("[ALICE, alice, lic, 5, 1, ALICE-30, 9, 3]"),
                rows("SELECT UPPER(name), LOWER(TRIM(' ' || name || ' ')), SUBSTRING(name FROM 2 FOR 3), CHAR_LENGTH(name),"
                        + " POSITION('a' IN name), REPLACE(UPPER(name), 'x', 'y') || '-' || CAST(age AS VARCHAR),"
                        + " ABS(-9), MOD(age, 9) FROM person WHERE name = 'alice'"));
        assertEquals(List.of("[2.35, 3, 2, 8.0, 3.0, none, null, big]"),
                rows("SELECT ROUND(2.345, 2), CEIL(2.1), FLOOR(2.9), POWER(2, 3), SQRT(9), COALESCE(NULL, 'none'),"
                        + " NULLIF(src, 1), CASE WHEN dst > 3 THEN 'big' ELSE 'small' END FROM e WHERE src = 1 AND dst = 4"));
        assertEquals(List.of("[alice30, 2024, 3]"), rows("SELECT CONCAT(name, age), EXTRACT(YEAR FROM DATE '2024-03-15'),"
                + " EXTRACT(MONTH FROM DATE '2024-03-15') FROM person WHERE name = 'alice'"));
    }

    @Test
    void nullableTextColumnsReadEmptyCellsAsNull() {
        SymbolTable symbols = new SymbolTable();
        RelationBuilder t = new RelationBuilder(3);
        t.add(1, symbols.intern("10"), symbols.intern("x"));
        t.add(2, symbols.intern(""), symbols.intern("y"));
        t.add(3, symbols.intern(" 30 "), symbols.intern(""));
        RelationBuilder bad = new RelationBuilder(1);
        bad.add(symbols.intern("ten"));
        SqlEngine withNulls = new SqlEngine(new Catalog(List.of(
                new Catalog.TableInfo("t", List.of("id", "score", "label"),
                        List.of(ColumnKind.NUMBER, ColumnKind.NULLABLE_NUMBER, ColumnKind.NULLABLE_SYMBOL), t.build()),
                new Catalog.TableInfo("bad", List.of("n"), List.of(ColumnKind.NULLABLE_NUMBER), bad.build())), symbols), 2);
        List<String> rows = new ArrayList<>();
        for (List<Object> r : withNulls.execute("SELECT id, score, label, score + 1 FROM t ORDER BY id").values()) {
            rows.add(r.toString());
        }
        assertEquals(List.of("[1, 10, x, 11]", "[2, null, y, null]", "[3, 30, null, 31]"), rows);
        assertEquals(List.of(Arrays.asList(3L, 2L, 40L, 2L)),
                withNulls.execute("SELECT COUNT(*), COUNT(score), SUM(score), COUNT(label) FROM t").values());
        LeapfrogException notANumber = assertThrows(LeapfrogException.class, () -> withNulls.execute("SELECT n FROM bad"));
        assertTrue(notANumber.getMessage().startsWith("sql: error: table bad, column n holds 'ten', which is not a 32-bit"
                + " integer"), notANumber.getMessage());
    }

    @Test
    void errorsWhileRunningAreOneLine() {
        LeapfrogException cast = assertThrows(LeapfrogException.class,
                () -> sql.execute("SELECT CAST(name AS INTEGER) FROM person"));
        assertTrue(cast.getMessage().startsWith("sql: error: not a number: "), cast.getMessage());
        assertTrue(!cast.getMessage().contains("\n"), cast.getMessage());
        // constants Calcite computes once, in a static initializer of its generated code
        LeapfrogException constant = assertThrows(LeapfrogException.class, () -> sql.execute("SELECT src FROM e WHERE src = 'x'"));
        assertTrue(constant.getMessage().startsWith("sql: error: not a number: "), constant.getMessage());
        LeapfrogException zero = assertThrows(LeapfrogException.class, () -> sql.execute("SELECT 1 / 0"));
        assertEquals("sql: error: division by zero", zero.getMessage());
        NotSupportedException insert = assertThrows(NotSupportedException.class, () -> sql.execute("INSERT INTO e VALUES (1, 2)"));
        assertTrue(insert.getMessage().startsWith("not supported: INSERT statements"), insert.getMessage());
    }

    @Test
    void sumsOfIntegersAreBigints() {
        assertEquals(List.of(List.of(4294967294L)),
                sql.execute("SELECT SUM(x) FROM (VALUES (2147483647), (2147483647)) AS t(x)").values());
    }
}
