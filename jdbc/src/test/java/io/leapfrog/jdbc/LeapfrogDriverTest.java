package io.leapfrog.jdbc;

import io.leapfrog.engine.Database;
import io.leapfrog.engine.Engine;
import io.leapfrog.engine.EngineOptions;
import io.leapfrog.engine.LoadedProgram;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JDBC driver as an application uses it: through DriverManager, statements, prepared statements and metadata. */
class LeapfrogDriverTest {
    private static final String PROGRAM = """
            .decl edge(x:number, y:number)
            .input edge
            .decl path(x:number, y:number)
            path(x, y) :- edge(x, y).
            path(x, z) :- path(x, y), edge(y, z).
            .decl name(v:number, s:symbol)
            .input name
            .output path
            """;

    @TempDir
    Path dir;
    private String url;

    @BeforeEach
    void program() throws Exception {
        Files.writeString(dir.resolve("tc.dl"), PROGRAM);
        Files.writeString(dir.resolve("edge.facts"), "1\t2\n2\t3\n3\t4\n");
        Files.writeString(dir.resolve("name.facts"), "1\tone\n2\ttwo\n4\tfour\n");
        url = "jdbc:leapfrog:program=" + dir.resolve("tc.dl") + ";facts=" + dir + ";threads=2;device=cpu";
    }

