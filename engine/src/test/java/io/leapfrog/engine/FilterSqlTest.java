package io.leapfrog.engine;

import io.leapfrog.common.LeapfrogException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SQL's {@code might_contain('filter', v1, ...)}: the same membership test as a filter atom in a rule. */
class FilterSqlTest {
    @TempDir
    Path dir;

    @Test
    void sqlTestsMembershipAsARuleDoes() {
        Random rnd = new Random(5);
        StringBuilder program = new StringBuilder("""
                .decl url(u:symbol, n:number)
                .decl seen(u:symbol, n:number) filter(fpr=0.01)
                .decl fresh(u:symbol, n:number)
                fresh(u, n) :- url(u, n), seen(u, n).
                """);
        for (int i = 0; i < 400; i++) {
            String u = "u" + rnd.nextInt(300);
            int n = rnd.nextInt(5) - 2;
            program.append("url(\"").append(u).append("\", ").append(n).append(").\n");
            if (rnd.nextInt(3) == 0) {
                program.append("seen(\"").append(u).append("\", ").append(n).append(").\n");
            }
        }
        try (Engine e = new EngineTestSupport(dir).engine(2)) {
            Database db = e.database(e.run(e.parse(program.toString(), "f.dl"), dir));
            TreeSet<String> byRule = new TreeSet<>(db.lines("fresh"));
            TreeSet<String> bySql = new TreeSet<>();
            for (List<String> row : e.sql(db, "SELECT u, n FROM url WHERE might_contain('seen', u, n)").rows()) {
                bySql.add(row.get(0) + "\t" + row.get(1));
            }
            assertEquals(byRule, bySql);
            // through a join whose filter runs on the join's workers
            List<List<String>> joined = e.sql(db, "SELECT COUNT(*) FROM url a JOIN url b ON a.u = b.u AND a.n = b.n"
                    + " WHERE might_contain('SEEN', a.u, b.n)").rows();
            assertTrue(Long.parseLong(joined.get(0).get(0)) >= byRule.size(), joined.toString());
            // a value that no column of its type can hold is not in the filter
            assertEquals(List.of(List.of("false", "false")),
                    e.sql(db, "SELECT might_contain('seen', 'u1', 1.5), might_contain('seen', 'u1', NULL)").rows());
        }
    }

    @Test
    void mistakesAreClearErrors() {
        try (Engine e = new EngineTestSupport(dir).engine(2)) {
            Database db = e.database(e.run(e.parse(".decl s(x:number) filter\ns(1).\n.decl t(x:number)\nt(1).\n", "m.dl"), dir));
            assertEquals(List.of(List.of("true", "false")), e.sql(db, "SELECT might_contain('s', 1), might_contain('s', 2)").rows());
            List<String> messages = new ArrayList<>();
            for (String q : new String[]{"SELECT might_contain('t', 1)", "SELECT might_contain('s')",
                    "SELECT might_contain('s', 1, 2, 3, 4, 5)"}) {
                messages.add(assertThrows(LeapfrogException.class, () -> e.sql(db, q)).getMessage());
            }
            assertTrue(messages.get(0).contains("'t' is not a filter relation"), messages.get(0));
            assertTrue(messages.get(1).contains("1 to 4 values"), messages.get(1));
            assertTrue(messages.get(2).contains("1 to 4 values"), messages.get(2));
        }
    }
}
