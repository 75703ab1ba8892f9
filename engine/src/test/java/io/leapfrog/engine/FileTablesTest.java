package io.leapfrog.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fact files as tables for SQL without a program: names from the files, headers sniffed, column types
 * inferred (number, float, symbol), keywords and odd characters made identifiers, gzip read.
 */
class FileTablesTest {
    @TempDir
    Path dir;

    @Test
    void filesBecomeTablesWithSniffedSchemas() throws Exception {
        Files.writeString(dir.resolve("people.csv"), "id,full name,score,count\n1,\"Smith, Ann\",3.5,10\n2,Bo,4,20\n");
        Files.writeString(dir.resolve("edge.facts"), "1\t2\n2\t1\n");
        Files.writeString(dir.resolve("labels.tsv"), "a\tb\nc\td\n");   // text only: no header
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve("big.csv.gz")))) {
            out.write("7,-8\n9,10\n".getBytes(StandardCharsets.UTF_8));
        }
        Files.writeString(dir.resolve("notes.txt"), "not a table\n");
        String program = FileTables.program(dir);
        assertTrue(program.contains(".decl people(id:number, full_name:symbol, score:float, count_:number)"), program);
        assertTrue(program.contains(".decl edge(c1:number, c2:number)"), program);
        assertTrue(program.contains(".decl labels(c1:symbol, c2:symbol)"), program);
        assertTrue(program.contains(".decl big(c1:number, c2:number)"), program);
        assertTrue(!program.contains("notes"), program);
        try (Engine e = new EngineTestSupport(dir).engine(2)) {
            RunResult run = e.run(e.parse(program, "<tables>"), dir, dir.resolve("out"));
            assertEquals(List.of(List.of("Smith, Ann", "3.5", "2")),
                    e.sql(run.database(), "SELECT p.full_name, p.score, e.c2 FROM people p JOIN edge e ON e.c1 = p.id"
                            + " WHERE p.count_ < 15").rows());
            assertEquals(List.of(List.of("2")), e.sql(run.database(), "SELECT COUNT(*) FROM labels").rows());
            assertEquals(List.of(List.of("-8")), e.sql(run.database(), "SELECT MIN(c2) FROM big").rows());
        }
    }

    @Test
    void aSpreadsheetsByteOrderMarkIsNoPartOfTheFirstColumnsName() throws Exception {
        Files.write(dir.resolve("sales.csv"), ("\uFEFFregion,amount\nnorth,10\nsouth,5\n").getBytes(StandardCharsets.UTF_8));
        String program = FileTables.program(dir);
        assertTrue(program.contains(".decl sales(region:symbol, amount:number)"), program);
        try (Engine e = new EngineTestSupport(dir).engine(2)) {
            RunResult run = e.run(e.parse(program, "<tables>"), dir, dir.resolve("out"));
            assertEquals(List.of(List.of("15")), e.sql(run.database(), "SELECT SUM(amount) FROM sales").rows());
        }
    }

    @Test
    void onlyTheTablesAQueryNamesAreRead() throws Exception {
        Files.writeString(dir.resolve("used.csv"), "1,2\n");
        Files.writeString(dir.resolve("unused.facts"), "1\tnot a number\tthird\n2\n");   // malformed: would fail to load
        String program = FileTables.program(dir, "SELECT * FROM USED");
        assertTrue(program.contains(".input used("), program);
        assertTrue(program.contains(".decl unused(") && !program.contains(".input unused"), program);
    }

    @Test
    void emptyCellsAreNull() throws Exception {
        Files.writeString(dir.resolve("f.csv"), "id,score,ratio,label\n1,10,0.5,x\n2,,,y\n3, 30 ,1.25,\n");
        String program = FileTables.program(dir);
        assertTrue(program.contains(".type nullable_float <: symbol\n.type nullable_number <: symbol\n"
                + ".type nullable_symbol <: symbol\n"), program);
        assertTrue(program.contains(".decl f(id:number, score:nullable_number, ratio:nullable_float, label:nullable_symbol)"),
                program);
        try (Engine e = new EngineTestSupport(dir).engine(2)) {
            RunResult run = e.run(e.parse(program, "<tables>"), dir, dir.resolve("out"));
            assertEquals(List.of(List.of("1", "10", "0.5", "x"), List.of("2", "NULL", "NULL", "y"), List.of("3", "30", "1.25", "NULL")),
                    e.sql(run.database(), "SELECT id, score, ratio, label FROM f ORDER BY id").rows());
            assertEquals(List.of(List.of("3", "2", "40", "1.75", "2")),
                    e.sql(run.database(), "SELECT COUNT(*), COUNT(score), SUM(score), SUM(ratio), COUNT(label) FROM f").rows());
            assertEquals(List.of(List.of("2")), e.sql(run.database(), "SELECT id FROM f WHERE score IS NULL").rows());
        }
    }

    /**
     * A column is typed as the fact reader will read it (Souffle's rules: decimal numbers, no space after
     * them, the float range), so that a sniffed table always loads; lines are split as the reader splits
     * them (a quoted field over line ends); an empty line in a file of several columns is the reader's
     * error at its line, as in Souffle.
     */
    @Test
    void columnsAreTypedAsTheFactReaderReadsThem() throws Exception {
        Files.writeString(dir.resolve("h.csv"), "a,b,c,d,e\n0b1,5 ,1e39,1,\"x\ny\"\n2,6,2.5,2,z\n");
        String program = FileTables.program(dir);
        assertTrue(program.contains(".decl h(a:symbol, b:symbol, c:symbol, d:number, e:symbol)"), program);
        try (Engine e = new EngineTestSupport(dir).engine(2)) {
            RunResult run = e.run(e.parse(program, "<tables>"), dir, dir.resolve("out"));
            assertEquals(List.of(List.of("0b1", "5 ", "1e39", "1", "x\ny"), List.of("2", "6", "2.5", "2", "z")),
                    e.sql(run.database(), "SELECT a, b, c, d, e FROM h ORDER BY d").rows());
        }
        Files.writeString(dir.resolve("n.csv"), "a,b\n1,2\n\n3,4\n");
        String withEmptyLine = FileTables.program(dir);
        assertTrue(withEmptyLine.contains(".decl n(a:number, b:number)"), withEmptyLine);
        try (Engine e = new EngineTestSupport(dir).engine(2)) {
            io.leapfrog.common.LeapfrogException error = org.junit.jupiter.api.Assertions.assertThrows(
                    io.leapfrog.common.LeapfrogException.class,
                    () -> e.run(e.parse(withEmptyLine, "<tables>"), dir, dir.resolve("out")));
            assertTrue(error.getMessage().contains("n.csv:3: error: empty line"), error.getMessage());
        }
    }
}