    private static List<String> rows(ResultSet rs) throws SQLException {
        List<String> out = new ArrayList<>();
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            StringBuilder sb = new StringBuilder();
            for (int c = 1; c <= n; c++) {
                sb.append(c > 1 ? "," : "").append(rs.getString(c));
            }
            out.add(sb.toString());
        }
        return out;
    }

    @Test
    void queriesAProgramsRelationsThroughDriverManager() throws Exception {
        try (Connection c = DriverManager.getConnection(url);
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT x, y FROM path ORDER BY x, y")) {
            ResultSetMetaData md = rs.getMetaData();
            assertEquals(2, md.getColumnCount());
            assertEquals("x", md.getColumnLabel(1));
            assertEquals(Types.INTEGER, md.getColumnType(2));
            List<String> got = new ArrayList<>();
            while (rs.next()) {
                got.add(rs.getInt(1) + "-" + rs.getInt("y"));
            }
            assertEquals(List.of("1-2", "1-3", "1-4", "2-3", "2-4", "3-4"), got);
            assertFalse(Files.exists(dir.resolve("path.csv")), "a connection writes no output file");
        }
    }

    @Test
    void symbolsAreTextAndNullIsNull() throws Exception {
        try (Connection c = DriverManager.getConnection(url);
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT p.y, n.s FROM path p LEFT JOIN name n ON n.v = p.y WHERE p.x = 1 ORDER BY p.y")) {
            assertEquals(Types.VARCHAR, rs.getMetaData().getColumnType(2));
            assertTrue(rs.next());
            assertEquals("two", rs.getString(2));
            assertTrue(rs.next());
            assertNull(rs.getString(2));
            assertTrue(rs.wasNull());
            assertTrue(rs.next());
            assertEquals("four", rs.getObject(2));
            assertFalse(rs.next());
        }
    }

    @Test
    void preparedStatementsTakeParameters() throws Exception {
        try (Connection c = DriverManager.getConnection(url);
             PreparedStatement p = c.prepareStatement("SELECT y FROM path WHERE x = ? ORDER BY y")) {
            ParameterMetaData pm = p.getParameterMetaData();
            assertEquals(1, pm.getParameterCount());
            assertEquals(Types.INTEGER, pm.getParameterType(1));
            assertEquals(1, p.getMetaData().getColumnCount());
            p.setInt(1, 1);
            try (ResultSet rs = p.executeQuery()) {
                assertEquals(List.of("2", "3", "4"), rows(rs));
            }
            p.setLong(1, 3);
            try (ResultSet rs = p.executeQuery()) {
                assertEquals(List.of("4"), rows(rs));
            }
        }
        try (Connection c = DriverManager.getConnection(url);
             PreparedStatement p = c.prepareStatement("SELECT v FROM name WHERE s = ? OR v > ?")) {
            p.setString(1, "one");
            p.setInt(2, 3);
            try (ResultSet rs = p.executeQuery()) {
                List<String> got = rows(rs);
                got.sort(null);
                assertEquals(List.of("1", "4"), got);
            }
        }
    }

    @Test
    void metadataListsRelationsAndColumns() throws Exception {
        try (Connection c = DriverManager.getConnection(url)) {
            DatabaseMetaData md = c.getMetaData();
            assertEquals("Leapfrog", md.getDatabaseProductName());
            try (ResultSet rs = md.getTables(null, null, "%", null)) {
                List<String> tables = new ArrayList<>();
                while (rs.next()) {
                    tables.add(rs.getString("TABLE_NAME") + ":" + rs.getString("TABLE_TYPE"));
                }
                assertEquals(List.of("edge:TABLE", "name:TABLE", "path:TABLE"), tables);
            }
            try (ResultSet rs = md.getTables(null, null, "pa%", new String[]{"TABLE"})) {
                assertEquals(List.of("null,,path,TABLE,a relation of " + dir.resolve("tc.dl") + " over " + dir
                        + ",null,null,null,null,null"), rows(rs));
            }
            try (ResultSet rs = md.getColumns(null, null, "name", null)) {
                List<String> cols = new ArrayList<>();
                while (rs.next()) {
                    cols.add(rs.getString("COLUMN_NAME") + ":" + rs.getInt("DATA_TYPE") + ":" + rs.getString("TYPE_NAME")
                            + ":" + rs.getInt("ORDINAL_POSITION"));
                }
                assertEquals(List.of("v:" + Types.INTEGER + ":INTEGER:1", "s:" + Types.VARCHAR + ":VARCHAR:2"), cols);
            }
        }
    }

    @Test
    void factFilesAloneAreTables() throws Exception {
        Path facts = Files.createDirectories(dir.resolve("files"));
        Files.writeString(facts.resolve("sales.csv"), "region,amount\nnorth,10\nsouth,5\nnorth,7\n");
        try (Connection c = DriverManager.getConnection("jdbc:leapfrog:facts=" + facts);
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region")) {
            assertEquals(List.of("north,17", "south,5"), rows(rs));
        }
    }

    @Test
    void aRegisteredDatabaseIsReadAfreshByEachStatement() throws Exception {
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        try (Engine engine = new Engine(EngineOptions.defaults().withThreads(2).withDevice(EngineOptions.Device.CPU).withOut(quiet))) {
            LoadedProgram p = engine.parse(dir.resolve("tc.dl"));
            AtomicReference<Database> live = new AtomicReference<>(engine.database(engine.run(p, dir)));
            LeapfrogDriver.register("live", engine, live::get);
            try (Connection c = DriverManager.getConnection("jdbc:leapfrog:database=live");
                 Statement s = c.createStatement()) {
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM path")) {
                    assertEquals(List.of("6"), rows(rs));
                }
                Files.writeString(dir.resolve("edge.facts"), "1\t2\n2\t3\n3\t4\n4\t5\n");
                live.set(engine.database(engine.run(p, dir)));
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM path")) {
                    assertEquals(List.of("10"), rows(rs));
                }
            } finally {
                LeapfrogDriver.unregister("live");
            }
            SQLException gone = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:leapfrog:database=live"));
            assertTrue(gone.getMessage().contains("no database is registered as 'live'"), gone.getMessage());
        }
    }

    @Test
    void mistakesAreSqlExceptionsThatSayWhat() throws Exception {
        SQLException property = assertThrows(SQLException.class,
                () -> DriverManager.getConnection("jdbc:leapfrog:facts=" + dir + ";colour=blue"));
        assertTrue(property.getMessage().contains("unknown connection property 'colour'"), property.getMessage());
        SQLException missing = assertThrows(SQLException.class,
                () -> DriverManager.getConnection("jdbc:leapfrog:program=" + dir.resolve("none.dl") + ";facts=" + dir));
        assertTrue(missing.getMessage().contains("is not a readable file"), missing.getMessage());
        SQLException threads = assertThrows(SQLException.class, () -> DriverManager.getConnection(url + ";threads=0"));
        assertTrue(threads.getMessage().contains("threads=0"), threads.getMessage());
        Properties props = new Properties();
        props.setProperty("facts", dir.toString());
        props.setProperty("program", dir.resolve("tc.dl").toString());
        try (Connection c = DriverManager.getConnection("jdbc:leapfrog:", props);
             Statement s = c.createStatement()) {
            SQLException table = assertThrows(SQLException.class, () -> s.executeQuery("SELECT * FROM nowhere"));
            assertTrue(table.getMessage().contains("nowhere"), table.getMessage());
            SQLException update = assertThrows(SQLException.class, () -> s.executeUpdate("DELETE FROM path"));
            assertTrue(update.getMessage().contains("not supported"), update.getMessage());
            try (PreparedStatement p = c.prepareStatement("SELECT y FROM path WHERE x = ?")) {
                p.setString(1, "one");
                SQLException bad = assertThrows(SQLException.class, p::executeQuery);
                assertTrue(bad.getMessage().contains("parameter 1 is INTEGER"), bad.getMessage());
            }
        }
    }

    @Test
    void sqllineConnectsListsTablesAndQueries() throws Exception {
        Path script = dir.resolve("script.sql");
        Files.writeString(script, "!tables\nSELECT x, y FROM path WHERE x = 2 ORDER BY y;\n!quit\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        sqlline.SqlLine line = new sqlline.SqlLine();
        line.setOutputStream(new PrintStream(out, true, StandardCharsets.UTF_8));
        line.setErrorStream(new PrintStream(out, true, StandardCharsets.UTF_8));
        line.begin(new String[]{"-u", url, "-n", "", "-p", "", "--outputformat=csv", "--color=false",
                "-f", script.toString()}, new java.io.ByteArrayInputStream(new byte[0]), false);
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("'path'"), text);
        assertTrue(text.contains("'x','y'") && text.contains("'2','3'") && text.contains("'2','4'"), text);
        assertFalse(text.toLowerCase().contains("exception"), text);
    }
}
