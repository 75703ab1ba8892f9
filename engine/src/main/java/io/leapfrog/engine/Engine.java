package io.leapfrog.engine;

/**
 * The library entry point. CONTRACT (used by cli, bench, tests; add, do not change):
 * <pre>
 *   Engine(EngineOptions options)                           implements AutoCloseable
 *   LoadedProgram parse(Path file)                          parse + semantic checks; LeapfrogException on error
 *   LoadedProgram parse(String source, String fileName)
 *   RunResult run(LoadedProgram p, Path factsDir, Path outDir)   evaluate, write .output relations
 *                                                           atomically, return one summary per output
 *   String explain(LoadedProgram p)                         the plan of every rule
 *   Database database(RunResult r)                          the evaluated relations, for SQL and queries
 *   SqlResult sql(Database db, String sql)                  (planner's SQL path)
 * </pre>
 * EngineOptions: threads (default all cores), device ("auto" | "cpu"), PrintStream for .printsize/IO=stdout.
 * RunResult: List&lt;OutputSummary(String relation, long rows, Duration time)&gt;, plus printsize lines.
 */
public final class Engine {
}
