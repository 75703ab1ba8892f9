package io.leapfrog.cli;

import io.leapfrog.cli.console.ProgramFiles;
import io.leapfrog.cli.repl.Repl;
import io.leapfrog.cli.repl.ReplSession;
import io.leapfrog.engine.Engine;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code leapfrog repl [prog.dl]}: an interactive session; see {@link ReplSession} for what it accepts. */
@Command(name = "repl", mixinStandardHelpOptions = true,
        description = {"Interactive Datalog: declarations, facts and rules accumulate; '?- body.' prints the "
                + "matching tuples and the time taken. Type .help inside for the commands.",
                "When stdin is not a terminal, statements are read from it without prompts; errors point to its"
                        + " lines, and a script that met one exits with its code (1 for an error in a statement)."})
final class ReplCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Parameters(index = "0", arity = "0..1", paramLabel = "PROGRAM.dl", description = "A program to start from.",
            converter = FlagValues.NonEmptyPath.class)
    Path program;

    @Option(names = {"-F", "--fact-dir"}, paramLabel = "DIR", defaultValue = ".",
            description = "Directory of the .input fact files (default: ${DEFAULT-VALUE}).",
            converter = FlagValues.NonEmptyPath.class)
    Path factDir;

    @Option(names = "--history", paramLabel = "FILE",
            description = "History file (default: ~/.leapfrog_history).",
            converter = FlagValues.NonEmptyPath.class)
    Path historyFile = Path.of(System.getProperty("user.home"), ".leapfrog_history");

    @Option(names = "--bail", description = "A script (stdin not a terminal) stops at its first failing statement.")
    boolean bail;

    @Mixin
    EngineFlags engineFlags;

    @Override
    public Integer call() throws IOException {
        ProgramFiles.requireDirectory(factDir, "--fact-dir");
        try (Engine engine = new Engine(engineFlags.toOptions(main.out(), main.err()));
             ReplSession session = new ReplSession(engine, factDir, main.out(), main.err(), main.debug)) {
            if (program != null) {
                session.loadInitial(program);   // a broken start program is an error of the command
            }
            if (System.console() == null) {
                Repl.script(session, Repl.scriptReader(System.in), "<stdin>", bail);
                return session.exitCode();   // a script that met an error fails, as a run would
            } else {
                try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
                    Repl.interactive(session, terminal, historyFile);
                }
            }
        }
        return Main.EXIT_OK;
    }
}
