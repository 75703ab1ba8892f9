package io.leapfrog.cli.repl;

import io.leapfrog.cli.console.ProgramFiles;
import io.leapfrog.cli.console.ResourceErrors;
import io.leapfrog.cli.console.Summary;
import io.leapfrog.cli.console.TextTable;
import io.leapfrog.cli.console.UserErrors;
import io.leapfrog.engine.Database;
import io.leapfrog.engine.Engine;
import io.leapfrog.engine.LoadedProgram;
import io.leapfrog.engine.QueryResult;
import io.leapfrog.engine.RunResult;
import io.leapfrog.parser.ProgramText;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The state of one REPL session and what each complete statement does. Declarations, facts, rules and
 * directives accumulate into one program (each piece checked as it arrives); a {@code ?-} query
 * evaluates the program if it changed since the last query and prints the matching tuples. A
 * statement that fails prints its message and leaves the session as it was.
 *
 * <p>Independent of the terminal: {@link Repl} feeds it from JLine, tests feed it strings.
 */
public final class ReplSession implements AutoCloseable {

    static final String HELP = String.join("\n",
            "Enter Datalog (Souffle dialect); a fact, rule or query ends with '.', a directive with its line:",
            "  .decl edge(x:number, y:number)        declare a relation",
            "  edge(1,2). edge(2,3).                 add facts",
            "  path(x,y) :- edge(x,y).               add rules",
            "  ?- path(1, y).                        query: the tuples that match, and the time taken",
            "  ?- path(x, y), x > y.                 a query may be any rule body",
            "Commands:",
            "  .help                 this text",
            "  .load FILE.dl         add the declarations, facts and rules of a file",
            "  .explain              the plan of every rule",
            "  .relations            every relation with its number of rows",
            "  .timing on|off        print the time taken by each query (default on)",
            "  .quit                 leave (also .exit or Ctrl-D)",
            "Input continues on the next line until the statement is complete. .input relations are read",
            "from the -F directory given to `leapfrog repl`.");

    private static final List<String> COMMANDS =
            List.of(".help", ".load", ".explain", ".relations", ".timing", ".quit", ".exit");

    private final Engine engine;
    private final Path factDir;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean debug;

    private LoadedProgram program;      // null until the first declaration, fact or rule
    private Database database;          // null when the program changed since the last evaluation
    private boolean timing = true;
    private int inputCount;
    private final Set<String> shownWarnings = new HashSet<>();

    public ReplSession(Engine engine, Path factDir, PrintStream out, PrintStream err, boolean debug) {
        this.engine = engine;
        this.factDir = factDir;
        this.out = out;
        this.err = err;
        this.debug = debug;
    }

    /** Stops the statement running now (Ctrl-C): its evaluation ends with an "interrupted" error. */
    public void cancel() {
        engine.cancel();
    }

    /** Starts from a program file, as `leapfrog repl prog.dl` does; errors propagate to the caller. */
    public void loadInitial(Path file) {
        ProgramFiles.requireReadableFile(file, "program file");
        program = engine.parse(file);
    }

    /**
     * Executes one complete statement (see {@link StatementEnd}). Returns false when the session should
     * end. User errors, and running out of heap or stack, are printed, never thrown.
     */
    public boolean execute(String statement) {
        String text = statement.strip();
        if (StatementEnd.isBlank(text)) {
            return true;
        }
        try {
            if (text.startsWith("?-")) {
                query(text);
            } else if (isReplCommand(text)) {
                return command(text);
            } else {
                addToProgram(text, "<input-" + (++inputCount) + ">");
            }
        } catch (RuntimeException e) {
            report(e);
        } catch (OutOfMemoryError | StackOverflowError e) {
            // the statement's data is garbage now: say what ran out, and the session goes on
            report(e);
        }
        out.flush();
        err.flush();
        return true;
    }

    /** Words the completer offers: commands, directives and the relations declared so far. */
    public SortedSet<String> completionWords() {
        SortedSet<String> words = new TreeSet<>(COMMANDS);
        words.addAll(List.of(".decl", ".input", ".output", ".printsize", ".type", "number", "symbol",
                "count", "sum", "min", "max", "mean"));
        if (program != null) {
            program.ast().relations().forEach(r -> words.add(r.name()));
        }
        return words;
    }

    private static boolean isReplCommand(String text) {
        String word = text.split("\\s+", 2)[0];
        return COMMANDS.contains(word);
    }

