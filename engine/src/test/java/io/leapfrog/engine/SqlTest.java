package io.leapfrog.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SqlTest {
    @TempDir
    Path dir;

    @Test
    void sqlSeesTheEvaluatedRelationsWithDeclaredColumnNames() {
        EngineTestSupport t = new EngineTestSupport(dir);
        RunResult r = t.run("""
                .decl edge(src:number, dst:number)
                .decl name(id:number, label:symbol)
                edge(1, 2). edge(2, 3). edge(1, 3).
                name(1, "one"). name(3, "three").
                """);
        try (Engine e = t.engine(2)) {
            SqlResult count = e.sql(r.database(),
                    "SELECT COUNT(*) FROM edge a, edge b, edge c WHERE a.dst = b.src AND b.dst = c.dst AND a.src = c.src");
            assertEquals(List.of(List.of("1")), count.rows());
            SqlResult labels = e.sql(r.database(),
                    "SELECT n.label FROM edge e JOIN name n ON e.dst = n.id WHERE e.src = 1 ORDER BY n.label");
            assertEquals(List.of(List.of("three")), labels.rows());
        }
    }

    @Test
    void relationsSqlDoesNotSeeSayWhy() {
        EngineTestSupport t = new EngineTestSupport(dir);
        RunResult r = t.run("""
                .decl w(id:number, x:float)
                .decl u(id:number, h:unsigned)
                w(1, 2.5). u(1, 3000000000u).
                """);
        try (Engine e = t.engine(2)) {
            for (String table : List.of("w", "u")) {
                io.leapfrog.common.LeapfrogException error = org.junit.jupiter.api.Assertions.assertThrows(
                        io.leapfrog.common.LeapfrogException.class, () -> e.sql(r.database(), "SELECT * FROM " + table));
                org.junit.jupiter.api.Assertions.assertTrue(error.getMessage().contains("float or unsigned columns"),
                        error.getMessage());
            }
        }
    }
}
