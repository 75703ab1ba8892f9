package io.leapfrog.cli.console;

import io.leapfrog.common.LeapfrogException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** Decides whether an exception is the user's (and what to tell them) or ours. */
public final class UserErrors {
    private UserErrors() {
    }

    /**
     * The message to show for a user error, or null when {@code t} is an internal error. The engine may
     * wrap a {@link LeapfrogException} (e.g. one thrown in a worker thread), so the whole cause chain is
     * searched; a failed file operation is the user's environment, not our bug.
     */
    public static String messageOf(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof LeapfrogException) {
                return c.getMessage();
            }
        }
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof IOException io && !(c instanceof UncheckedIOException)) {
                return "error: " + describe(io);
            }
        }
        return null;
    }

    /** A file-system failure in words, e.g. "no such file: out/x.csv". */
    static String describe(IOException e) {
        if (e instanceof NoSuchFileException f) {
            return "no such file or directory: " + f.getFile();
        }
        if (e instanceof AccessDeniedException f) {
            return "permission denied: " + f.getFile();
        }
        if (e instanceof NotDirectoryException f) {
            return "not a directory: " + f.getFile();
        }
        if (e instanceof FileAlreadyExistsException f) {
            return "already exists: " + f.getFile();
        }
        if (e instanceof FileSystemException f && f.getFile() != null) {
            return f.getFile() + ": " + (f.getReason() != null ? f.getReason() : "cannot access");
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /** The exception on one line, for "internal error: ..." without a trace. */
    public static String oneLine(Throwable t) {
        String msg = t.getMessage();
        String text = t.getClass().getSimpleName() + (msg == null ? "" : ": " + msg);
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }
}
