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
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The REPL's statements, fed as a script (the same path as `leapfrog repl < file`). */
class ReplSessionTest {

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

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void multiLineStatementsAccumulateAndQueriesPrintTuples(@TempDir Path tmp) throws IOException {
        script(tmp, """
                .decl edge(x:number,
                           y:number)
                edge(1, 2). edge(2, 3).
                edge(3,
                     4).
                .decl path(x:number, y:number)
                path(x, y) :- edge(x, y).
                path(x, z) :- path(x, y),
                              edge(y, z).
                ?- path(1, y).
                """);
        assertEquals("", err(), this::out);
        String o = out();
        assertTrue(o.contains("(3 rows, "), o);
        // The answers, one per line, in a one-column table headed by the variable.
        assertTrue(o.lines().map(String::strip).toList().containsAll(java.util.List.of("y", "2", "3", "4")), o);
    }

    @Test
    void anErrorKeepsTheSessionAndItsProgram(@TempDir Path tmp) throws IOException {
        script(tmp, """
                .decl e(x:number)
                e(1). e(2).
                f(3).
                ?- e(x), x > 1.
                .timing off
                ?- e(5).
                ?- e(2).
                """);
        assertTrue(err().contains("f"), err());             // the undeclared relation is reported
        assertFalse(err().contains("Exception"), err());
        String o = out();
        assertTrue(o.contains("(1 row, "), o);
        assertTrue(o.contains("timing is off"), o);
        assertTrue(o.contains("timing is off\nfalse.\ntrue.\n"), o);
    }

    /** SQL beside Datalog over the same live relations, answers in each mode, a row limit, the schema. */
    @Test
    void sqlModesRowLimitAndSchema(@TempDir Path tmp) throws IOException {
        script(tmp, """
                .decl e(x:number, s:symbol)
                e(1, "a"). e(2, "b\\"c"). e(3, "a").
                .decl select(x:number)
                select(x) :- e(x, "a").
                ?- select(x).
                SELECT s, count(*) AS n
                  FROM e GROUP BY s
                  ORDER BY s;
                .timing off
                .mode csv
                select x, s from e where x > 1 order by x;
                .mode json
                SELECT x, CAST(NULL AS INTEGER) AS nothing, s FROM e WHERE x = 2;
                ?- e(x, "a").
                .mode table
                .maxrows 2
                ?- e(x, s).
                .maxrows 0
                .schema e
                .schema
                .schema nope
                .mode fancy
                .maxrows -3
                SELECT nope FROM e;
                ?- e(1, "a").
                """);
        String o = out();
        assertTrue(o.contains("(2 rows, "), o);                                     // ?- select(x): 1 and 3
        assertTrue(o.contains("s   | n\n----+--\na   | 2\nb\"c | 1\n(2 rows, "), o);  // SQL over the same relations
        assertTrue(o.contains("mode is csv\nx,s\n2,\"b\"\"c\"\n3,a\n(2 rows)\n"), o);
        assertTrue(o.contains("mode is json\n[\n{\"x\": 2, \"nothing\": null, \"s\": \"b\\\"c\"}\n]\n(1 row)\n"), o);
        assertTrue(o.contains("[\n{\"x\": \"1\"},\n{\"x\": \"3\"}\n]\n(2 rows)\n"), o);      // Datalog answers are text
        assertTrue(o.contains("maxrows is 2\n"), o);
        assertTrue(o.contains("(3 rows, 1 not shown (.maxrows 2; .maxrows 0 shows all))"), o);
        assertTrue(o.contains(".decl e(x:number, s:symbol)\n.decl e(x:number, s:symbol)\n.decl select(x:number)\n"), o);
        assertTrue(o.contains("true.\n"), o);                                       // the session goes on after errors
        String e = err();
        assertTrue(e.contains("no relation nope is declared"), e);
        assertTrue(e.contains(".mode takes table, csv or json, not 'fancy'"), e);
        assertTrue(e.contains(".maxrows takes a whole number from 0"), e);
        assertTrue(e.toLowerCase(java.util.Locale.ROOT).contains("nope"), e);        // the SQL error
        assertFalse(e.contains("Exception"), e);
    }

