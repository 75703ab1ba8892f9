package io.leapfrog.engine;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.NotSupportedException;
import io.leapfrog.exec.gpu.join.GpuOptions;
import io.leapfrog.planner.PlannerOptions;
import io.leapfrog.planner.sql.SqlResult;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The library API of {@link Engine} as the CLI, the bench and the tests use it: every public method,
 * through public types only, with the answers a small program must give (a transitive closure, a
 * relation only counted for {@code .printsize}, symbols).
 */
class EngineApiTest {
    /** path is the closure of edge; reach is only .printsize'd (counted by push-down); name holds symbols. */
    private static final String PROGRAM = """
            .decl edge(x:number, y:number)
            .input edge
            .decl path(x:number, y:number)
            .output path
            path(x, y) :- edge(x, y).
            path(x, z) :- path(x, y), edge(y, z).
            .decl reach(n:number)
            .printsize reach
            reach(y) :- path(1, y).
            .decl name(x:number, s:symbol)
            .output name
            name(x, s) :- edge(x, _), s = cat("n", to_string(x)).
            """;

    @TempDir
    Path dir;
    private Path facts;
    private Path out;
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    @BeforeEach
    void writeFacts() throws IOException {
        facts = Files.createDirectories(dir.resolve("facts"));
        out = dir.resolve("out");
        Files.write(facts.resolve("edge.facts"), List.of("1\t2", "2\t3", "3\t4", "1\t3"));
    }

    private Engine engine() {
        return new Engine(EngineOptions.defaults().withThreads(2).withDevice(EngineOptions.Device.CPU)
                .withOut(new PrintStream(printed, true, StandardCharsets.UTF_8)));
    }

    @Test
    void runEvaluatesWritesEachOutputAndSummarisesIt() throws IOException {
        try (Engine e = engine()) {
            RunResult r = e.run(e.parse(PROGRAM, "api.dl"), facts, out);

            assertEquals(List.of("path", "name"), r.outputs().stream().map(OutputSummary::relation).toList(),
                    "one summary per .output, in directive order");
            assertEquals(List.of(6L, 3L), r.outputs().stream().map(OutputSummary::rows).toList());
            assertTrue(r.outputs().stream().noneMatch(o -> o.time().isNegative()));
            assertEquals(List.of("1\t2", "1\t3", "1\t4", "2\t3", "2\t4", "3\t4"),
                    Files.readAllLines(out.resolve("path.csv")));
            assertEquals(List.of("1\tn1", "2\tn2", "3\tn3"), Files.readAllLines(out.resolve("name.csv")));
            try (Stream<Path> files = Files.list(out)) {
                assertEquals(Set.of("path.csv", "name.csv"),
                        files.map(p -> p.getFileName().toString()).collect(java.util.stream.Collectors.toSet()),
                        "outputs are renamed into place: no temporary file is left");
            }

            assertEquals(List.of("reach\t3"), r.printSizeLines());
            assertEquals("reach\t3" + System.lineSeparator(), printed.toString(StandardCharsets.UTF_8),
                    ".printsize lines go to the options' stream");
            assertEquals(1, r.printSizes().size());
            assertEquals("reach", r.printSizes().get(0).relation());
            assertEquals(3L, r.printSizes().get(0).rows());

            assertEquals(List.of("every join on the CPU (--device cpu)"), r.deviceLines());
            assertTrue(r.degreeRenumberings().isEmpty(), "no clique count: " + r.degreeRenumberings());
            assertFalse(r.totalTime().isNegative());
        }
    }

    @Test
    void theDatabaseHoldsTheEvaluatedRelations() throws IOException {
        try (Engine e = engine()) {
            LoadedProgram p = e.parse(PROGRAM, "api.dl");
            RunResult r = e.run(p, facts, out);
            Database db = e.database(r);

            assertSame(r.database(), db);
            assertSame(p, db.program());
            assertEquals(new TreeSet<>(List.of("edge", "name", "path", "reach")), db.relationNames());
            assertTrue(db.hasRelation("path"));
            assertFalse(db.hasRelation("nothing"));
            assertEquals(List.of("x", "y"), db.schema("path").columnNames());
            assertEquals(List.of("number", "symbol"), db.schema("name").columnTypes());
            assertEquals(2, db.schema("name").arity());
            assertTrue(db.schema("name").isSymbol(1));
            assertEquals(6, db.relation("path").size());
            assertTrue(db.relation("path").contains(new int[] {1, 4}));
            assertEquals(List.of("1\t2", "1\t3", "1\t4", "2\t3", "2\t4", "3\t4"), db.lines("path"));

            int n2 = db.symbols().lookup("n2");
            assertTrue(n2 >= 0, "the run interned n2");
            assertEquals("n2", db.render("name", 1, n2));
            assertEquals("4", db.render("path", 1, 4));

            assertEquals(Set.of("reach"), db.countedOnly());
            LeapfrogException counted = assertThrows(LeapfrogException.class, () -> db.relation("reach"));
            assertTrue(counted.getMessage().contains("only counted for .printsize"), counted.getMessage());
            LeapfrogException unknown = assertThrows(LeapfrogException.class, () -> db.schema("nothing"));
            assertTrue(unknown.getMessage().contains("unknown relation 'nothing'"), unknown.getMessage());
        }
    }

