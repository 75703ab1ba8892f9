package io.leapfrog.cli.console;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.engine.Engine;
import io.leapfrog.engine.LoadedProgram;

import java.nio.file.Files;
import java.nio.file.Path;

/** Checks the paths named on the command line before the engine sees them, for clearer messages. */
public final class ProgramFiles {
    private ProgramFiles() {
    }

    /** Parses and checks a program file; a missing or unreadable file is a user error naming it. */
    public static LoadedProgram load(Engine engine, Path file) {
        requireReadableFile(file, "program file");
        return engine.parse(file);
    }

    public static void requireReadableFile(Path file, String what) {
        if (!Files.exists(file)) {
            throw new LeapfrogException("error: " + what + " '" + file + "' does not exist.");
        }
        if (Files.isDirectory(file)) {
            throw new LeapfrogException("error: " + what + " '" + file + "' is a directory, not a file.");
        }
        if (!Files.isReadable(file)) {
            throw new LeapfrogException("error: " + what + " '" + file + "' cannot be read (permission denied).");
        }
    }

    /** -F must name a directory when given; a missing one would otherwise surface as "no such file". */
    public static void requireDirectory(Path dir, String flag) {
        if (!Files.isDirectory(dir)) {
            throw new LeapfrogException("error: " + flag + " '" + dir + "': "
                    + (Files.exists(dir) ? "not a directory." : "no such directory."));
        }
    }

    /** -D may be missing (it is created) but must not be an existing non-directory. */
    public static void requireOutputDirectory(Path dir, String flag) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new LeapfrogException("error: " + flag + " '" + dir
                    + "' exists and is not a directory; name a directory (it is created if missing).");
        }
    }
}
