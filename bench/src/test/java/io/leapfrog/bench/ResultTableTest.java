package io.leapfrog.bench;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultTableTest {

    private static CellResult cell(String engine, long count, double median, String status) {
        return new CellResult(BenchQuery.TRIANGLES, "g", engine, count, OptionalLong.of(10),
                new Stats(median, median, median, 3), 0.1, status);
    }

    @Test
    void ratiosAndCorrectnessInTextAndCsv() {
        ResultTable t = new ResultTable(List.of(
                cell("cpp", 10, 1.0, "ok"),
                cell("leapfrog", 10, 1.5, "ok"),
                cell("duckdb", 9, 6.0, "ok"),
                cell("kuzu", -1, 30.0, BenchRunner.TIMEOUT)));
        String csv = t.toCsv();
        assertTrue(csv.contains("triangles,g,leapfrog,10,yes,3,1.5000,1.5000,1.5000,0.1000,1.50000,0.250000,<0.0500000,ok"), csv);
        assertTrue(csv.contains("triangles,g,duckdb,9,NO,"), csv);
        assertTrue(t.toText().contains("1.50x"), t.toText());
        assertEquals("0.00293x", ResultTable.formatRatio(0.0029301, false));
        assertEquals("2063x", ResultTable.formatRatio(2062.6, false));
    }

    @Test
    void statsMedianOfEvenAndOdd() {
        assertEquals(2.0, Stats.of(new double[] {3, 1, 2}).median());
        assertEquals(2.5, Stats.of(new double[] {4, 1, 2, 3}).median());
        assertEquals(4, Stats.of(new double[] {4, 1, 2, 3}).runs());
    }
}
