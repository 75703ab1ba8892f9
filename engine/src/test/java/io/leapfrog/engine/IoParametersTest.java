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
}
