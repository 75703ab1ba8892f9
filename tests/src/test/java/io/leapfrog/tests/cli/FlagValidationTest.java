package io.leapfrog.tests.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every flag value is checked as the command line is parsed, the same way in every command that evaluates:
 * a bad one is exit 2 with what is wrong and the usage, before any file is read (the program named does not
 * exist, so a value that got through would give exit 1 instead).
 */
class FlagValidationTest {

    /** The commands that take the engine flags, each with a command line that is otherwise complete. */
    private static final List<List<String>> COMMANDS = List.of(
            List.of("run", "missing.dl"),
            List.of("sql", "-p", "missing.dl", "SELECT 1"),
            List.of("explain", "missing.dl"),
            List.of("repl", "missing.dl"));

    private static void assertUsageErrorEverywhere(String expected, String... flags) {
        for (List<String> command : COMMANDS) {
            List<String> args = new ArrayList<>(command.subList(0, 1));
            args.addAll(List.of(flags));
            args.addAll(command.subList(1, command.size()));
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            assertEquals(2, r.exitCode(), () -> args + "\n" + r);
            assertTrue(r.err().contains(expected), () -> args + "\n" + r);
            // the usage, or for a misspelt option the options it may have meant
            assertTrue(r.err().contains("Usage: leapfrog " + command.get(0)) || r.err().contains("Possible solutions: "),
                    () -> args + "\n" + r);
            assertFalse(r.err().contains("\tat "), () -> args + "\n" + r);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "1025", "99999999999", "two", "1.5", "", "4x"})
    void threadCountsOutsideOneTo1024AreUsageErrors(String value) {
        assertUsageErrorEverywhere("give a whole number from 1 to 1024", "--threads", value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"lots", "2GG", "1.5G", "-1G", "0", "512K", "100", "2 X", "G", "99999999999T", ""})
    void gpuMemorySizesParseStrictly(String value) {
        assertUsageErrorEverywhere("is not a memory size of at least 1M", "--gpu-memory", value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fastest", "", "lftj2"})
    void unknownGpuStrategiesAreUsageErrors(String value) {
        assertUsageErrorEverywhere("is not a GPU strategy; use auto, lftj or levelwise", "--gpu-strategy", value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sometimes", ""})
    void unknownDegreeOrdersAreUsageErrors(String value) {
        assertUsageErrorEverywhere("is not a degree order; use measure, never or always", "--degree-order", value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"--threads=2", "--device=cpu", "--gpu-memory=1G", "--gpu-strategy=lftj"})
    void aRepeatedOptionIsAUsageError(String flag) {
        assertUsageErrorEverywhere("should be specified only once", flag, flag);
    }

    @ParameterizedTest
    @ValueSource(strings = {"--frobnicate", "--thread=2"})
    void unknownOptionsAreUsageErrors(String flag) {
        assertUsageErrorEverywhere("Unknown option", flag);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-F", "--gpu-kernel-cache", "--gpu-nvcc"})
    void emptyPathsAreUsageErrors(String flag) {
        assertUsageErrorEverywhere("an empty path", flag, "");
    }

    @ParameterizedTest
    @ValueSource(strings = {"GPU", "Cpu"})
    void wordValuesAreAcceptedInAnyLetterCase(String device) {
        // accepted: the run gets as far as the missing program (exit 1)
        for (String[] flags : List.of(new String[] {"--device", device}, new String[] {"--gpu-strategy", "LFTJ"},
                new String[] {"--degree-order", "Never"}, new String[] {"--gpu-memory", "2g"},
                new String[] {"--gpu-memory", "512MiB"})) {
            Cli.Result r = Cli.run("run", flags[0], flags[1], "missing.dl");
            assertEquals(1, r.exitCode(), r::toString);
            assertTrue(r.err().contains("missing.dl"), r::toString);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " "})
    void anEmptyOutputDirectoryIsAUsageError(String value) {
        Cli.Result r = Cli.run("run", "-D", value, "missing.dl");
        assertEquals(2, r.exitCode(), r::toString);
        assertTrue(r.err().contains("'--output-dir': an empty path"), r::toString);
    }

    @Test
    void sqlFormatsAndExplainExcludeEachOther() {
        for (String[] flags : new String[][] {{"--csv", "--explain"}, {"--json", "--csv"}, {"--json", "--explain"}}) {
            Cli.Result r = Cli.run("sql", flags[0], flags[1], "SELECT 1");
            assertEquals(2, r.exitCode(), r::toString);
            assertTrue(r.err().contains("--csv, --json and --explain exclude each other"), r::toString);
        }
    }
}
