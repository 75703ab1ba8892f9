package io.leapfrog.bench;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultTableTest {

    private static CellResult cell(String engine, long count, double median, String status) {
        return new CellResult(BenchQuery.TRIANGLES, "g", engine, count, OptionalLong.of(10),
                new Stats(median, median, median, 3), 0.1, status, 30);
    }

    @Test
    void ratiosAndCorrectnessInTextAndCsv() {
        ResultTable t = new ResultTable(List.of(
                cell("cpp", 10, 1.0, "ok"),
                cell("leapfrog", 10, 1.5, "ok"),
                cell("duckdb", 9, 6.0, "ok"),
                cell("kuzu", -1, 30.0, BenchRunner.TIMEOUT)));
        String csv = t.toCsv();
        assertTrue(csv.contains("triangles,g,leapfrog,10,yes,3,1.5000,1.5000,1.5000,0.1000,,20,1.50000,0.250000,<0.0500000,ok"), csv);
        assertTrue(csv.contains("triangles,g,duckdb,9,NO,"), csv);
        assertTrue(t.toText().contains("1.50x"), t.toText());
        assertEquals("0.00293x", ResultTable.formatRatio(0.0029301, false));
        assertEquals("2063x", ResultTable.formatRatio(2062.6, false));
    }

    @Test
    void aResultsFileStartsWithTheRunsCommandMachineCommitAndDate() {
        ResultTable t = new ResultTable(List.of(cell("cpp", 10, 1.0, "ok"), cell("leapfrog", 10, 0.5, "ok")));
        RunProvenance p = new RunProvenance(
                RunProvenance.commandLine("io.leapfrog.bench.Bench", List.of("--queries", "triangles", "--csv", "a b.csv")),
                "2 cores, 23 GiB; no NVIDIA GPU", "0123abc", java.time.LocalDate.of(2026, 11, 27));
        String csv = t.toCsv(p);
        assertTrue(csv.startsWith("# command: io.leapfrog.bench.Bench --queries triangles --csv 'a b.csv'\n"
                + "# machine: 2 cores, 23 GiB; no NVIDIA GPU\n"
                + "# commit: 0123abc\n"
                + "# date: 2026-11-27\n"
                + "query,dataset,engine,count,"), csv);
        // The results page reads it back: the same provenance, header and rows.
        ResultFile f = ResultFile.parse("t.csv", csv);
        assertEquals("io.leapfrog.bench.Bench --queries triangles --csv 'a b.csv'", f.comment("command"));
        assertEquals("2026-11-27", f.comment("date"));
        assertEquals("engine", f.columns().get(2));
        assertEquals(2, f.rows().size());
        assertEquals(t.toCsv(), csv.substring(p.header().length()));
    }

    @Test
    void thisRunsProvenanceNamesTheMachineAndAGivenCommit() {
        RunProvenance p = RunProvenance.ofThisRun("io.leapfrog.bench.Bench", List.of("--runs", "3"),
                java.nio.file.Path.of("."), "feedbeef");
        assertEquals("io.leapfrog.bench.Bench --runs 3", p.command());
        assertEquals("feedbeef", p.commit());
        assertTrue(p.machine().contains(Runtime.getRuntime().availableProcessors() + " cores"), p.machine());
        assertTrue(p.machine().contains("Java " + Runtime.version()), p.machine());
        assertEquals(4, p.header().lines().count());
    }

    @Test
    void chosenReferenceColumnsAndTheReferenceCount() {
        ResultTable t = new ResultTable(List.of(cell("cuda", 10, 2.0, "ok"), cell("gpu-levelwise", 10, 0.5, "ok")),
                List.of("cuda"));
        String csv = t.toCsv();
        assertTrue(csv.startsWith("query,dataset,engine,count,correct,runs,median_s,min_s,max_s,load_s,wall_s,edges_per_s,vs_cuda,status"), csv);
        assertTrue(csv.contains("gpu-levelwise,10,yes,3,0.5000,0.5000,0.5000,0.1000,,60,0.250000,ok"), csv);
        CellResult unknown = new CellResult(BenchQuery.TRIANGLES, "rmat-8", "cupy", 7, OptionalLong.empty(),
                new Stats(1, 1, 1, 1), 0, "ok", 5);
        assertEquals("?", unknown.correct());
        assertEquals("NO", unknown.withExpected(8).correct());
    }

    @Test
    void rmatGraphsAreSimpleOrientedAndDeterministic() {
        EdgeList a = RmatGraphs.generate(10, 16, 5);
        EdgeList b = RmatGraphs.generate(10, 16, 5);
        assertTrue(java.util.Arrays.equals(a.src(), b.src()) && java.util.Arrays.equals(a.dst(), b.dst()));
        assertTrue(a.isSortedAndDistinct());
        for (int i = 0; i < a.size(); i++) {
            assertTrue(a.src()[i] < a.dst()[i] && a.dst()[i] < 1024, "edge " + i);
        }
        // Duplicates collapse: well under the 16,384 draws, far over the vertex count.
        assertTrue(a.size() > 5_000 && a.size() < 16_384, "edges " + a.size());
        assertEquals(12, RmatGraphs.scaleOf("rmat-12"));
        assertEquals(-1, RmatGraphs.scaleOf("wiki-Vote"));
    }

    @Test
    void wholeRunsInTheirOwnColumnAndCellsOfUnbuiltEngines() {
        CellResult gdlog = new CellResult(BenchQuery.TC, "CA-HepTH", "gdlog", 74_619_885, OptionalLong.of(74_619_885),
                new Stats(0.42, 0.41, 0.43, 3), Double.NaN, 1.25, "ok", 51_971, false);
        CellResult souffle = new CellResult(BenchQuery.TC, "CA-HepTH", "souffle", -1, OptionalLong.of(74_619_885),
                Stats.of(new double[0]), Double.NaN, Double.NaN, BenchRunner.NOT_BUILT, 51_971, false);
        String csv = new ResultTable(List.of(gdlog, souffle), List.of("souffle")).toCsv();
        assertTrue(csv.contains("tc,CA-HepTH,gdlog,74619885,yes,3,0.4200,0.4100,0.4300,,1.2500,123740,,ok\n"), csv);
        assertTrue(csv.contains("tc,CA-HepTH,souffle,,?,0,,,,,,,,not built\n"), csv);
    }

    @Test
    void statsMedianOfEvenAndOdd() {
        assertEquals(2.0, Stats.of(new double[] {3, 1, 2}).median());
        assertEquals(2.5, Stats.of(new double[] {4, 1, 2, 3}).median());
        assertEquals(4, Stats.of(new double[] {4, 1, 2, 3}).runs());
    }
}
