package io.leapfrog.planner.sql;

import io.leapfrog.exec.storage.RelationBuilder;
import io.leapfrog.exec.storage.SymbolTable;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Triangle and 4-clique counts through SQL on a real graph, against the counts in ../shared/data/README.md. */
class SqlGraphTest {

    private static Path graph(String name) {
        Path shared = Path.of(System.getProperty("leapfrog.shared", "../shared"));
        Path file = shared.resolve("data").resolve(name);
        assumeTrue(Files.isRegularFile(file), "shared data not found: " + file);
        return file;
    }

    private static SqlEngine engineFor(Path edges) throws IOException {
        RelationBuilder b = new RelationBuilder(2);
        try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(edges))))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] p = line.trim().split("\\s+");
                b.add(Integer.parseInt(p[0]), Integer.parseInt(p[1]));
            }
        }
        Catalog c = new Catalog(List.of(new Catalog.TableInfo("e", List.of("src", "dst"),
                List.of(ColumnKind.NUMBER, ColumnKind.NUMBER), b.build())), new SymbolTable());
        return new SqlEngine(c, 2);
    }

    @Test
    void caGrQcTrianglesAndFourCliques() throws IOException {
        SqlEngine sql = engineFor(graph("ca-GrQc.txt.gz"));
        // edges are stored once with src < dst, so each clique is found once
        assertEquals(48_260L, sql.execute("SELECT COUNT(*) FROM e a, e b, e c "
                + "WHERE a.dst = b.src AND b.dst = c.dst AND a.src = c.src").values().get(0).get(0));
        assertEquals(329_297L, sql.execute("SELECT COUNT(*) FROM e ab, e ac, e ad, e bc, e bd, e cd "
                + "WHERE ab.src = ac.src AND ab.src = ad.src AND ab.dst = bc.src AND ab.dst = bd.src "
                + "AND ac.dst = bc.dst AND ac.dst = cd.src AND ad.dst = bd.dst AND ad.dst = cd.dst").values().get(0).get(0));
    }
}
