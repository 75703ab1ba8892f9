package io.leapfrog.cli;

import io.leapfrog.cli.profile.ProfileReport;
import io.leapfrog.engine.OutputFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code leapfrog profile FILE [--html OUT.html]}: renders a profile written by {@code run --profile}. */
@Command(name = "profile", mixinStandardHelpOptions = true,
        description = {"Show where a run's time went, from the profile `leapfrog run --profile FILE` wrote: the strata,"
                + " the rules by time, each recursive stratum's rounds and where the joins ran.",
                "With --html, also write the report as an HTML page with bar charts."})
final class ProfileCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PROFILE", description = "A profile written by leapfrog run --profile.",
            converter = FlagValues.NonEmptyPath.class)
    Path profile;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write the report as an HTML page to FILE.",
            converter = FlagValues.NonEmptyPath.class)
    Path html;

    @Option(names = "--rules", paramLabel = "N", defaultValue = "30",
            description = "Show at most N rules in the terminal table (default: ${DEFAULT-VALUE}).")
    int maxRules;

    @Override
    public Integer call() throws IOException {
        if (maxRules < 1) {
            throw new ParameterException(spec.commandLine(),
                    "Invalid value for option '--rules': " + maxRules + " is not a positive number");
        }
        ProfileReport report = ProfileReport.read(profile);
        for (String line : report.lines(maxRules)) {
            main.out().println(line);
        }
        if (html != null) {
            OutputFile.write(html, report.html().getBytes(StandardCharsets.UTF_8));   // as outputs are written
            main.out().println("wrote " + html);
        }
        return Main.EXIT_OK;
    }
}
