package io.leapfrog.engine.api;

import io.leapfrog.engine.Database;
import io.leapfrog.engine.Engine;
import io.leapfrog.engine.RunResult;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Differential: a program evaluated through a {@link Session} with facts given from Java (columns, rows,
 * appenders, streams, with facts retracted on the way) has exactly the relations and SQL answers of the
 * same program run by {@link Engine#run} on the same facts written as files, for random graphs and every
 * column type.
 */
class SessionDifferentialTest {
    private static final String PROGRAM = """
            .decl edge(x:number, y:number)
            .input edge
            .decl name(x:number, s:symbol)
            .input name
            .decl big(x:number, u:unsigned)
            .input big
            .decl weight(x:number, w:float)
            .input weight
            .decl path(x:number, y:number)
            path(x, y) :- edge(x, y).
            path(x, z) :- path(x, y), edge(y, z).
            .decl named(a:symbol, b:symbol)
            named(a, b) :- path(x, y), name(x, a), name(y, b).
            .decl unreached(x:number)
            unreached(x) :- name(x, _), !path(_, x).
            .decl heavy(x:number, u:unsigned, w:float)
            heavy(x, u, w) :- big(x, u), weight(x, w), w > 1.5, x != 7.
            .decl outdeg(x:number, n:number)
            outdeg(x, n) :- name(x, _), n = count : { edge(x, _) }.
            .decl total(w:float)
            total(s) :- s = sum w : { weight(_, w) }.
            """;
    private static final List<String> RELATIONS = List.of("edge", "name", "big", "weight", "path", "named", "unreached",
            "heavy", "outdeg", "total");
    private static final String SQL = "SELECT e.x, e.y, n.s, w.w FROM edge e LEFT JOIN name n ON e.y = n.x "
            + "LEFT JOIN weight w ON e.y = w.x";

    @Property(tries = 8)
    void sessionEqualsTheRunOnFactFiles(@ForAll @IntRange(min = 1, max = 40) int nodes,
                                        @ForAll @IntRange(min = 0, max = 120) int edges,
                                        @ForAll long seed) throws IOException {
        Random rnd = new Random(seed);
        int[] from = new int[edges];
        int[] to = new int[edges];
        for (int i = 0; i < edges; i++) {
            from[i] = rnd.nextInt(nodes);
            to[i] = rnd.nextInt(nodes);
        }
        List<Integer> named = new ArrayList<>();
        for (int v = 0; v < nodes; v++) {
            if (rnd.nextInt(4) != 0) {
                named.add(v);   // some nodes have no name, weight or size: SQL's LEFT JOIN gives NULL
            }
        }
        Path dir = Files.createTempDirectory("session-differential");
        try {
            writeFacts(dir, from, to, named);
            try (Engine engine = new Engine(SessionTest.quiet())) {
                RunResult files = engine.run(engine.parse(PROGRAM, "program.dl"), dir, dir.resolve("out"));
                try (Session s = Session.open(PROGRAM, "program.dl", SessionTest.quiet())) {
                    load(s, rnd, from, to, named, nodes);
                    Results api = s.evaluate();
                    for (String relation : RELATIONS) {
                        assertEquals(sorted(files.database(), relation), sorted(SessionTest.rows(api.rows(relation))), relation);
                    }
                    List<String> expectedSql = new ArrayList<>();
                    engine.sql(files.database(), SQL).rows().forEach(r -> expectedSql.add(String.join("\t", r)));
                    List<String> gotSql = new ArrayList<>();
                    for (String row : SessionTest.rows(api.sql(SQL))) {
                        gotSql.add(row.replace("null", "NULL"));   // the cursor's null, as SqlResult's text writes it
                    }
                    expectedSql.sort(null);
                    gotSql.sort(null);
                    assertEquals(expectedSql, gotSql);
                }
            }
        } finally {
            try (Stream<Path> all = Files.walk(dir)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** The facts through every loading path of the API, with facts of nodes outside the graph added and retracted. */
    private static void load(Session s, Random rnd, int[] from, int[] to, List<Integer> named, int nodes) {
        s.insertColumns("edge", new int[]{nodes, nodes + 1}, new long[]{nodes + 1, nodes});
        s.insert("name", nodes, "stray");
        s.evaluate();
        s.retractColumns("edge", new long[]{nodes, nodes + 1}, new int[]{nodes + 1, nodes});
        s.retract("name", nodes, "stray");
        int split = from.length == 0 ? 0 : rnd.nextInt(from.length + 1);
        s.insertColumns("edge", java.util.Arrays.copyOf(from, split), java.util.Arrays.copyOf(to, split));
        RowAppender edges = s.appender("edge");
        for (int i = split; i < from.length; i++) {
            if (i % 2 == 0) {
                edges.addInts(from[i], to[i]);
            } else {
                s.insert("edge", from[i], (long) to[i]);
            }
        }
        s.insertRows("name", named.stream().map(v -> new Object[]{v, symbol(v)}));
        String[] nothing = new String[0];
        s.insertColumns("name", new int[0], nothing);
        long[] ids = named.stream().mapToLong(Integer::longValue).toArray();
        long[] sizes = named.stream().mapToLong(SessionDifferentialTest::unsigned).toArray();
        s.insertColumns("big", ids, sizes);
        List<Object[]> weights = new ArrayList<>();
        named.forEach(v -> weights.add(new Object[]{v, weight(v)}));
        s.insertRows("weight", weights);
    }

    private static void writeFacts(Path dir, int[] from, int[] to, List<Integer> named) throws IOException {
        List<String> edges = new ArrayList<>();
        for (int i = 0; i < from.length; i++) {
            edges.add(from[i] + "\t" + to[i]);
        }
        Files.write(dir.resolve("edge.facts"), edges);
        Files.write(dir.resolve("name.facts"), named.stream().map(v -> v + "\t" + symbol(v)).toList());
        Files.write(dir.resolve("big.facts"), named.stream().map(v -> v + "\t" + unsigned(v)).toList());
        Files.write(dir.resolve("weight.facts"), named.stream().map(v -> v + "\t" + weight(v)).toList());
    }

    private static String symbol(int v) {
        return "node " + v + " ü";
    }

    private static long unsigned(int v) {
        return 3_000_000_000L + v;
    }

    private static double weight(int v) {
        return v / 4.0;
    }

    private static List<String> sorted(Database db, String relation) {
        List<String> lines = new ArrayList<>(db.lines(relation));
        lines.sort(null);
        return lines;
    }

    private static List<String> sorted(List<String> rows) {
        List<String> out = new ArrayList<>(rows);
        out.sort(null);
        return out;
    }
}