    @Test
    void loadHelpExplainAndQuit(@TempDir Path tmp) throws IOException {
        Path root = Cli.repoRoot();
        script(root.resolve("queries/data"), ".load " + root.resolve("queries/triangles.dl") + "\n"
                + ".help\n"
                + ".explain\n"
                + "?- triangles(n).\n"
                + ".quit\n"
                + "?- edge(x, y).\n");
        // the program's .output is not written by a session, which says so once
        assertEquals("note: a session writes no .output files (leapfrog run does): query the relation, or .save the"
                + " program and run it\n", err(), this::out);
        String o = out();
        assertTrue(o.contains("loaded "), o);
        assertTrue(o.contains(".timing on|off"), o);       // .help
        assertTrue(o.lines().anyMatch(l -> l.strip().equals("428")), o);
        assertFalse(o.contains("1650 rows"), o);           // nothing runs after .quit
    }

    @Test
    void replCommandReadsAScriptFromStdinWhenNotATerminal(@TempDir Path tmp) throws IOException {
        Path program = Files.writeString(tmp.resolve("p.dl"), ".decl e(x:number)\ne(7).\n");
        var saved = System.in;
        try {
            System.setIn(new java.io.ByteArrayInputStream("?- e(x).\n".getBytes(StandardCharsets.UTF_8)));
            Cli.Result r = Cli.run("repl", program.toString(), "-F", tmp.toString(),
                    "--history", tmp.resolve("history").toString());
            assertEquals(0, r.exitCode(), r::toString);
            assertTrue(r.out().lines().anyMatch(l -> l.strip().equals("7")), r::toString);
        } finally {
            System.setIn(saved);
        }
    }

