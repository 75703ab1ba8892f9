package io.leapfrog.cli;

import io.leapfrog.cli.console.TextTable;
import io.leapfrog.cli.console.ProgramFiles;
import io.leapfrog.engine.Engine;
import io.leapfrog.engine.FileTables;
import io.leapfrog.engine.LoadedProgram;
import io.leapfrog.engine.RunResult;
import io.leapfrog.planner.sql.SqlResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code leapfrog sql -p prog.dl -F facts "SELECT ..."}: evaluates the program, then answers the SQL
 * query over its relations as tables (columns named as declared) through Calcite.
 */
@Command(name = "sql", mixinStandardHelpOptions = true,
        description = {"Evaluate a program, then run a SQL query over its relations as tables "
                + "(column names as declared). Prints a table, or CSV with --csv.",
                "The program's .output files are not written; .printsize lines go to stderr, and so do the"
                        + " device lines saying where the query's joins ran (--device)."})
final class SqlCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Parameters(index = "0", paramLabel = "SQL", description = "The query, e.g. \"SELECT COUNT(*) FROM edge\".")
    String sql;

    @Option(names = {"-p", "--program"}, paramLabel = "PROGRAM.dl",
            description = "The program whose relations are the tables (default: none; then each NAME.csv, NAME.tsv"
                    + " or NAME.facts in the fact directory is a table NAME, its column types sniffed).",
            converter = FlagValues.NonEmptyPath.class)
    Path program;

    @Option(names = {"-F", "--fact-dir"}, paramLabel = "DIR", defaultValue = ".",
            description = "Directory of the program's .input fact files, or without -p of the files that are the"
                    + " tables (default: ${DEFAULT-VALUE}).",
            converter = FlagValues.NonEmptyPath.class)
    Path factDir;

    @Option(names = "--csv", description = "Print CSV (a header line, then the rows) instead of a table.")
    boolean csv;

    @Option(names = "--json", description = "Print a JSON array, an object per row (numbers as numbers, NULL as null)"
            + " instead of a table.")
    boolean json;

    @Option(names = "--explain", description = "Print the query's plan instead of its rows"
            + " (same as: leapfrog explain --sql).")
    boolean explain;

    @Mixin
    EngineFlags engineFlags;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if ((csv ? 1 : 0) + (json ? 1 : 0) + (explain ? 1 : 0) > 1) {
            throw new ParameterException(spec.commandLine(), "--csv, --json and --explain exclude each other: --csv and"
                    + " --json print the rows in a format, --explain the plan instead of them; give one.");
        }
        SqlResult result = evaluate(main, program, factDir, sql, engineFlags);
        PrintStream out = main.out();
        if (explain) {
            printExplain(result, out);
        } else if (csv) {
            out.print(TextTable.csv(result.columns(), result.rows()));
        } else if (json) {
            out.print(TextTable.json(result.columns(), result.rows(), result.values()));
        } else {
            out.print(TextTable.render(result.columns(), result.rows()));
            out.println(TextTable.footer(result.rows().size(), result.time()));
        }
        StandardOutput.requireDelivered(out);
        if (!explain) {
            // Where the joins ran and why, on stderr so that stdout is the same on every device (as run does).
            for (String line : result.deviceLines()) {
                main.err().println("device: " + line);
            }
            main.err().flush();
        }
        return Main.EXIT_OK;
    }

    /** The query's plan (each leapfrog join with its order, levels and device), then where its joins ran. */
    static void printExplain(SqlResult result, PrintStream out) {
        result.explainLines().forEach(out::println);
        out.println("joins as run:");
        for (String line : result.deviceLines()) {
            out.println("  " + line);
        }
    }

    /**
     * Runs the program (no output file written, .printsize to stderr so that stdout holds only
     * the answer), then the query over its relations. Shared with {@code explain --sql}.
     */
    static SqlResult evaluate(Main main, Path program, Path factDir, String sql, EngineFlags flags)
            throws IOException {
        ProgramFiles.requireDirectory(factDir, "--fact-dir");
        try (Engine engine = new Engine(flags.toOptions(main.err(), main.err()))) {
            LoadedProgram loaded = program == null
                    ? engine.parse(FileTables.program(factDir, sql), "<tables of " + factDir + ">")   // DuckDB-style: files are tables
                    : ProgramFiles.load(engine, program);
            Warnings.print(loaded, main.err());
            RunResult run = engine.run(loaded, factDir);   // no .output file is written
            return engine.sql(engine.database(run), sql);
        }
    }
}
