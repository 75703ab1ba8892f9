package io.leapfrog.cli.repl;

import io.leapfrog.ast.Directive;
import io.leapfrog.ast.RelationDecl;
import io.leapfrog.cli.console.ProgramFiles;
import io.leapfrog.cli.console.ResourceErrors;
import io.leapfrog.cli.console.Summary;
import io.leapfrog.cli.console.TextTable;
import io.leapfrog.cli.console.UserErrors;
import io.leapfrog.engine.Database;
import io.leapfrog.engine.Engine;
import io.leapfrog.engine.LoadedProgram;
import io.leapfrog.engine.OutputFile;
import io.leapfrog.engine.QueryResult;
import io.leapfrog.engine.RunResult;
import io.leapfrog.parser.ProgramText;
import io.leapfrog.planner.sql.SqlResult;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
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
            "  -edge(1,2).                           retract a fact (also .retract edge(1,2).): gone from the",
            "                                        relation's facts, inline or read by .input, and from what it derived",
            "  ?- path(1, y).                        query: the tuples that match, and the time taken",
            "  ?- path(x, y), x > y.                 a query may be any rule body",
            "  SELECT x, count(*) FROM path GROUP BY x;",
            "                                        SQL over the same relations (tables), ending with ';'",
            "Commands:",
            "  .help                 this text",
            "  .load FILE.dl         add the declarations, facts and rules of a file",
            "  .undo                 take back the last statement added (or file loaded, or fact retracted)",
            "  .retract FACT.        take a fact back (the same as -FACT.)",
            "  .reset                start again from an empty program",
            "  .save FILE.dl         write the statements added so far, as a program",
            "  .schema [RELATION]    the declarations (of every relation, or of one)",
            "  .explain              the plan of every rule",
            "  .relations            every relation with its number of rows",
            "  .mode table|csv|json  how answers are printed (default table)",
            "  .maxrows N            print at most N rows of an answer and count the rest (default 1000; 0: all)",
            "  .timing on|off        print the time taken by each query (default on)",
            "  .quit                 leave (also .exit or Ctrl-D)",
            "Input continues on the next line until the statement is complete. .input relations are read",
            "from the -F directory given to `leapfrog repl`.");

    private static final List<String> COMMANDS =
            List.of(".help", ".load", ".undo", ".retract", ".reset", ".save", ".schema", ".explain", ".relations", ".mode", ".maxrows",
                    ".timing", ".quit", ".exit");
    /** Rows of an answer printed at most, by default. */
    static final int DEFAULT_MAX_ROWS = 1000;

    /** How answers are printed. */
    private enum Mode { TABLE, CSV, JSON }

    private final Engine engine;
    private final Path factDir;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean debug;

    private LoadedProgram program;      // null until the first declaration, fact or rule
    /** Each accepted piece's program before it and its text, the last first (.undo, .save). */
    private final ArrayDeque<Piece> pieces = new ArrayDeque<>();
    private Database database;          // null when the program changed since the last evaluation
    private boolean timing = true;
    private Mode mode = Mode.TABLE;
    private int maxRows = DEFAULT_MAX_ROWS;
    private int inputCount;
    /** The worst outcome of a statement so far: 0, or the exit code its error maps to (1 user, 3 internal, 4 resources). */
    private int worstExit;
    /** Whether the session said once that it writes no .output files. */
    private boolean outputNoted;
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
        pieces.push(new Piece(null, ProgramText.read(file, "program file").strip()));
    }

    /**
     * Executes one complete statement (see {@link StatementEnd}). Returns false when the session should
     * end. User errors, and running out of heap or stack, are printed, never thrown.
     */
    public boolean execute(String statement) {
        return execute(statement, null, 1);
    }

    /**
     * As {@link #execute(String)}, for a statement of a script named {@code source} (null: typed, named
     * {@code <input-N>}) that starts on line {@code firstLine} of it: its errors point into the script.
     */
    public boolean execute(String statement, String source, int firstLine) {
        String text = statement.strip();
        if (StatementEnd.isBlank(text)) {
            return true;
        }
        try {
            if (text.startsWith("?-")) {
                query(text);
            } else if (StatementEnd.isSql(text)) {
                sql(text);
            } else if (isReplCommand(text)) {
                return command(text);
            } else if (text.startsWith("-") && !text.startsWith("--")) {
                // the '-' as a space: the parser's columns (and, in a script, its lines) are the statement's own
                String fact = statement.replaceFirst("-", " ");
                if (source == null) {
                    retract(fact, "<input-" + (++inputCount) + ">");
                } else {
                    retract("\n".repeat(firstLine - 1) + fact, source);
                }
            } else if (source == null) {
                addToProgram(text, "<input-" + (++inputCount) + ">");
            } else {
                // the statement as written, after as many empty lines as come before it: the parser's
                // lines and columns are the script's own
                addToProgram("\n".repeat(firstLine - 1) + statement, source);
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
            case ".mode" -> setMode(arg);
            case ".maxrows" -> setMaxRows(arg);
            case ".schema" -> schema(arg);
            case ".explain" -> explain();
            case ".relations" -> relations();
            case ".load" -> load(arg);
            case ".undo" -> undo();
            case ".retract" -> {
                if (arg.isEmpty()) {
                    userError("error: .retract needs a fact, e.g. .retract edge(1, 2).");
                } else {
                    retract(arg, "<input-" + (++inputCount) + ">");
                }
            }
            case ".reset" -> reset();
            case ".save" -> save(arg);
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
                userError("error: .timing takes on or off, not '" + arg + "'.");
                return;
            }
        }
        out.println("timing is " + (timing ? "on" : "off"));
    }

    private void setMode(String arg) {
        if (!arg.isEmpty()) {
            try {
                mode = Mode.valueOf(arg.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                userError("error: .mode takes table, csv or json, not '" + arg + "'.");
                return;
            }
        }
        out.println("mode is " + mode.name().toLowerCase(Locale.ROOT));
    }

    private void setMaxRows(String arg) {
        if (!arg.isEmpty()) {
            try {
                int n = Integer.parseInt(arg);
                if (n < 0) {
                    throw new NumberFormatException();
                }
                maxRows = n;
            } catch (NumberFormatException e) {
                userError("error: .maxrows takes a whole number from 0 (0: every row), not '" + arg + "'.");
                return;
            }
        }
        out.println("maxrows is " + (maxRows == 0 ? "0 (every row)" : Integer.toString(maxRows)));
    }

    /** The declarations as {@code .decl} lines, of every relation or of the one named. */
    private void schema(String arg) {
        if (program == null) {
            out.println("(no relations yet)");
            return;
        }
        boolean found = false;
        for (RelationDecl r : program.ast().relations()) {
            if (!arg.isEmpty() && !r.name().equals(arg)) {
                continue;
            }
            found = true;
            List<String> attributes = new ArrayList<>();
            r.attributes().forEach(a -> attributes.add(a.name() + ":" + a.type()));
            String qualifiers = r.qualifiers().isEmpty() ? "" : " " + String.join(" ", new TreeSet<>(r.qualifiers()));
            out.println(".decl " + r.name() + "(" + String.join(", ", attributes) + ")" + qualifiers);
        }
        if (!found) {
            userError("error: no relation " + arg + " is declared; .schema lists them all.");
        }
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
            userError("error: .load needs a file name, e.g. .load queries/tc.dl");
            return;
        }
        Path file = Path.of(unquote(arg));
        ProgramFiles.requireReadableFile(file, "file");
        addToProgram(ProgramText.read(file, "file"), file.toString());
        out.println("loaded " + file);
    }

    private void addToProgram(String source, String name) {
        LoadedProgram next = program == null ? engine.parse(source, name) : engine.extend(program, source, name);
        if (outputs(next) > (program == null ? 0 : outputs(program)) && !outputNoted) {
            outputNoted = true;
            err.println("note: a session writes no .output files (leapfrog run does): query the relation, or .save the"
                    + " program and run it");
        }
        pieces.push(new Piece(program, source.strip()));
        program = next;           // only after the piece was accepted: an error leaves the session as it was
        database = null;
    }

    /**
     * Takes back the ground facts of {@code facts} ({@code edge(1, 2).}): evaluations from now on remove them
     * from their relations' facts, inline or read by .input, and so from everything only they derived.
     */
    private void retract(String facts, String name) {
        if (program == null) {
            userError("error: nothing to retract from: the program is empty");
            return;
        }
        String text = facts.strip();
        LoadedProgram next = engine.retract(program, text.endsWith(".") ? facts : facts.stripTrailing() + ".", name);
        pieces.push(new Piece(program, "-" + text));
        program = next;
        database = null;
        int n = next.retracted().size() - pieces.peek().before().retracted().size();
        out.println("retracted " + n + (n == 1 ? " fact" : " facts") + " (.undo takes it back)");
    }

    private static long outputs(LoadedProgram p) {
        return p.ast().directives().stream().filter(d -> d.kind() == Directive.Kind.OUTPUT).count();
    }

    /** A piece of the session's program: the program before it, and its text. */
    private record Piece(LoadedProgram before, String text) { }

    private void undo() {
        if (pieces.isEmpty()) {
            userError("error: nothing to undo.");
            return;
        }
        Piece last = pieces.pop();
        program = last.before();
        database = null;
        String first = last.text().lines().findFirst().orElse("");
        out.println("took back: " + (first.length() > 60 ? first.substring(0, 57) + "..." : first));
    }

    private void reset() {
        pieces.clear();
        program = null;
        database = null;
        out.println("the program is empty");
    }

    /** The statements added so far, in order, as one program file (replaced only if a regular file). */
    private void save(String arg) {
        if (arg.isEmpty()) {
            userError("error: .save needs a file name, e.g. .save session.dl");
            return;
        }
        Path file = Path.of(unquote(arg));
        List<String> texts = new ArrayList<>();
        int[] retractions = new int[1];
        pieces.descendingIterator().forEachRemaining(p -> {
            if (p.text().startsWith("-")) {   // a program cannot retract: kept as a comment
                retractions[0]++;
                texts.add("// retracted in the session: " + p.text());
            } else {
                texts.add(p.text());
            }
        });
        byte[] bytes = (String.join("\n", texts) + (texts.isEmpty() ? "" : "\n")).getBytes(StandardCharsets.UTF_8);
        OutputFile.write(file, bytes);
        out.println("saved " + texts.size() + (texts.size() == 1 ? " statement" : " statements") + " to " + file);
        if (retractions[0] > 0) {
            err.println("note: " + retractions[0] + (retractions[0] == 1 ? " retraction is" : " retractions are")
                    + " saved as comments: a program file cannot take facts back (remove them from it, or from the fact files)");
        }
    }

    private void query(String text) {
        Database db = evaluated();
        if (db == null) {
            userError("error: nothing to query yet: declare relations and add facts or rules first.");
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
        answer(result.variables(), result.rows(), null, result.time());
    }

    /** A SQL statement (ending with ';') over the evaluated relations, as tables. */
    private void sql(String text) {
        Database db = evaluated();
        if (db == null) {
            userError("error: nothing to query yet: declare relations and add facts or rules first.");
            return;
        }
        String query = text.strip();
        query = query.substring(0, query.length() - 1);   // the ';' that ended it
        SqlResult result = engine.sql(db, query);
        answer(result.columns(), result.rows(), result.values(), result.time());
    }

    /**
     * Prints an answer in the session's mode, at most {@link #maxRows} rows of it, then how many rows it has
     * (and how many were left out) and, with timing on, its time. {@code values} (SQL's typed values, or null)
     * lets JSON write numbers as numbers and NULL as null; a Datalog answer's values are strings there.
     */
    private void answer(List<String> columns, List<List<String>> rows, List<List<Object>> values, Duration time) {
        int limit = maxRows > 0 && rows.size() > maxRows ? maxRows : rows.size();
        List<List<String>> shown = rows.subList(0, limit);
        switch (mode) {
            case TABLE -> out.print(TextTable.render(columns, shown));
            case CSV -> out.print(TextTable.csv(columns, shown));
            case JSON -> out.print(TextTable.json(columns, shown, values == null ? null : values.subList(0, limit)));
        }
        String count = rows.size() + (rows.size() == 1 ? " row" : " rows")
                + (shown.size() < rows.size() ? ", " + (rows.size() - shown.size()) + " not shown (.maxrows " + maxRows
                + "; .maxrows 0 shows all)" : "");
        out.println(timing ? "(" + count + ", " + Summary.seconds(time) + ")" : "(" + count + ")");
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

    /** A user error found by the session itself (a command's argument): printed, and counted for the exit code. */
    private void userError(String message) {
        err.println(message);
        worstExit = Math.max(worstExit, 1);
    }

    /** The exit code a script's run maps to: 0 when every statement succeeded, else its worst error's. */
    public int exitCode() {
        return worstExit;
    }

    private void report(Throwable e) {
        out.flush();              // what the statement printed before failing comes first
        VirtualMachineError exhausted = ResourceErrors.find(e);
        String message = UserErrors.messageOf(e);
        worstExit = Math.max(worstExit, exhausted != null ? 4 : message != null ? 1 : 3);
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
