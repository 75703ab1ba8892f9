package io.leapfrog.engine.api;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.engine.EngineOptions;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The typed embedding API: facts from Java, typed cursors, SQL with NULL, re-evaluation, checks, cancel. */
class SessionTest {
    private static final String CLOSURE = ".decl edge(x:number, y:number)\n.input edge\n"
            + ".decl path(x:number, y:number)\n.output path\n"
            + "path(x, y) :- edge(x, y).\npath(x, z) :- path(x, y), edge(y, z).\n";

    static EngineOptions quiet() {
        return EngineOptions.defaults().withThreads(2).withOut(new PrintStream(OutputStream.nullOutputStream()));
    }

    static List<String> rows(RowCursor c) {
        List<String> out = new ArrayList<>();
        while (c.next()) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < c.columnCount(); i++) {
                sb.append(i == 0 ? "" : "\t").append(c.getString(i));
            }
            out.add(sb.toString());
        }
        return out;
    }

    @Test
    void closureOfColumnsReadsBackAsIntsAndWritesNoFile() {
        assertFalse(Files.exists(Path.of("path.csv")), "no path.csv before the test");
        try (Session s = Session.open(CLOSURE, "tc.dl", quiet())) {
            s.insertColumns("edge", new int[]{1, 2, 3}, new int[]{2, 3, 4});
            Results r = s.evaluate();
            assertEquals(6, r.size("path"));
            assertEquals(List.of("x", "y"), r.columnNames("path"));
            assertEquals(List.of("number", "number"), r.columnTypes("path"));
            List<String> pairs = new ArrayList<>();
            try (RowCursor c = r.rows("path")) {
                while (c.next()) {
                    pairs.add(c.getInt(0) + "-" + c.getLong(1));
                }
            }
            assertEquals(List.of("1-2", "1-3", "1-4", "2-3", "2-4", "3-4"), pairs);
        }
        assertFalse(Files.exists(Path.of("path.csv")), ".output is not written by a session");
    }

    @Test
    void insertionsAndRetractionsAfterAnEvaluationCountAtTheNext() {
        try (Session s = Session.open(CLOSURE, "tc.dl", quiet())) {
            s.insert("edge", 1, 2);
            s.insertRows("edge", List.of(new Object[]{2, 3}, new Object[]{3, 4}));
            Results first = s.evaluate();
            assertEquals(6, first.size("path"));
            s.insertRows("edge", Stream.of(new Object[][]{{4, 5}}));
            s.appender("edge").addInts(5, 6).add(6L, 7);
            Results second = s.evaluate();
            assertEquals(21, second.size("path"));
            assertEquals(6, first.size("path"), "earlier results stay as they were");
            s.retract("edge", 3, 4);
            assertEquals(3 + 6, s.evaluate().size("path"));
            s.retractRows("edge", List.of(new Object[]{1, 2}, new Object[]{9, 9}));
            assertEquals(1 + 6, s.evaluate().size("path"));
            s.clear("edge");
            assertEquals(0, s.evaluate().size("path"));
        }
    }

    @Test
    void everyColumnTypeRoundTrips() {
        String program = ".decl t(n:number, u:unsigned, f:float, s:symbol)\n.decl c(n:number, u:unsigned, f:float, s:symbol)\n"
                + "c(n, u, f, s) :- t(n, u, f, s).\n";
        try (Session s = Session.open(program, "types.dl", quiet())) {
            s.insert("t", -7, 4_000_000_000L, 2.5, "héllo wörld");
            s.insertColumns("t", new long[]{Integer.MIN_VALUE}, new int[]{0}, new float[]{-0.125f}, new String[]{""});
            Results r = s.evaluate();
            assertEquals(List.of("number", "unsigned", "float", "symbol"), r.columnTypes("c"));
            try (RowCursor c = r.rows("c")) {
                assertTrue(c.next());
                assertEquals(Integer.MIN_VALUE, c.getInt(0));
                assertEquals(0, c.getInt(1));
                assertEquals(-0.125, c.getDouble(2));
                assertEquals("", c.getString(3));
                assertTrue(c.next());
                assertEquals(-7, c.getObject(0));
                assertEquals(4_000_000_000L, c.getLong(1));
                assertEquals(4_000_000_000L, c.getObject(1));
                IllegalStateException tooBig = assertThrows(IllegalStateException.class, () -> c.getInt(1));
                assertTrue(tooBig.getMessage().contains("use getLong"), tooBig.getMessage());
                assertEquals(2.5f, c.getObject(2));
                assertEquals("2.5", c.getString(2));
                assertEquals("héllo wörld", c.getObject(3));
                IllegalStateException symbol = assertThrows(IllegalStateException.class, () -> c.getInt(3));
                assertEquals("relation c, column 3 (s:symbol): use getString", symbol.getMessage());
                assertFalse(c.isNull(3));
                assertFalse(c.next());
            }
        }
    }

    @Test
    void sqlOverTheEvaluatedRelationsGivesNullAsJavaNull() {
        String program = ".decl edge(x:number, y:number)\n.decl label(x:number, name:symbol)\n";
        try (Session s = Session.open(program, "sql.dl", quiet())) {
            s.insertColumns("edge", new int[]{1, 2}, new int[]{2, 3});
            s.insert("label", 2, "two");
            Results r = s.evaluate();
            try (RowCursor c = r.sql("SELECT e.x, l.name, e.y * 10 AS ten FROM edge e LEFT JOIN label l ON e.y = l.x ORDER BY e.x")) {
                assertEquals(List.of("x", "name", "ten"), c.columnNames());
                assertEquals("INTEGER", c.columnTypes().get(0));
                assertTrue(c.next());
                assertEquals(1, c.getInt(0));
                assertEquals("two", c.getString(1));
                assertEquals(20L, c.getLong(2));
                assertTrue(c.next());
                assertEquals(2, c.getInt(0));
                assertTrue(c.isNull(1));
                assertNull(c.getString(1));
                assertNull(c.getObject(1));
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> c.getInt(1));
                assertTrue(e.getMessage().contains("test isNull first"), e.getMessage());
                assertEquals(30.0, c.getDouble(2));
                assertFalse(c.next());
            }
        }
    }

    @Test
    void valuesThatDoNotFitTheirColumnsAreRejectedNamingRelationColumnAndRow() {
        String program = ".decl t(n:number, u:unsigned, f:float, s:symbol)\n";
        try (Session s = Session.open(program, "types.dl", quiet())) {
            assertEquals("relation t, column 0 (n:number), row 1: got 3000000000, outside number's range -2147483648 .. 2147483647",
                    assertThrows(IllegalArgumentException.class, () -> s.insertRows("t", List.of(
                            new Object[]{1, 1, 1.0, "a"}, new Object[]{3_000_000_000L, 1, 1.0, "a"}))).getMessage());
            assertEquals("relation t, column 1 (u:unsigned), row 2: got -1, outside unsigned's range 0 .. 4294967295",
                    assertThrows(IllegalArgumentException.class, () -> s.insertColumns("t", new int[]{1, 2, 3},
                            new int[]{0, 5, -1}, new double[3], new String[]{"a", "b", "c"})).getMessage());
            assertEquals("relation t, column 3 (s:symbol), row 0: got Integer 5; give a String",
                    assertThrows(IllegalArgumentException.class, () -> s.insert("t", 1, 2, 3.0, 5)).getMessage());
            assertEquals("relation t, column 2 (f:float), row 0: got null; a relation holds no NULL, give a Float or Double",
                    assertThrows(IllegalArgumentException.class, () -> s.insert("t", 1, 2, null, "x")).getMessage());
            assertEquals("relation t, column 0 (n:number), row 0: got String \"7\"; give an Integer (or a Long in the int range)",
                    assertThrows(IllegalArgumentException.class, () -> s.insert("t", "7", 2, 1.0, "x")).getMessage());
            assertEquals("relation t has 4 columns, row 0 has 2 values",
                    assertThrows(IllegalArgumentException.class, () -> s.insert("t", 1, 2)).getMessage());
            assertEquals("relation t, column 2 (f:float): got int[] as the column; give a float[] or double[]",
                    assertThrows(IllegalArgumentException.class, () -> s.insertColumns("t", new int[1], new int[1],
                            new int[1], new String[]{"a"})).getMessage());
            assertEquals("relation t, column 0 (n:number): got Integer as the column; give an int[] or long[]",
                    assertThrows(IllegalArgumentException.class, () -> s.insertColumns("t", 5, new int[1],
                            new float[1], new String[]{"a"})).getMessage());
            assertEquals("relation t: column 0 has 2 values, column 1 has 1; give columns of one length",
                    assertThrows(IllegalArgumentException.class, () -> s.insertColumns("t", new int[2], new int[1],
                            new float[2], new String[2])).getMessage());
            assertEquals("unknown relation 'nope'; facts can be given to: t",
                    assertThrows(IllegalArgumentException.class, () -> s.insert("nope", 1)).getMessage());
            assertEquals(0, s.evaluate().size("t"), "nothing of a rejected call was added");
        }
    }

    @Test
    void cancelAndTimeoutStopALongEvaluationAndTheSessionGoesOn() throws Exception {
        int n = 3_000;
        int[] from = new int[n];
        int[] to = new int[n];
        for (int i = 0; i < n; i++) {
            from[i] = i;
            to[i] = i + 1;
        }
        try (Session s = Session.open(CLOSURE, "tc.dl", quiet())) {
            s.insertColumns("edge", from, to);
            long t0 = System.nanoTime();
            LeapfrogException timedOut = assertThrows(LeapfrogException.class, () -> s.evaluate(Duration.ofMillis(200)));
            assertTrue(timedOut.getMessage().contains("timeout of PT0.2S"), timedOut.getMessage());
            assertTrue(System.nanoTime() - t0 < 10_000_000_000L, "stopped within 10 s");
            assertFalse(Thread.currentThread().isInterrupted(), "the interrupt is not left on the caller's thread");

            var run = java.util.concurrent.CompletableFuture.supplyAsync(s::evaluate);
            Thread.sleep(300);
            s.cancel();
            var e = assertThrows(java.util.concurrent.ExecutionException.class, () -> run.get(10, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals("error: evaluation cancelled", e.getCause().getMessage());

            s.clear("edge");
            s.insertColumns("edge", Arrays.copyOf(from, 3), Arrays.copyOf(to, 3));
            assertEquals(6, s.evaluate(Duration.ofMinutes(1)).size("path"));
        }
    }

    @Test
    void aMillionRowsLoadFromColumnsAndEvaluate() {
        int n = 1_000_000;
        int[] from = new int[n];
        int[] to = new int[n];
        java.util.Random random = new java.util.Random(7);
        for (int i = 0; i < n; i++) {
            from[i] = random.nextInt(200_000);
            to[i] = random.nextInt(200_000);
        }
        long expected = java.util.stream.IntStream.range(0, n).filter(i -> from[i] < to[i])
                .mapToLong(i -> (long) from[i] << 32 | to[i]).distinct().count();
        try (Session s = Session.open(".decl edge(x:number, y:number)\n.decl up(x:number, y:number)\n"
                + "up(x, y) :- edge(x, y), x < y.\n", "up.dl", quiet())) {
            s.insertColumns("edge", from, to);
            Results r = s.evaluate();
            assertEquals(expected, r.size("up"));
            long rows = 0;
            try (RowCursor c = r.rows("up")) {
                while (c.next()) {
                    assertTrue(c.getInt(0) < c.getInt(1));
                    rows++;
                }
            }
            assertEquals(expected, rows);
        }
    }

    @Test
    void aProgramErrorIsALeapfrogExceptionWithItsPosition() {
        LeapfrogException e = assertThrows(LeapfrogException.class, () -> Session.open(".decl a(x:number)\nb(1).\n", "bad.dl", quiet()));
        assertTrue(e.getMessage().startsWith("bad.dl:2:"), e.getMessage());
    }

    @Test
    void cursorMisuseSaysWhatToDo() {
        try (Session s = Session.open(".decl a(x:number)\na(1).\n", "a.dl", quiet())) {
            RowCursor c = s.evaluate().rows("a");
            assertEquals("no current row: call next() first", assertThrows(IllegalStateException.class, () -> c.getInt(0)).getMessage());
            assertTrue(c.next());
            assertThrows(IndexOutOfBoundsException.class, () -> c.getInt(1));
            assertFalse(c.next());
            assertEquals("the cursor is past its last row", assertThrows(IllegalStateException.class, () -> c.getInt(0)).getMessage());
        }
    }
}
