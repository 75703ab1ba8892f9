package io.leapfrog.cli;

import io.leapfrog.common.ByteText;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.concurrent.Callable;

/**
 * The {@code leapfrog} command. Exit codes: 0 ok, 1 user error (bad program, facts, query or files:
 * the error message only), 2 usage error (unknown flag, missing argument), 3 internal error.
 *
 * <p>{@link #execute(String[], PrintStream, PrintStream)} runs a command line in-process against the
 * given streams; tests use it, and {@link #main} uses it with the process's streams.
 */
@Command(name = "leapfrog",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Datalog (Souffle dialect) and SQL with worst-case-optimal leapfrog triejoins.",
        subcommands = {RunCommand.class, SqlCommand.class, ExplainCommand.class, ReplCommand.class,
                CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:error in the program, facts, query or files (message on stderr)",
                "2:usage error (unknown flag, missing argument)", "3:internal error (rerun with --debug)"},
        footer = {"", "Run 'leapfrog <command> --help' for the flags of one command."})
public final class Main implements Callable<Integer> {

    public static final int EXIT_OK = 0;
    public static final int EXIT_USER_ERROR = 1;
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_INTERNAL = 3;

    @Spec
    CommandLine.Model.CommandSpec spec;

    /** Inherited by every subcommand, so it is accepted before or after the command name. */
    @Option(names = "--debug", scope = ScopeType.INHERIT,
            description = "On an internal error, print the full stack trace.")
    boolean debug;

    private final PrintStream out;
    private final PrintStream err;

    public Main(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /** Where results go; the engine prints {@code .printsize} lines and {@code IO=stdout} here too. */
    PrintStream out() {
        return out;
    }

    /** Where summaries of -D - runs, warnings and errors go. */
    PrintStream err() {
        return err;
    }

    /** `leapfrog` without a command is a usage error: say what the commands are. */
    @Override
    public Integer call() {
        err.println("Missing command.");
        spec.commandLine().usage(err);
        return EXIT_USAGE;
    }

    /** Builds the picocli command line bound to the given streams. */
    public static CommandLine commandLine(PrintStream out, PrintStream err) {
        CommandLine cmd = new CommandLine(new Main(out, err));
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        cmd.setExecutionExceptionHandler(new ErrorHandler());
        return cmd;
    }

    /** Runs one command line; returns the exit code. */
    public static int execute(String[] args, PrintStream out, PrintStream err) {
        int code = commandLine(out, err).execute(args);
        out.flush();
        err.flush();
        return code;
    }

    public static void main(String[] args) {
        // ByteText: symbols read from data files print as the bytes they were read from.
        PrintStream out = new PrintStream(System.out, false, ByteText.CHARSET);
        PrintStream err = new PrintStream(System.err, true, ByteText.CHARSET);
        System.exit(execute(args, out, err));
    }
}
