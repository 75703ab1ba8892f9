package io.leapfrog.tests.fuzz;

import net.jqwik.api.statistics.Statistics;

import java.time.Duration;
import java.util.Set;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The properties every fuzzed run must have, whatever its input: it ends within the bound, nothing
 * escapes the command line, the exit code is one of the documented user-facing ones (never 3, internal
 * error), stderr holds no stack trace (and a failed run's message names its cause), nothing outside {@code -D} is touched, and a failed run leaves
 * {@code -D} as it found it (outputs are written whole, and only after success).
 */
final class RunInvariants {
    /** Generous for the small inputs generated here on a loaded 2-core machine; a hang is far past it. */
    static final Duration BOUND = Duration.ofSeconds(60);

    /** A stack frame, or a Java exception or error class named in a message. */
    private static final Pattern STACK_TRACE = Pattern.compile("\tat |\\b[A-Z][A-Za-z]*(Exception|Error)\\b");

    /**
     * Messages that leak an implementation detail instead of the cause: a null cause, a decoder's
     * "Input length = 1", an empty token in a syntax error's list of expected ones.
     */
    private static final Pattern UNCLEAR = Pattern.compile(": null$|Input length = |'' or |or ''", Pattern.MULTILINE);

    private RunInvariants() {
    }

    /** Runs the command line in the sandbox and checks the properties; returns the outcome. */
    static InProcessCli.Outcome runChecked(Sandbox box, Set<Integer> allowedExits, String context, String... args) {
        box.snapshot();
        InProcessCli.Outcome r = InProcessCli.run(BOUND, args);
        String why = context + "\n" + r;
        if (r.timedOut()) {
            fail("ran past " + BOUND.toSeconds() + " s\n" + why);
        }
        if (r.escaped() != null) {
            throw new AssertionError("a throwable escaped the command line\n" + why, r.escaped());
        }
        assertTrue(allowedExits.contains(r.exitCode()), () -> "exit code not in " + allowedExits + "\n" + why);
        assertFalse(STACK_TRACE.matcher(r.err()).find(), () -> "stack trace or exception name on stderr\n" + why);
        assertEquals("", box.touchedOutsideOut(), () -> "files outside -D touched\n" + why);
        if (r.exitCode() != 0) {
            assertEquals("", box.outChanged(), () -> "a failed run changed -D\n" + why);
        }
        if (r.exitCode() == 1) {
            assertTrue(r.err().contains("error") || r.err().contains("not supported"),
                    () -> "a failed run without an error message\n" + why);
            assertFalse(UNCLEAR.matcher(r.err()).find(), () -> "a message that names no cause\n" + why);
        }
        Statistics.label("exit code").collect(r.exitCode());
        box.outFiles().keySet().forEach(f -> assertFalse(f.endsWith(".tmp") || f.contains("/."),
                () -> "temporary file " + f + " left in -D\n" + why));
        return r;
    }

    /** The exit codes of a run given a valid command line: success or a user error, never internal. */
    static final Set<Integer> OK_OR_USER_ERROR = Set.of(0, 1);
    /** Also usage errors, for fuzzed flags. */
    static final Set<Integer> ANY_BUT_INTERNAL = Set.of(0, 1, 2);
}