    private boolean command(String text) {
        String[] parts = text.split("\\s+", 2);
        String arg = parts.length > 1 ? parts[1].strip() : "";
        switch (parts[0]) {
            case ".quit", ".exit" -> {
                return false;
            }
            case ".help" -> out.println(HELP);
            case ".timing" -> setTiming(arg);
            case ".explain" -> explain();
            case ".relations" -> relations();
            case ".load" -> load(arg);
            default -> throw new IllegalStateException("unhandled command " + parts[0]);
        }
        out.flush();
        return true;
    }

    private void setTiming(String arg) {
        switch (arg.toLowerCase(Locale.ROOT)) {
            case "on" -> timing = true;
            case "off" -> timing = false;
            case "" -> { }
            default -> {
                err.println("error: .timing takes on or off, not '" + arg + "'.");
                return;
            }
        }
        out.println("timing is " + (timing ? "on" : "off"));
    }

    private void explain() {
        if (program == null) {
            out.println("(no rules yet)");
            return;
        }
        String plan = engine.explain(program);
        out.print(plan.endsWith("\n") || plan.isEmpty() ? plan : plan + "\n");
    }

    private void relations() {
        Database db = evaluated();
        if (db == null) {
            out.println("(no relations yet)");
            return;
        }
        for (String name : db.relationNames()) {
            long rows = db.size(name);
            out.println(name + "  " + rows + (rows == 1 ? " row" : " rows"));
        }
    }

    private void load(String arg) {
        if (arg.isEmpty()) {
            err.println("error: .load needs a file name, e.g. .load queries/tc.dl");
            return;
        }
        Path file = Path.of(unquote(arg));
        ProgramFiles.requireReadableFile(file, "file");
        addToProgram(ProgramText.read(file, "file"), file.toString());
        out.println("loaded " + file);
    }

    private void addToProgram(String source, String name) {
        LoadedProgram next = program == null ? engine.parse(source, name) : engine.extend(program, source, name);
        program = next;           // only after the piece was accepted: an error leaves the session as it was
        database = null;
    }

    private void query(String text) {
        Database db = evaluated();
        if (db == null) {
            err.println("error: nothing to query yet: declare relations and add facts or rules first.");
            return;
        }
        QueryResult result = engine.query(db, text);
        if (result.variables().isEmpty()) {
            // A closed query holds or not; there are no tuples to count.
            out.println(result.holds() ? "true." : "false.");
            if (timing) {
                out.println("(" + Summary.seconds(result.time()) + ")");
            }
            return;
        }
        out.print(TextTable.render(result.variables(), result.rows()));
        String rows = result.rows().size() + (result.rows().size() == 1 ? " row" : " rows");
        out.println(timing ? "(" + rows + ", " + Summary.seconds(result.time()) + ")" : "(" + rows + ")");
    }

    /** The database of the current program, evaluating it first if it changed; null without a program. */
    private Database evaluated() {
        if (program == null) {
            return null;
        }
        if (database == null) {
            printNewWarnings(program);
            long start = System.nanoTime();
            RunResult run = engine.run(program, factDir);   // .output files are not written by a session
            database = run.database();
            if (timing) {
                out.println("(program evaluated in " + Summary.seconds(Duration.ofNanos(System.nanoTime() - start)) + ")");
            }
        }
        return database;
    }

    /**
     * A program typed piece by piece is incomplete most of the time (a relation is declared before its
     * facts), so warnings are shown when the program is evaluated, and each one only once.
     */
    private void printNewWarnings(LoadedProgram p) {
        for (String w : p.warnings()) {
            if (shownWarnings.add(w)) {
                err.println(w);
            }
        }
    }

    private void report(Throwable e) {
        out.flush();              // what the statement printed before failing comes first
        VirtualMachineError exhausted = ResourceErrors.find(e);
        String message = UserErrors.messageOf(e);
        if (exhausted != null) {
            err.println(ResourceErrors.message(exhausted));
        } else if (message != null) {
            err.println(message);
        } else {
            err.println("internal error: " + UserErrors.oneLine(e));
            if (!debug) {
                err.println("This is a bug in Leapfrog. Start the REPL with --debug to see stack traces.");
            }
        }
        if (debug) {
            e.printStackTrace(err);
        }
    }

    private static String unquote(String s) {
        return s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
    }

    /** Nothing to release: evaluation writes no files, and the engine belongs to the caller. */
    @Override
    public void close() {
    }
}
