package io.leapfrog.engine;

import io.leapfrog.exec.io.OutputSet;

import java.nio.file.Path;

/**
 * One file written as a run writes its outputs (docs/guarantees.md, "Output files"): to a temporary beside
 * it, then renamed over it; only a regular file or a missing one is replaced, and a failure leaves the
 * target as it was. For tools around the engine (the REPL's {@code .save}).
 */
public final class OutputFile {
    private OutputFile() {
    }

    /**
     * Writes {@code bytes} to {@code target}.
     *
     * @throws io.leapfrog.common.LeapfrogException when the target must not be replaced or cannot be written
     */
    public static void write(Path target, byte[] bytes) {
        try (OutputSet set = OutputSet.open()) {
            set.write(target, out -> out.write(bytes));
            set.commit();
        }
    }

    /**
     * Why {@code target} must not be replaced ("it is a directory", ...), or null when {@link #write} may
     * replace it: for a tool that checks an output it will write before its work starts.
     */
    public static String whyNotReplaceable(Path target) {
        return OutputSet.whyNotReplaceable(target.toAbsolutePath().normalize());
    }
}
