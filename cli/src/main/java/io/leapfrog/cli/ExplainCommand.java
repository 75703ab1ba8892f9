package io.leapfrog.cli;

import io.leapfrog.cli.console.ProgramFiles;
import io.leapfrog.engine.Engine;
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
 * {@code leapfrog explain prog.dl [-F facts]}: the plan of every rule (variable order, levels, predicates,
 * strategy, estimates, device); with facts, also where every join ran when the program was evaluated. {@code leapfrog explain --sql "SELECT ..." -p prog.dl -F facts}: the plan of a SQL query,
 * which needs the program evaluated (the planner's estimates come from the relations' statistics).
 */
@Command(name = "explain", mixinStandardHelpOptions = true,
        description = {"Print the plan of every rule of a program, or with --sql the plan of a SQL query "
                + "over the program's relations (the program is evaluated first: plans use its statistics)."})
final class ExplainCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "PROGRAM.dl", description = "The program to explain.",
            converter = FlagValues.NonEmptyPath.class)
    Path programArg;

    @Option(names = {"-p", "--program"}, paramLabel = "PROGRAM.dl",
            description = "The program (same as the positional argument).",
            converter = FlagValues.NonEmptyPath.class)
    Path programOption;

    @Option(names = "--sql", paramLabel = "SQL", description = "Explain this SQL query instead of the rules.")
    String sql;

    @Option(names = {"-F", "--fact-dir"}, paramLabel = "DIR",
            description = "Directory of the program's .input fact files. With --sql: the program is evaluated on them "
                    + "(default: .). For rules: the program is also evaluated on them (nothing is written) and every "
                    + "join is listed with the device it ran on, why, and its windows and GPU memory peak.",
            converter = FlagValues.NonEmptyPath.class)
    Path factDir;

    @Option(names = "--analyze",
            description = "Evaluate the program on the facts of -F (default: .) and print, under each join's planned levels,"
                    + " what it did: its evaluations, their time and the rows that passed each level (summed over the"
                    + " evaluations).")
    boolean analyze;

    @Mixin
    EngineFlags engineFlags;

    @Override
    public Integer call() throws IOException {
        if (programArg != null && programOption != null && !programArg.equals(programOption)) {
            throw new ParameterException(spec.commandLine(), "Two different programs given (" + programArg
                    + " and " + programOption + "); name one.");
        }
        Path program = programArg != null ? programArg : programOption;
        PrintStream out = main.out();
        if (sql != null && analyze) {
            throw new ParameterException(spec.commandLine(), "--analyze explains the rules of a program as they ran;"
                    + " for a SQL query's plan leave it out.");
        }
        if (sql != null) {
            SqlCommand.printExplain(SqlCommand.evaluate(main, program, factDir == null ? Path.of(".") : factDir, sql,
                    engineFlags), out);
        } else {
            if (program == null) {
                throw new ParameterException(spec.commandLine(), "Missing program: leapfrog explain PROGRAM.dl"
                        + " (or --sql \"SELECT ...\" -p PROGRAM.dl).");
            }
            try (Engine engine = new Engine(engineFlags.toOptions(main.err(), main.err()))) {
                Path facts = factDir == null && analyze ? Path.of(".") : factDir;
                if (facts != null) {
                    ProgramFiles.requireDirectory(facts, "--fact-dir");
                }
                String plan = facts == null ? engine.explain(ProgramFiles.load(engine, program))
                        : engine.explain(ProgramFiles.load(engine, program), facts, analyze);
                out.print(plan.endsWith("\n") || plan.isEmpty() ? plan : plan + "\n");
            }
        }
        StandardOutput.requireDelivered(out);
        return Main.EXIT_OK;
    }
}
