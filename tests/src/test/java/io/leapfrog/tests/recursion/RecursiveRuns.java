package io.leapfrog.tests.recursion;

import io.leapfrog.engine.Engine;
import io.leapfrog.engine.EngineOptions;
import io.leapfrog.engine.RunResult;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.tests.differential.RandomRecursivePrograms;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Runs a random recursive program through the engine on one device and checks it against naive evaluation. */
final class RecursiveRuns {
    private RecursiveRuns() {
    }

    /** The run's device lines; fails when a derived relation's tuples, or its printed size, differ from the naive answer. */
    static List<String> check(RandomRecursivePrograms.Program p, EngineOptions.Device device, int threads, boolean sizesOnly) {
        Map<String, Set<List<Integer>>> expected = RandomRecursivePrograms.naive(p);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        String text = p.text(sizesOnly ? ".printsize REL" : ".output REL(IO=stdout)");
        try (Engine engine = new Engine(new EngineOptions(threads, device, new PrintStream(sink)))) {
            RunResult r = engine.run(engine.parse(text, "random.dl"), null, null);
            for (String rel : expected.keySet()) {
                if (sizesOnly) {
                    assertEquals(rel + "\t" + expected.get(rel).size(), r.printSizeLines().stream()
                            .filter(l -> l.startsWith(rel + "\t")).findFirst().orElse("missing"), text);
                } else {
                    assertEquals(expected.get(rel), tuples(r.database().relation(rel)), rel + " of\n" + text);
                }
            }
            return r.deviceLines();
        }
    }

    static Set<List<Integer>> tuples(Relation r) {
        Set<List<Integer>> out = new HashSet<>();
        for (int i = 0; i < r.size(); i++) {
            List<Integer> t = new ArrayList<>();
            for (int c = 0; c < r.arity(); c++) {
                t.add(r.get(i, c));
            }
            out.add(t);
        }
        return out;
    }

}
