package io.leapfrog.engine;

import io.leapfrog.common.LeapfrogException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Engine#retract}: a program with facts taken back evaluates as if they had never been there. */
class RetractTest {
    private static Engine engine() {
        return new Engine(EngineOptions.defaults().withThreads(2).withDevice(EngineOptions.Device.CPU)
                .withOut(new PrintStream(OutputStream.nullOutputStream())));
    }

    private static Set<String> closure(Set<String> edges) {
        Set<String> out = new TreeSet<>(edges);
        boolean grew = true;
        while (grew) {
            grew = false;
            for (String a : new ArrayList<>(out)) {
                for (String b : edges) {
                    String[] x = a.split(",");
                    String[] y = b.split(",");
                    if (x[1].equals(y[0]) && out.add(x[0] + "," + y[1])) {
                        grew = true;
                    }
                }
            }
        }
        return out;
    }

    @Test
    void retractedFactsAndWhatOnlyTheyDerivedAreGone(@TempDir Path dir) {
        Random rnd = new Random(17);
        try (Engine engine = engine()) {
            for (int round = 0; round < 25; round++) {
                Set<String> fileEdges = new TreeSet<>();
                Set<String> inlineEdges = new TreeSet<>();
                for (int i = 0; i < 12; i++) {
                    (rnd.nextBoolean() ? fileEdges : inlineEdges).add(rnd.nextInt(8) + "," + rnd.nextInt(8));
                }
                StringBuilder facts = new StringBuilder();
                fileEdges.forEach(e -> facts.append(e.replace(',', '\t')).append('\n'));
                StringBuilder program = new StringBuilder(".decl e(x:number, y:number)\n.input e\n"
                        + ".decl p(x:number, y:number)\np(x, y) :- e(x, y).\np(x, z) :- p(x, y), e(y, z).\n");
                inlineEdges.forEach(e -> program.append("e(").append(e).append(").\n"));
                Path facts0 = dir.resolve("f" + round);
                try {
                    Files.createDirectories(facts0);
                    Files.writeString(facts0.resolve("e.facts"), facts);
                } catch (java.io.IOException ex) {
                    throw new RuntimeException(ex);
                }
                Set<String> all = new TreeSet<>(fileEdges);
                all.addAll(inlineEdges);
                List<String> gone = new ArrayList<>();
                for (String e : all) {
                    if (rnd.nextInt(3) == 0) {
                        gone.add(e);
                    }
                }
                gone.add("9,9");   // not a fact: changes nothing
                LoadedProgram p = engine.parse(program.toString(), "p" + round + ".dl");
                StringBuilder retract = new StringBuilder();
                gone.forEach(e -> retract.append("e(").append(e).append("). "));
                LoadedProgram q = engine.retract(p, retract.toString(), "<retract>");
                assertEquals(gone.size(), q.retracted().size());
                Set<String> left = new HashSet<>(all);
                gone.forEach(left::remove);
                Database db = engine.database(engine.run(q, facts0));
                Set<String> got = new TreeSet<>();
                for (String line : db.lines("p")) {
                    got.add(line.replace('\t', ','));
                }
                assertEquals(closure(left), got, "round " + round + ", retracted " + gone);
                Set<String> before = new TreeSet<>();
                for (String line : engine.database(engine.run(p, facts0)).lines("p")) {
                    before.add(line.replace('\t', ','));
                }
                assertEquals(closure(all), before, "the program itself is unchanged");
            }
        }
    }

    @Test
    void aFactARuleDerivesStaysAndOnlyGroundFactsAreTaken() {
        try (Engine engine = engine()) {
            LoadedProgram p = engine.parse("""
                    .decl e(x:number, y:number)
                    e(1, 2). e(2, 3).
                    .decl p(x:number, y:number)
                    p(x, y) :- e(x, y).
                    p(1, 3).
                    .decl f(x:number) filter
                    f(x) :- e(x, _).
                    """, "r.dl");
            LoadedProgram q = engine.retract(p, "p(1, 2). p(1, 3).", "<r>");
            Database db = engine.database(engine.run(q, null));
            assertEquals(List.of("1\t2", "2\t3"), db.lines("p"));   // p(1, 2) derived again; p(1, 3) only a fact
            LeapfrogException rule = assertThrows(LeapfrogException.class, () -> engine.retract(p, "p(x, y) :- e(x, y).", "<r>"));
            assertTrue(rule.getMessage().contains("this is a rule"), rule.getMessage());
            LeapfrogException filter = assertThrows(LeapfrogException.class, () -> engine.retract(p, "f(1).", "<r>"));
            assertTrue(filter.getMessage().contains("is a filter relation"), filter.getMessage());
            LeapfrogException decl = assertThrows(LeapfrogException.class, () -> engine.retract(p, ".decl g(x:number)", "<r>"));
            assertTrue(decl.getMessage().contains("retract takes ground facts"), decl.getMessage());
        }
    }
}