    @Test
    void queriesAreRuleBodiesOverTheDatabase() throws IOException {
        try (Engine e = engine()) {
            Database db = e.run(e.parse(PROGRAM, "api.dl"), facts, out).database();

            QueryResult reached = e.query(db, "path(1, x)");
            assertEquals(List.of("x"), reached.variables());
            assertEquals(List.of(List.of("2"), List.of("3"), List.of("4")), reached.rows());
            assertTrue(reached.holds());

            QueryResult filtered = e.query(db, "?- path(x, y), y > x + 1.");
            assertEquals(List.of("x", "y"), filtered.variables());
            assertEquals(List.of(List.of("1", "3"), List.of("1", "4"), List.of("2", "4")), filtered.rows());

            QueryResult named = e.query(db, "name(x, s), s = \"n3\"");
            assertEquals(List.of(List.of("3", "n3")), named.rows());

            QueryResult ground = e.query(db, "path(1, 4)");
            assertEquals(List.of(), ground.variables());
            assertTrue(ground.holds());
            assertFalse(e.query(db, "path(4, 1)").holds());

            LeapfrogException bad = assertThrows(LeapfrogException.class, () -> e.query(db, "nothing(x)"));
            assertTrue(bad.getMessage().contains("nothing"), bad.getMessage());
        }
    }

    @Test
    void sqlSeesTheRelationsAsTables() throws IOException {
        try (Engine e = engine()) {
            Database db = e.run(e.parse(PROGRAM, "api.dl"), facts, out).database();
            SqlResult count = e.sql(db, "SELECT COUNT(*) FROM path WHERE x = 1");
            assertEquals(List.of(List.of("3")), count.rows());
            SqlResult joined = e.sql(db, "SELECT p.y, n.s FROM path p JOIN name n ON p.y = n.x WHERE p.x = 1 ORDER BY p.y");
            assertEquals(List.of(List.of("2", "n2"), List.of("3", "n3")), joined.rows());
            assertEquals(2, joined.columns().size());
        }
    }

    @Test
    void explainPrintsThePlanAndWithFactsWhatTheRunDecided() {
        try (Engine e = engine()) {
            LoadedProgram p = e.parse(PROGRAM, "api.dl");
            String plan = e.explain(p);
            assertTrue(plan.startsWith("stratum 0: path (recursive: semi-naive)\n"), plan);
            assertTrue(plan.contains("  rule path(x, z) :- path(x, y), edge(y, z).  [api.dl:6:1]\n"), plan);
            assertTrue(plan.contains("semi-naive: 1 variant(s), delta of path#0"), plan);
            assertTrue(plan.contains("count push-down: reach is only .printsize'd"), plan);
            assertTrue(plan.contains("device: cpu-lftj (--device cpu)"), plan);
            assertEquals(plan, e.explain(p), "explain is deterministic");

            String asRun = e.explain(p, facts);
            assertTrue(asRun.contains("  rule path(x, z) :- path(x, y), edge(y, z).  [api.dl:6:1]\n"), asRun);
            assertTrue(asRun.contains("joins as run on " + facts + ":\n  every join on the CPU (--device cpu)\n"), asRun);
            assertEquals("", printed.toString(StandardCharsets.UTF_8), "explain with facts prints nothing of the run");
            assertFalse(Files.exists(out), "explain with facts writes nothing");
        }
    }

    @Test
    void parseReadsFilesAndReportsErrorsWithPositions() throws IOException {
        Path file = Files.writeString(dir.resolve("prog.dl"), PROGRAM);
        try (Engine e = engine()) {
            LoadedProgram p = e.parse(file);
            assertEquals(file.toString(), p.fileName());
            assertTrue(p.source().contains("path(x, z) :- path(x, y), edge(y, z)."));
            assertEquals(4, p.ast().relations().size());
            assertEquals(4, p.ast().clauses().size());
            assertTrue(p.warnings().isEmpty(), p.warnings().toString());

            LeapfrogException missing = assertThrows(LeapfrogException.class, () -> e.parse(dir.resolve("none.dl")));
            assertTrue(missing.getMessage().contains("does not exist"), missing.getMessage());

            LeapfrogException syntax = assertThrows(LeapfrogException.class,
                    () -> e.parse(".decl a(x:number)\na(x) :- .", "broken.dl"));
            assertTrue(syntax.getMessage().startsWith("broken.dl:2:"), syntax.getMessage());

            LeapfrogException undeclared = assertThrows(LeapfrogException.class,
                    () -> e.parse(".decl a(x:number)\na(x) :- b(x).", "undeclared.dl"));
            assertTrue(undeclared.getMessage().startsWith("undeclared.dl:2:9: error: Undefined relation b"),
                    undeclared.getMessage());
        }
    }

