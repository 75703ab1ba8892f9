package io.leapfrog.cli;

import io.leapfrog.cli.console.Summary;
import io.leapfrog.cli.console.ProgramFiles;
import io.leapfrog.engine.Engine;
import io.leapfrog.engine.LoadedProgram;
import io.leapfrog.engine.RunResult;
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
 * {@code leapfrog run prog.dl -F facts -D out}: evaluates a program the way Souffle does (same flags,
 * same file names) and prints one summary line per output relation.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Evaluate a Datalog program: read each .input relation from <fact-dir>, write each "
                + ".output relation to <output-dir>/<name>.csv, print one summary line per output relation.",
                "Souffle-compatible: -F/--fact-dir, -D/--output-dir (-D - prints the outputs to stdout)."})
final class RunCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Parameters(index = "0", paramLabel = "PROGRAM.dl", description = "The Datalog program.",
            converter = FlagValues.NonEmptyPath.class)
    Path program;

    @Option(names = {"-F", "--fact-dir"}, paramLabel = "DIR", defaultValue = ".",
            description = "Directory of the .input fact files (default: ${DEFAULT-VALUE}).",
            converter = FlagValues.NonEmptyPath.class)
    Path factDir;

    @Option(names = {"-D", "--output-dir"}, paramLabel = "DIR", defaultValue = ".",
            description = "Directory for the .output files, created if missing; '-' prints them to stdout"
                    + " (default: ${DEFAULT-VALUE}).")
    void setOutputDir(String dir) {
        if (dir.isBlank()) {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--output-dir': an empty"
                    + " path; name a directory, or '-' for stdout");
        }
        outputDir = dir;
    }

    private String outputDir;

    @Spec
    CommandSpec spec;

    @Mixin
    EngineFlags engineFlags;

    @Override
    public Integer call() throws IOException {
        PrintStream out = main.out();
        boolean toStdout = "-".equals(outputDir);
        ProgramFiles.requireDirectory(factDir, "--fact-dir");
        if (!toStdout) {
            ProgramFiles.requireOutputDirectory(Path.of(outputDir), "--output-dir");
        }
        try (Engine engine = new Engine(engineFlags.toOptions(out, main.err()))) {
            LoadedProgram loaded = ProgramFiles.load(engine, program);
            Warnings.print(loaded, main.err());
            RunResult result;
            if (toStdout) {
                result = StdoutOutputs.runAndPrint(engine, loaded, factDir, out);
            } else {
                result = engine.run(loaded, factDir, Path.of(outputDir));
            }
            // With -D - stdout carries the relations themselves; the summary goes to stderr.
            PrintStream summaryStream = toStdout ? main.err() : out;
            for (String line : Summary.lines(result.outputs())) {
                summaryStream.println(line);
            }
            summaryStream.flush();
            StandardOutput.requireDelivered(out);
            // Where the joins ran and why, on stderr so that stdout is the same on every device.
            for (String line : result.deviceLines()) {
                main.err().println("device: " + line);
            }
            main.err().flush();
        }
        return Main.EXIT_OK;
    }
}