    /** .undo takes back a statement that broke evaluation (an .input of a missing file); .save and .reset. */
    @Test
    void retractTakesFactsBackFromTheProgramAndTheFactFiles(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("edge.facts"), "1\t2\n2\t3\n");
        Path saved = tmp.resolve("s.dl");
        script(tmp, """
                .decl edge(x:number, y:number)
                .input edge
                .decl path(x:number, y:number)
                path(x, y) :- edge(x, y).
                path(x, z) :- path(x, y), edge(y, z).
                edge(3, 4).
                ?- path(1, y).
                -edge(2, 3).
                ?- path(1, y).
                .retract edge(3, 4).
                ?- path(x, y).
                .undo
                ?- path(x, y).
                -path(x, y).
                -nothere(1).
                .save %s
                """.formatted(saved));
        String o = out();
        String e = err();
        // 2, 3 and 4 reached from 1; after retracting edge(2, 3) (read from the file) only 2
        assertTrue(o.contains("2\n3\n4\n(3 rows"), o);
        assertTrue(o.contains("retracted 1 fact (.undo takes it back)\n(program evaluated in"), o);
        assertTrue(o.contains("y\n-\n2\n(1 row"), o);
        // edge(3, 4) (a fact of the program) retracted: path holds 1-2 only; .undo brings 3-4 back
        assertTrue(o.contains("1 | 2\n(1 row"), o);
        assertTrue(o.contains("took back: -edge(3, 4).") || o.contains("took back: -edge(3, 4)"), o);
        assertTrue(o.contains("1 | 2\n3 | 4\n(2 rows"), o);
        assertTrue(e.contains(":14:7: error: Argument in fact is not constant: variable x"), e);   // the script's own line
        assertTrue(e.contains(":15:2: error: Undefined relation nothere"), e);
        String text = Files.readString(saved);
        assertTrue(text.contains("// retracted in the session: -edge(2, 3)."), text);
        assertTrue(e.contains("1 retraction is saved as comments"), e);
    }

    @Test
    void undoSaveAndReset(@TempDir Path tmp) throws IOException {
        Path saved = tmp.resolve("session.dl");
        script(tmp, """
                .decl e(x:number)
                e(1). e(2).
                .decl m(x:number)
                .output e
                .output m
                .input m
                ?- e(x).
                .undo
                ?- e(x).
                .save %s
                .save %s
                .reset
                ?- e(x).
                .undo
                """.formatted(saved, tmp));
        String o = out();
        String e = err();
        assertTrue(e.contains("m.facts"), e);                                   // the missing fact file, once
        assertTrue(o.contains("took back: .input m\n"), o);
        assertTrue(o.contains("(2 rows, "), o);                                 // the query after .undo
        assertTrue(o.contains("saved 5 statements to " + saved), o);
        assertEquals(".decl e(x:number)\ne(1). e(2).\n.decl m(x:number)\n.output e\n.output m\n", Files.readString(saved));
        assertEquals(1, e.split("a session writes no .output files", -1).length - 1, e);   // said once
        assertTrue(e.contains("Leapfrog replaces only regular files"), e);      // .save onto a directory
        assertTrue(o.contains("the program is empty"), o);
        assertTrue(e.contains("nothing to query yet") && e.contains("nothing to undo"), e);
        assertFalse(e.contains("Exception"), e);
    }

    /** A script's errors point to its own lines; one that met an error exits 1; --bail stops at the first. */
    @Test
    void scriptsReportTheirLinesAndFailOnErrors(@TempDir Path tmp) throws IOException {
        String script = ".decl e(x:number)\ne(1).\n\n  f(2).\n?- e(x).\n";
        var saved = System.in;
        try {
            for (boolean bail : new boolean[] {false, true}) {
                System.setIn(new java.io.ByteArrayInputStream(script.getBytes(StandardCharsets.UTF_8)));
                Cli.Result r = bail ? Cli.run("repl", "-F", tmp.toString(), "--bail", "--history", tmp.resolve("h").toString())
                        : Cli.run("repl", "-F", tmp.toString(), "--history", tmp.resolve("h").toString());
                assertEquals(1, r.exitCode(), r::toString);
                assertTrue(r.err().contains("<stdin>:4:3: error: Undefined relation f"), r::toString);
                assertEquals(!bail, r.out().lines().anyMatch(l -> l.strip().equals("1")), r::toString);  // the query after it
            }
            System.setIn(new java.io.ByteArrayInputStream(".decl e(x:number)\ne(1).\n?- e(x).\n".getBytes(StandardCharsets.UTF_8)));
            assertEquals(0, Cli.run("repl", "-F", tmp.toString(), "--history", tmp.resolve("h").toString()).exitCode());
        } finally {
            System.setIn(saved);
        }
    }

    @Test
    void enumerationsAndUnsignedValuesAcrossStatements(@TempDir Path tmp) throws IOException {
        // The type, the facts and the queries are separate statements: branches are checked against the
        // whole session's types, not one statement's.
        script(tmp, """
                .type Day = Mon {} | Tue {}
                .decl d(x:Day, u:unsigned)
                d($Tue, 4000000000u). d($Mon, 1).
                ?- d(x, u), u > 2u.
                ?- d(x, _), x < $Tue.
                d($Fri, 3).
                """);
        String o = out();
        assertTrue(o.contains("$Tue | 4000000000"), o);
        assertTrue(o.contains("$Mon"), o);
        assertTrue(err().contains("Unknown ADT branch $Fri. Known branches: $Mon, $Tue"), err());
    }

    @Test
    void componentsDefinedInOneStatementAreInstantiatedInLaterOnes(@TempDir Path tmp) throws IOException {
        script(tmp, """
                .comp Pairs<T> { .decl p(x:T) p(x) :- seed(x). }
                .decl seed(x:number)
                seed(41). seed(42).
                .init a = Pairs<number>
                ?- a.p(x), x > 41.
                .init b = Missing
                """);
        String o = out();
        assertTrue(o.lines().anyMatch(l -> l.strip().equals("42")), o);
        assertTrue(o.lines().noneMatch(l -> l.strip().equals("41")), o);
        assertTrue(err().contains("Undefined component Missing"), err());
    }
}
