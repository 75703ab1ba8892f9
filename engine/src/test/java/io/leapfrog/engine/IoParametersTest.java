package io.leapfrog.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Souffle's IO parameters beyond filename and delimiter: headers=true (a header line out, skipped in),
 * rfc4180=true (quoted fields, "," by default), compress=true (gzip, default name .csv.gz), and a
 * warning for a parameter Leapfrog does not read.
 */
class IoParametersTest {
    @TempDir
    Path dir;

    @Test
    void headersQuotingAndCompressionFollowSouffle() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        Files.createDirectories(dir.resolve("facts"));
        Files.writeString(dir.resolve("facts").resolve("person.facts"), "id,name\n1,\"Smith, Ann\"\n2,Bo\n");
        String source = """
                .decl person(id:number, name:symbol)
                .input person(rfc4180=true, headers=true)
                .decl named(id:number, name:symbol)
                named(i, n) :- person(i, n).
                .output named(headers=true, delimiter=";")
                .output named(IO=file, filename="named.rfc.csv", rfc4180=true)
                .output named(IO=file, compress=true, colour="blue")
                """;
        try (Engine e = t.engine(2)) {
            String warnings = String.join("\n", e.parse(source, "io.dl").warnings());
            assertTrue(warnings.contains("Parameter colour of .output named is ignored"), warnings);
        }
        t.run(source);
        Path out = dir.resolve("out");
        assertEquals(List.of("id;name", "1;Smith, Ann", "2;Bo"), Files.readAllLines(out.resolve("named.csv")));
        assertEquals(List.of("1,\"Smith, Ann\"", "2,\"Bo\""), Files.readAllLines(out.resolve("named.rfc.csv")));
        byte[] gz = Files.readAllBytes(out.resolve("named.csv.gz"));
        assertEquals("1\tSmith, Ann\n2\tBo\n",
                new String(new GZIPInputStream(new ByteArrayInputStream(gz)).readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void columnsPickFileColumnsAndStdinIsRead() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        Files.createDirectories(dir.resolve("facts"));
        Files.writeString(dir.resolve("facts").resolve("wide.tsv"), "x\ty\tz\tw\n1\t2\t3\t4\n5\t6\t7\t8\n");
        java.io.InputStream saved = System.in;
        try {
            System.setIn(new java.io.ByteArrayInputStream("10\n20\n".getBytes(StandardCharsets.UTF_8)));
            t.run("""
                    .decl p(a:number, b:number)
                    .input p(filename="wide.tsv", columns="3:0", headers=true)
                    .output p
                    .decl q(a:number)
                    .input q(IO=stdin)
                    .output q
                    """);
        } finally {
            System.setIn(saved);
        }
        assertEquals(List.of("4\t1", "8\t5"), t.output("p"));
        assertEquals(List.of("10", "20"), t.output("q"));
    }

    /**
     * columns= as Souffle 2.5 reads it where that is well defined ("+4", " 4 ", "" for none), and a positioned
     * error where Souffle misreads it (stoi reads "4a" and "1.5" as a prefix), refuses it late ("0:0", "1",
     * "-1:0": at the first line) or reads what the entries' order allows ("1:2:3" for two columns).
     */
    @Test
    void columnsAreColumnNumbersOneForEachColumn() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        Files.createDirectories(dir.resolve("facts"));
        Files.writeString(dir.resolve("facts").resolve("n.facts"), "10\t11\t12\t13\t14\n");
        String[][] accepted = {{"4:0", "14\t10"}, {" 4: +0 ", "14\t10"}, {"0:1", "10\t11"}, {"1:0", "11\t10"}};
        for (String[] c : accepted) {
            t.run(".decl n(x:number, y:number)\n.input n(columns=\"" + c[0] + "\")\n.output n\n");
            assertEquals(List.of(c[1]), t.output("n"), c[0]);
        }
        String[][] refused = {
                {"4a:0", "'4a' is not a column number"}, {"1.5:0", "'1.5' is not a column number"},
                {"0x2:0", "'0x2' is not a column number"}, {"4::0", "it has an empty entry"},
                {"4:0:", "it has an empty entry"}, {":", "it has an empty entry"}, {"-1:0", "'-1' is negative"},
                {"2147483648:0", "'2147483648' is out of range (file columns are 0..2147483647)"},
                {"0:0", "it names file column 0 twice"}, {"1", "names 1 file column for a relation of 2"},
                {"1:2:3", "names 3 file columns for a relation of 2"}};
        for (String[] c : refused) {
            io.leapfrog.common.LeapfrogException e = org.junit.jupiter.api.Assertions.assertThrows(
                    io.leapfrog.common.LeapfrogException.class,
                    () -> t.run(".decl n(x:number, y:number)\n.input n(columns=\"" + c[0] + "\")\n.output n\n"), c[0]);
            assertTrue(e.getMessage().startsWith("test.dl:2:8: error: columns=\"" + c[0] + "\" of .input n"),
                    e.getMessage());
            assertTrue(e.getMessage().contains(c[1]), e.getMessage());
        }
        // an empty columns= selects nothing, as in Souffle: the file's columns are the relation's
        io.leapfrog.common.LeapfrogException e = org.junit.jupiter.api.Assertions.assertThrows(
                io.leapfrog.common.LeapfrogException.class,
                () -> t.run(".decl n(x:number, y:number)\n.input n(columns=\"\")\n.output n\n"));
        assertTrue(e.getMessage().endsWith("n.facts:1: error: expected 2 columns, found 5 (line: 10\t11\t12\t13\t14)"),
                e.getMessage());
        // a column past the line's last is an error at the line, as in Souffle (no array of that size)
        e = org.junit.jupiter.api.Assertions.assertThrows(io.leapfrog.common.LeapfrogException.class,
                () -> t.run(".decl n(x:number, y:number)\n.input n(columns=\"2147483647:0\")\n.output n\n"));
        assertTrue(e.getMessage().endsWith("n.facts:1: error: expected at least 2147483648 columns, found 5"
                + " (line: 10\t11\t12\t13\t14)"), e.getMessage());
    }

    /**
     * Souffle unescapes a parameter's string twice, in its lexer and again for IO (each of \" \t \r \n),
     * so delimiter="\\t" is a tab as "\t" is; a delimiter with a quote cannot quote fields (rfc4180).
     */
    @Test
    void delimitersAreTheirUnescapedText() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        Files.createDirectories(dir.resolve("facts"));
        Files.writeString(dir.resolve("facts").resolve("p.facts"), "1\t2\n");
        t.run(".decl p(a:number, b:number)\n.input p(delimiter=\"\\\\t\")\n.output p\n");
        assertEquals(List.of("1\t2"), t.output("p"));
        io.leapfrog.common.LeapfrogException e = org.junit.jupiter.api.Assertions.assertThrows(
                io.leapfrog.common.LeapfrogException.class,
                () -> t.run(".decl p(a:number, b:number)\n.input p(rfc4180=true, delimiter=\"|\\\"\")\n.output p\n"));
        assertTrue(e.getMessage().startsWith("test.dl:2:8: error: the delimiter of p contains '\"'"), e.getMessage());
    }
}