    @Test
    void extendAddsToAProgramAndLeavesTheBaseAsItWas() throws IOException {
        try (Engine e = engine()) {
            LoadedProgram base = e.parse("""
                    .decl edge(x:number, y:number)
                    .input edge
                    """, "base.dl");
            LoadedProgram more = e.extend(base, """
                    .decl loop(x:number)
                    .output loop
                    loop(x) :- path(x, x).
                    .decl path(x:number, y:number)
                    path(x, y) :- edge(x, y).
                    path(x, z) :- path(x, y), edge(y, z).
                    """, "more.dl");
            assertNotSame(base, more);
            assertFalse(base.source().contains("loop"), "the base is unchanged");
            assertTrue(more.source().contains("loop(x) :- path(x, x)."));
            assertEquals("base.dl", more.fileName());

            Files.write(facts.resolve("edge.facts"), List.of("1\t2", "2\t1", "3\t4"));
            RunResult r = e.run(more, facts, out);
            assertEquals(List.of("1", "2"), Files.readAllLines(out.resolve("loop.csv")));
            assertEquals(2L, r.outputs().get(0).rows());
            assertEquals(0, e.run(base, facts, dir.resolve("out2")).outputs().size(), "the base has no output");

            LeapfrogException bad = assertThrows(LeapfrogException.class,
                    () -> e.extend(base, "\n.decl q(x:number)\nq(x) :- r(x).", "piece.dl"));
            assertTrue(bad.getMessage().startsWith("piece.dl:3:"), "positions refer to the piece: " + bad.getMessage());
        }
    }

    @Test
    void unsupportedFeaturesAreNotSupportedExceptions() {
        try (Engine e = engine()) {
            LoadedProgram p = e.parse("""
                    .decl edge(x:number, y:number)
                    .input edge(IO=sqlite, dbname="g.db")
                    .decl n(x:number)
                    .output n
                    n(x) :- edge(x, _).
                    """, "io.dl");
            NotSupportedException e1 = assertThrows(NotSupportedException.class, () -> e.run(p, facts, out));
            assertTrue(e1.getMessage().contains("IO=sqlite"), e1.getMessage());
        }
    }

    @Test
    void optionsAreImmutableValues() {
        EngineOptions d = EngineOptions.defaults();
        assertEquals(Runtime.getRuntime().availableProcessors(), d.threads());
        assertEquals(EngineOptions.Device.AUTO, d.device());
        assertEquals(GpuOptions.defaults(), d.gpu());
        assertEquals(PlannerOptions.defaults(), d.planner());
        assertSame(System.out, d.out());

        PlannerOptions planner = PlannerOptions.defaults().withMeasureOrders(false)
                .withDegreeOrder(PlannerOptions.DegreeOrder.NEVER);
        EngineOptions o = d.withThreads(3).withDevice(EngineOptions.Device.CPU).withPlanner(planner).withGpuMemory(1L << 30);
        assertEquals(3, o.threads());
        assertEquals(EngineOptions.Device.CPU, o.device());
        assertFalse(o.planner().measureOrders());
        assertEquals(PlannerOptions.DegreeOrder.NEVER, o.planner().degreeOrder());
        assertEquals(1L << 30, o.gpuMemory());
        assertEquals(Runtime.getRuntime().availableProcessors(), d.threads(), "with... leaves the original as it was");
        assertEquals(EngineOptions.Device.AUTO, d.device());

        assertThrows(IllegalArgumentException.class, () -> d.withThreads(0));
        assertEquals(EngineOptions.Device.GPU, EngineOptions.Device.parse(" GPU "));
        assertEquals("cpu", EngineOptions.Device.CPU.label());
        IllegalArgumentException tpu = assertThrows(IllegalArgumentException.class, () -> EngineOptions.Device.parse("tpu"));
        assertTrue(tpu.getMessage().contains("use auto, cpu or gpu"), tpu.getMessage());

        try (Engine plain = new Engine()) {
            assertEquals(EngineOptions.defaults(), plain.options());
        }
        try (Engine e = new Engine(o)) {
            assertSame(o, e.options());
        }
    }
}
