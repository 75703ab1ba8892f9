package io.leapfrog.bench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultsPageTest {

    private static final String PROVENANCE = """
            # command: io.leapfrog.bench.Bench --queries triangles
            # machine: 2 cores
            # commit: 0123abc
            # date: 2026-11-27
            """;

    @Test
    void docsResultsMdIsWhatTheGeneratorMakesFromBenchResults() throws IOException {
        Path root = RepoLayout.repoRoot();
        String expected = ResultsPage.render(root.resolve("bench/results"));
        String actual = Files.readString(root.resolve("docs/results.md"), StandardCharsets.UTF_8);
        assertEquals(expected, actual, "docs/results.md is not what bench/results gives: regenerate it with "
                + "`bench/run results-page` (or java -cp bench/target/classes io.leapfrog.bench.ResultsPage)");
    }

    @Test
    void ratiosAreAgainstThePeersRowOfTheSameCell() {
        ResultFile f = ResultFile.parse("t.csv", PROVENANCE + """
                query,dataset,engine,count,median_s,vs_cpp,vs_kuzu,status
                triangles,a,cpp,10,2.0,1.0,,ok
                triangles,a,leapfrog,10,0.5,0.25,,ok
                triangles,a,duckdb,,300,,,timeout
                triangles,b,cpp,7,4.0,1.0,,ok
                triangles,b,leapfrog,7,8.0,2.0,,ok
                4cliques,a,leapfrog,3,1.0,,,ok
                """);
        // vs_kuzu names no engine of the file: only cpp is a peer.
        assertEquals(List.of("cpp"), ResultsPage.peers(f));
        String page = ResultsPage.render(List.of(f));
        assertTrue(page.contains("| query | dataset | engine | count | median_s | status | vs cpp |"), page);
        assertTrue(page.contains("| triangles | a | leapfrog | 10 | 0.5 | ok | 0.25x (4.00x faster) |"), page);
        assertTrue(page.contains("| triangles | b | leapfrog | 7 | 8.0 | ok | 2.00x |"), page);
        assertTrue(page.contains("| triangles | a | cpp | 10 | 2.0 | ok | 1.00x |"), page);
        assertTrue(page.contains("| triangles | a | duckdb |  | 300 | timeout |  |"), page);
        assertTrue(page.contains("| 4cliques | a | leapfrog | 3 | 1.0 | ok |  |"), page);   // no cpp row in that cell
        assertTrue(page.contains("- command: `io.leapfrog.bench.Bench --queries triangles`\n- machine: 2 cores\n"
                + "- commit: 0123abc\n- date: 2026-11-27\n"), page);
    }

    @Test
    void aDeclaredPeerAndATimedOutPeerGiveABound() {
        ResultFile f = ResultFile.parse("t.csv", PROVENANCE + """
                # title: Timed out
                # peer: duckdb
                # note: one remark
                query,dataset,engine,median_s,status
                q,a,duckdb,300,timeout
                q,a,leapfrog,1.5,ok
                """);
        String page = ResultsPage.render(List.of(f));
        assertTrue(page.contains("| q | a | leapfrog | 1.5 | ok | <0.005x (over 200x faster) |"), page);
        assertTrue(page.contains("## Timed out\n"), page);
        assertTrue(page.contains("- [Timed out](#timed-out)\n"), page);
        assertTrue(page.contains("- note: one remark\n"), page);

        ResultFile wrong = ResultFile.parse("w.csv", PROVENANCE + "# peer: kuzu\nquery,engine,median_s\nq,cpp,1\n");
        BenchException e = assertThrows(BenchException.class, () -> ResultsPage.render(List.of(wrong)));
        assertTrue(e.getMessage().contains("'# peer: kuzu' names no engine of the file (engines: cpp)"), e.getMessage());
    }

    @Test
    void aFileWithoutItsProvenanceOrWithBadLinesIsRefusedWithWhereAndWhy() {
        BenchException missing = assertThrows(BenchException.class,
                () -> ResultFile.parse("old.csv", "# command: x\nquery,engine\nq,a\n"));
        assertTrue(missing.getMessage().startsWith("old.csv: no '# machine: ...' line"), missing.getMessage());

        BenchException unknown = assertThrows(BenchException.class,
                () -> ResultFile.parse("k.csv", "# session: 20\n" + PROVENANCE + "a\n1\n"));
        assertTrue(unknown.getMessage().startsWith("k.csv:1: expected '# key: value' with key one of command, machine"),
                unknown.getMessage());

        BenchException width = assertThrows(BenchException.class,
                () -> ResultFile.parse("n.csv", PROVENANCE + "a,b\n1,2,3\n"));
        assertEquals("n.csv:6: expected 2 fields as in the header, found 3", width.getMessage());

        BenchException late = assertThrows(BenchException.class,
                () -> ResultFile.parse("l.csv", PROVENANCE + "a\n1\n# note: late\n"));
        assertTrue(late.getMessage().startsWith("l.csv:7: a comment after the CSV header"), late.getMessage());
    }

    @Test
    void quotedFieldsHoldCommasAndQuotes() {
        assertEquals(List.of("a", "b, c", "say \"x\"", ""), ResultFile.fields("a,\"b, c\",\"say \"\"x\"\"\",", "t: "));
        BenchException open = assertThrows(BenchException.class, () -> ResultFile.fields("a,\"b", "t:1: "));
        assertEquals("t:1: a quoted field is not closed", open.getMessage());
    }

    @Test
    void everyFileOfTheDirectoryInNameOrderAndAnchorsAsGitHubMakesThem(@org.junit.jupiter.api.io.TempDir Path dir)
            throws IOException {
        Files.writeString(dir.resolve("b.csv"), PROVENANCE + "x\n1\n");
        Files.writeString(dir.resolve("a.csv"), PROVENANCE + "# title: GPU, H100 (bare joins)\nx\n2\n");
        Files.writeString(dir.resolve("notes.txt"), "not a results file");
        String page = ResultsPage.render(dir);
        assertTrue(page.indexOf("## GPU, H100 (bare joins)") < page.indexOf("## b"), page);
        assertTrue(page.contains("- [GPU, H100 (bare joins)](#gpu-h100-bare-joins)\n- [b](#b)\n"), page);
    }
}
