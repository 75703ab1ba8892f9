package io.leapfrog.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AbTableTest {
    private static final String HEADER = "query,dataset,engine,count,correct,runs,median_s,min_s,max_s,load_s,status\n";

    private static Path csv(Path dir, String name, String rows) throws IOException {
        return Files.writeString(dir.resolve(name), "# command: x\n" + HEADER + rows);
    }

    @Test
    void eachSideIsTheMedianOfItsRoundsAndTheRatioIsHeadOverBase(@TempDir Path dir) throws IOException {
        Map<String, AbTable.Cell> raw = new LinkedHashMap<>();
        AbTable.add(raw, "base", csv(dir, "b1.csv", "triangles,g,leapfrog,7,yes,3,0.30,0,0,0,ok\n"));
        AbTable.add(raw, "head", csv(dir, "h1.csv", "triangles,g,leapfrog,7,yes,3,0.20,0,0,0,ok\n"));
        AbTable.add(raw, "base", csv(dir, "b2.csv", "triangles,g,leapfrog,7,yes,3,0.10,0,0,0,ok\n"));
        AbTable.add(raw, "head", csv(dir, "h2.csv", "triangles,g,leapfrog,7,yes,3,0.10,0,0,0,ok\n"));
        AbTable.add(raw, "base", csv(dir, "b3.csv", "triangles,g,leapfrog,7,yes,3,0.20,0,0,0,ok\n"));
        AbTable.add(raw, "head", csv(dir, "h3.csv", "triangles,g,leapfrog,7,yes,3,0.30,0,0,0,ok\n"));
        String table = AbTable.table(raw, new RunProvenance("bench/ab base", "test machine", "a (base), b (head)",
                LocalDate.of(2026, 1, 1)));
        assertTrue(table.startsWith("# command: bench/ab base\n# machine: test machine\n"), table);
        assertTrue(table.endsWith("triangles,g,leapfrog,7,3,0.200000,0.200000,1.000\n"), table);
        ResultFile parsed = ResultFile.parse("ab.csv", table);
        assertEquals(1, parsed.rows().size());
    }

    @Test
    void sidesThatCountDifferentlyAreAnError(@TempDir Path dir) throws IOException {
        Map<String, AbTable.Cell> raw = new LinkedHashMap<>();
        AbTable.add(raw, "base", csv(dir, "b.csv", "triangles,g,leapfrog,7,yes,3,0.30,0,0,0,ok\n"));
        BenchException e = assertThrows(BenchException.class,
                () -> AbTable.add(raw, "head", csv(dir, "h.csv", "triangles,g,leapfrog,8,yes,3,0.20,0,0,0,ok\n")));
        assertTrue(e.getMessage().contains("differently: 7 and 8"), e.getMessage());
    }
}
