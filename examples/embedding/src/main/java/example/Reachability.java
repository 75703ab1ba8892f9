package example;

import io.leapfrog.engine.api.Results;
import io.leapfrog.engine.api.RowCursor;
import io.leapfrog.engine.api.Session;

/**
 * Leapfrog embedded: a graph given from Java arrays, its transitive closure by a Datalog rule, read back
 * as typed rows and through SQL, then one edge retracted and the closure evaluated again.
 */
public final class Reachability {
    private static final String PROGRAM = """
            .decl edge(x:number, y:number)
            .decl reach(x:number, y:number)
            reach(x, y) :- edge(x, y).
            reach(x, z) :- reach(x, y), edge(y, z).
            """;

    private Reachability() {
    }

    public static void main(String[] args) {
        int n = 1_000;
        int[] from = new int[n - 1];
        int[] to = new int[n - 1];
        for (int i = 0; i < n - 1; i++) {   // a path 0 -> 1 -> ... -> 999
            from[i] = i;
            to[i] = i + 1;
        }
        try (Session s = Session.open(PROGRAM, "reach.dl")) {
            s.insertColumns("edge", from, to);
            Results r = s.evaluate();
            System.out.println("reach: " + r.size("reach") + " pairs");
            try (RowCursor c = r.sql("SELECT y FROM reach WHERE x = 997 ORDER BY y")) {
                while (c.next()) {
                    System.out.println("from 997: " + c.getInt(0));
                }
            }
            s.retract("edge", 499, 500);   // cut the path in two
            System.out.println("after the cut: " + s.evaluate().size("reach") + " pairs");
        }
    }
}
