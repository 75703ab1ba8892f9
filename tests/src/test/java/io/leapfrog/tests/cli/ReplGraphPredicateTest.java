package io.leapfrog.tests.cli;

import io.leapfrog.cli.repl.Repl;
import io.leapfrog.cli.repl.ReplSession;
import io.leapfrog.engine.Engine;
import io.leapfrog.engine.EngineOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The graph predicates in REPL queries: the same rows as in a program, errors positioned, the session kept. */
class ReplGraphPredicateTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private void script(Path factDir, String text) throws IOException {
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        try (Engine engine = new Engine(EngineOptions.defaults().withThreads(2).withOut(o));
             ReplSession session = new ReplSession(engine, factDir, o, e, false)) {
            Repl.script(session, new StringReader(text));
        }
    }

    private List<String> outLines() {
        return out.toString(StandardCharsets.UTF_8).lines().map(String::strip).toList();
    }

    @Test
    void queriesCallTheGraphPredicates(@TempDir Path tmp) throws IOException {
        // K_4 on 1..4 and the triangle 4, 5, 6.
        script(tmp, """
                .decl edge(a:number, b:number)
                edge(1, 2). edge(1, 3). edge(1, 4). edge(2, 3). edge(2, 4). edge(3, 4).
                edge(4, 5). edge(5, 6). edge(6, 4).
                .timing off
                ?- k_clique(edge, 4, c, v).
                ?- k_clique(edge, 3, c), k_clique(edge, 3, c, 5).
                ?- n = count : { maximal_clique(edge, 3, _) }.
                ?- max_clique(edge, c, 2).
                ?- quasi_clique(edge, 1, 3, c, 6).
                """);
        assertEquals("", err.toString(StandardCharsets.UTF_8));
        List<String> o = outLines();
        // the 4-clique {1,2,3,4} as id 0, one row per member
        assertTrue(o.containsAll(List.of("0 | 1", "0 | 2", "0 | 3", "0 | 4", "(4 rows)")), o::toString);
        // the 3-cliques in order {1,2,3} {1,2,4} {1,3,4} {2,3,4} {4,5,6}: 5 is in id 4
        assertTrue(o.containsAll(List.of("c", "4", "(1 row)")), o::toString);
        assertTrue(o.containsAll(List.of("n", "2")), o::toString);
        assertTrue(o.contains("(1 row)"), o::toString);
    }

    @Test
    void aBadCallIsAnErrorAndTheSessionGoesOn(@TempDir Path tmp) throws IOException {
        script(tmp, """
                .decl edge(a:number, b:number)
                edge(1, 2).
                .timing off
                ?- k_clique(edge, 0, c).
                ?- k_clique(nowhere, 3, c).
                ?- k_clique(edge, 2, c).
                """);
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.contains("the k of k_clique is an integer constant from 1 to 1024"), e);
        assertTrue(e.contains("Undefined relation nowhere in k_clique"), e);
        assertFalse(e.contains("Exception"), e);
        assertTrue(outLines().containsAll(List.of("c", "0", "(1 row)")), outLines()::toString);
    }
}
