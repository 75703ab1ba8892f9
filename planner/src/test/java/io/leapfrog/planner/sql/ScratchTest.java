package io.leapfrog.planner.sql;

import io.leapfrog.exec.storage.RelationBuilder;
import io.leapfrog.exec.storage.SymbolTable;
import org.junit.jupiter.api.Test;
import java.util.List;

class ScratchTest {
    @Test
    void scratch() {
        RelationBuilder e = new RelationBuilder(2);
        e.add(1, 2); e.add(2, 3);
        Catalog c = new Catalog(List.of(new Catalog.TableInfo("e", List.of("src", "dst"), List.of(ColumnKind.NUMBER, ColumnKind.NUMBER), e.build())), new SymbolTable());
        SqlEngine sql = new SqlEngine(c, 2);
        for (String q : System.getProperty("q", "SELECT src FROM e ORDER BY src").split("@@")) {
            try {
                SqlResult r = sql.execute(q);
                System.out.println("Q: " + q + "\n" + r.explain() + "\n" + r.columns() + " " + r.rows());
            } catch (Throwable t) {
                t.printStackTrace(System.out);
                for (Throwable s : t.getSuppressed()) s.printStackTrace(System.out);
                if (t.getCause() != null) for (Throwable s : t.getCause().getSuppressed()) s.printStackTrace(System.out);
            }
        }
    }
}
