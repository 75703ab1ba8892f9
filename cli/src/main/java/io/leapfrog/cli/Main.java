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
 * The {@code leapfrog} command. Exit codes: 0 ok, 1 user error (bad program, facts, query or files, or a
 * failed write to standard output: the error message only), 2 usage error (unknown flag, missing argument,
 * bad flag value), 3 internal error, 4 out of memory or stack (one sentence with the JVM option to give).
 *
 * <p>{@link #execute(String[], PrintStream, PrintStream)} runs a command line in-process against the
 * given streams; tests use it, and {@link #main} uses it with the process's streams.
 */
@Command(name = "leapfrog",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Datalog (Souffle dialect) and SQL with worst-case-optimal leapfrog triejoins.",
        subcommands = {RunCommand.class, SqlCommand.class, ExplainCommand.class, ReplCommand.class, ProfileCommand.class,
                CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:error in the program, facts, query or files (message on stderr)",
                "2:usage error (unknown flag, missing argument, bad flag value)",
                "3:internal error (rerun with --debug)",
                "4:out of memory or stack (LEAPFROG_JAVA_OPTS=-Xmx... or -Xss...)"},
        footer = {"", "Run 'leapfrog <command> --help' for the flags of one command."})
public final class Main implements Callable<Integer> {

    public static final int EXIT_OK = 0;
    public static final int EXIT_USER_ERROR = 1;
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_INTERNAL = 3;
    public static final int EXIT_RESOURCES = 4;

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
        cmd.setOut(new PrintWriter(StandardOutput.quietWriter(out), true));
        cmd.setErr(new PrintWriter(err, true));
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        cmd.setExecutionExceptionHandler(new ErrorHandler());
        return cmd;
    }

    /**
     * Runs one command line; returns the exit code. Running out of heap or stack ends with one sentence and
     * {@link #EXIT_RESOURCES}, and output that did not reach {@code out} (a full disk, a closed pipe) is an
     * error, never exit 0.
     */
    public static int execute(String[] args, PrintStream out, PrintStream err) {
        int code;
        try {
            code = commandLine(out, err).execute(args);
        } catch (OutOfMemoryError | StackOverflowError e) {
            // picocli hands Exceptions to the ErrorHandler; the JVM's errors come out of execute as they are
            code = ErrorHandler.reportResources(e, e, new PrintWriter(err, true),
                    java.util.Arrays.asList(args).contains("--debug"));
        }
        if (out.checkError() && code == EXIT_OK) {   // checkError flushes first
            // a failure the stream kept to itself (a failure that was thrown has been reported with its code)
            err.println(out instanceof StandardOutput std ? std.failure() : StandardOutput.failureMessage(null));
            code = EXIT_USER_ERROR;
        }
        err.flush();
        return code;
    }

    public static void main(String[] args) {
        StandardOutput out = StandardOutput.open();
        PrintStream err = new PrintStream(System.err, true, ByteText.CHARSET);
        WorkerFailures.install(err, java.util.Arrays.asList(args).contains("--debug"));
        System.exit(execute(args, out, err));
    }
}
