package io.leapfrog.engine;

import java.nio.file.Path;

/**
 * The library entry point: parse a Souffle-dialect program, evaluate it with leapfrog triejoins,
 * explain its plans, and query the result with Datalog bodies or SQL. Thread-safe; one engine may run
 * several programs. No global state: symbols live in each run's {@link Database}.
 *
 * <pre>
 *   try (Engine engine = new Engine(EngineOptions.defaults().withThreads(4))) {
 *       LoadedProgram p = engine.parse(Path.of("tc.dl"));
 *       RunResult r = engine.run(p, Path.of("facts"), Path.of("out"));
 *       for (OutputSummary s : r.outputs()) System.out.println(s);
 *       QueryResult q = engine.query(r.database(), "path(1, x)");
 *       SqlResult s = engine.sql(r.database(), "SELECT COUNT(*) FROM path");
 *   }
 * </pre>
 *
 * A REPL that receives a program in increments keeps the current {@link LoadedProgram} and calls
 * {@link #extend(LoadedProgram, String, String)} for each new piece of text (declarations, facts,
 * rules, directives); each piece is parsed on its own (so error positions refer to that piece and the
 * name given), then the whole program is re-checked. Evaluation is from scratch:
 * {@link #run} the extended program again, then {@link #query} its database.
 *
 * CONTRACT (used by cli, bench, tests; add, do not change):
 * <pre>
 *   Engine(EngineOptions options)                           implements AutoCloseable
 *   LoadedProgram parse(Path file)                          parse + semantic checks; LeapfrogException on error
 *   LoadedProgram parse(String source, String fileName)
 *   LoadedProgram extend(LoadedProgram base, String moreSource, String fileName)   REPL increments
 *   RunResult run(LoadedProgram p, Path factsDir, Path outDir)   evaluate, write .output relations
 *                                                           atomically, return one summary per output
 *   String explain(LoadedProgram p)                         the plan of every rule
 *   Database database(RunResult r)                          the evaluated relations, for SQL and queries
 *   SqlResult sql(Database db, String sql)                  (planner's SQL path)
 *   QueryResult query(Database db, String bodyOrAtom)       e.g. "path(1,x)" or "?- path(1,x), x > 2."
 * </pre>
 * EngineOptions: threads (default all cores), device ("auto" | "cpu"), PrintStream for .printsize/IO=stdout.
 * RunResult: List&lt;OutputSummary(String relation, long rows, Duration time)&gt;, plus printsize lines.
 * All user errors are {@link io.leapfrog.common.LeapfrogException}s with complete messages;
 * unsupported features are {@link io.leapfrog.common.NotSupportedException}s.
 */
public final class Engine implements AutoCloseable {

    private final EngineOptions options;

    public Engine(EngineOptions options) {
        this.options = options;
    }

    public Engine() {
        this(EngineOptions.defaults());
    }

    public EngineOptions options() {
        return options;
    }

    /** Reads, parses and checks a program file; LeapfrogException (with position) on any error. */
    public LoadedProgram parse(Path file) {
        throw new UnsupportedOperationException("in progress");
    }

    /** Parses and checks program text; {@code fileName} is used in error positions. */
    public LoadedProgram parse(String source, String fileName) {
        throw new UnsupportedOperationException("in progress");
    }

    /**
     * The program {@code base} plus the declarations, facts, rules and directives of {@code moreSource}
     * (parsed on its own, positions refer to {@code fileName}), re-checked as a whole. {@code base} is
     * unchanged. For a REPL that enters a program in increments.
     */
    public LoadedProgram extend(LoadedProgram base, String moreSource, String fileName) {
        throw new UnsupportedOperationException("in progress");
    }

    /**
     * Evaluates the program: loads {@code .input} relations from {@code factsDir}, evaluates every
     * stratum, prints {@code .printsize} lines to the options' stream, and writes every {@code .output}
     * relation to {@code outDir} (created if missing) atomically.
     */
    public RunResult run(LoadedProgram program, Path factsDir, Path outDir) {
        throw new UnsupportedOperationException("in progress");
    }

    /** For every rule: the planner's variable order and predicate levels, the strategy, semi-naive variants. */
    public String explain(LoadedProgram program) {
        throw new UnsupportedOperationException("in progress");
    }

    /** The evaluated relations of a run. */
    public Database database(RunResult result) {
        return result.database();
    }

    /** Runs a SQL query over the database's relations (as tables, columns named as declared). */
    public SqlResult sql(Database db, String sql) {
        throw new UnsupportedOperationException("in progress");
    }

    /**
     * Evaluates a rule body against the database, e.g. {@code "path(1, x)"}, {@code "path(x, y), x > y"}
     * or {@code "?- path(1,x)."} (a leading {@code ?-} and a trailing {@code .} are accepted).
     */
    public QueryResult query(Database db, String bodyOrAtom) {
        throw new UnsupportedOperationException("in progress");
    }

    @Override
    public void close() {
        // Worker threads are per join call; nothing is held between calls.
    }
}
