package io.leapfrog.cli;

import io.leapfrog.cli.console.Summary;
import io.leapfrog.cli.console.ProgramFiles;
import io.leapfrog.cli.profile.ProfileRecorder;
import io.leapfrog.cli.profile.ProgressLine;
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
import java.util.List;
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

    @Option(names = "--profile", paramLabel = "FILE", converter = FlagValues.NonEmptyPath.class,
            description = "Write a profile of the run to FILE: each stratum, each rule's evaluations and each recursive"
                    + " round with its time and tuples, and where the joins ran (show it with leapfrog profile FILE).")
    Path profile;

    @Override
    public Integer call() throws IOException {
        PrintStream out = main.out();
        boolean toStdout = "-".equals(outputDir);
        ProgramFiles.requireDirectory(factDir, "--fact-dir");
        if (!toStdout) {
            ProgramFiles.requireOutputDirectory(Path.of(outputDir), "--output-dir");
        }
        ProfileRecorder recorder = null;
        if (profile != null) {
            try {
                ProfileRecorder.checkTarget(profile);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "Invalid value for option '--profile': " + e.getMessage());
            }
            recorder = new ProfileRecorder(program.toString(), engineFlags.threads, engineFlags.device.name());
        }
        try (ProgressLine line = engineFlags.progressLine(main.err());
             Engine engine = new Engine(engineFlags.toOptions(line == null ? out : line.above(out), main.err(), line,
                     recorder == null ? List.of() : List.of(recorder)))) {
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
            for (String summary : Summary.lines(result.outputs())) {
                summaryStream.println(summary);
            }
            summaryStream.flush();
            StandardOutput.requireDelivered(out);
            if (line != null) {
                line.close();   // erased before the lines below
            }
            // Where the joins ran and why, on stderr so that stdout is the same on every device.
            for (String device : result.deviceLines()) {
                main.err().println("device: " + device);
            }
            if (recorder != null) {
                recorder.write(profile, result.deviceLines());
                main.err().println("profile: " + profile + " (leapfrog profile " + profile + " shows it)");
            }
            main.err().flush();
        }
        return Main.EXIT_OK;
    }
}
