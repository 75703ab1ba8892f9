package io.leapfrog.engine;

import io.leapfrog.planner.sql.SqlResult;
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
    void floatAndUnsignedColumnsAreQueriedByTheirValues() {
        EngineTestSupport t = new EngineTestSupport(dir);
        RunResult r = t.run("""
                .decl w(id:number, x:float)
                .decl u(id:number, h:unsigned)
                .decl edge(src:number, dst:number)
                w(1, 2.5). w(2, 0.1). w(3, -7.25). w(4, 0.1).
                u(1, 3000000000u). u(2, 5u). u(3, 4294967295u).
                edge(1, 2). edge(2, 3). edge(3, 1).
                """);
        try (Engine e = t.engine(2)) {
            assertEquals(List.of(List.of("2", "0.1"), List.of("4", "0.1")),
                    e.sql(r.database(), "SELECT id, x FROM w WHERE x = 0.1 ORDER BY id").rows());
            assertEquals(List.of(List.of("-7.05")),
                    e.sql(r.database(), "SELECT SUM(x) FROM w WHERE x < 1").rows().stream()
                            .map(row -> List.of(String.format(java.util.Locale.ROOT, "%.2f", Double.parseDouble(row.get(0)))))
                            .toList());
            // unsigned values above 2^31 keep their order and value; joins on them run on the decoded values
            assertEquals(List.of(List.of("2", "5"), List.of("1", "3000000000"), List.of("3", "4294967295")),
                    e.sql(r.database(), "SELECT id, h FROM u ORDER BY h").rows());
            assertEquals(List.of(List.of("1", "3000000000", "2.5")),
                    e.sql(r.database(), "SELECT u.id, u.h, w.x FROM u JOIN w ON u.id = w.id WHERE u.h > 2147483648 AND u.id < 3").rows());
            assertEquals(List.of(List.of("3", "4294967295", "1")),
                    e.sql(r.database(), "SELECT a.src, u.h, a.dst FROM edge a JOIN u ON a.src = u.id WHERE u.h = 4294967295").rows());
        }
    }
}
