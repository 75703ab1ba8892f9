package io.leapfrog.exec.io;

import io.leapfrog.common.LeapfrogException;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The files of one run, made to appear together. Each file is written to a temporary
 * ({@code .NAME.<n>.tmp} beside its target); {@link #commit()} checks every target again and renames all
 * temporaries over their targets at the end; {@link #close()} removes whatever was not committed. A target
 * is replaced only when it is a regular file or does not exist: a symbolic link, a directory or a special
 * file (a device, a FIFO, a socket) is refused before anything is written, because renaming over it
 * would destroy it rather than write into it.
 *
 * <p>Temporaries are created as a plain create would create the target (mode 0666 less the umask), so a
 * written file gets the permissions the user's umask asks for. When the JVM is stopped (Ctrl-C, SIGTERM,
 * {@code System.exit}) while a set is open, a shutdown hook removes its temporaries; a commit already under
 * way is finished first, so the set appears whole or not at all.
 */
public final class OutputSet implements AutoCloseable {

    /** Sets not yet closed, for the shutdown hook. */
    private static final Set<OutputSet> OPEN = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> OPEN.forEach(OutputSet::abandon),
                "leapfrog-output-cleanup"));
    }

    /** Target to temporary, in the order written; guarded by this. */
    private final Map<Path, Path> pending = new LinkedHashMap<>();
    private boolean finished;

    private OutputSet() {
    }

    /** An empty set, cleaned up when the JVM stops before it is committed or closed. */
    public static OutputSet open() {
        OutputSet set = new OutputSet();
        OPEN.add(set);
        return set;
    }

    /** Writes the content of one file. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Why {@code target} must not be replaced ("it is a symbolic link", ...), or null when it is a regular
     * file or does not exist. Links are not followed: a link is refused whatever it points to.
     */
    public static String whyNotReplaceable(Path target) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            return "it cannot be examined (" + reason(e) + ")";
        }
        if (a.isRegularFile()) {
            return null;
        }
        if (a.isSymbolicLink()) {
            return "it is a symbolic link";
        }
        if (a.isDirectory()) {
            return "it is a directory";
        }
        return "it is a special file (a device, FIFO or socket)";
    }

    /**
     * Throws a LeapfrogException naming {@code target} when it must not be replaced; {@code prefix} goes
     * before it (a program position and "error: ", or "error: ").
     */
    public static void requireReplaceable(Path target, String prefix) {
        String why = whyNotReplaceable(target);
        if (why != null) {
            throw new LeapfrogException(prefix + "will not write output file " + target + ": " + why
                    + "; Leapfrog replaces only regular files (remove it, or write to another file)");
        }
    }

    /**
     * Writes {@code content} to a temporary beside {@code target} (parent directories are created). The
     * target is checked first; it is replaced only by {@link #commit()}.
     */
    public void write(Path target, Content content) {
        Path file = target.toAbsolutePath().normalize();
        requireReplaceable(file, "error: ");
        Path tmp;
        OutputStream out;
        try {
            Files.createDirectories(file.getParent());
            synchronized (this) {
                if (finished) {
                    throw new LeapfrogException("error: output " + file + " not written: the run was stopped");
                }
                if (pending.containsKey(file)) {
                    throw new LeapfrogException("error: output file " + file + " is written twice by one run;"
                            + " give each output its own file");
                }
                tmp = createTemporary(file);
                pending.put(file, tmp);
            }
            out = Files.newOutputStream(tmp, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new LeapfrogException("error: cannot write output file " + file + ": " + reason(e), e);
        }
        try (OutputStream o = out) {
            content.writeTo(o);
        } catch (IOException e) {
            throw new LeapfrogException("error: cannot write output file " + file + ": " + reason(e), e);
        }
    }

    /** A new empty file {@code .NAME.<n>.tmp}, created with the permissions a plain create would give. */
    private static Path createTemporary(Path target) throws IOException {
        while (true) {
            long n = ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE;
            Path tmp = target.resolveSibling("." + target.getFileName() + "." + n + ".tmp");
            try {
                Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                return tmp;
            } catch (FileAlreadyExistsException e) {
                // another name
            }
        }
    }

    /**
     * Replaces every target by its temporary. Every target is checked again first (it may have been
     * replaced by a link or a directory while the run went on), so a refusal replaces none.
     */
    public synchronized void commit() {
        if (finished) {
            throw new LeapfrogException("error: outputs not written: the run was stopped");
        }
        for (Path target : pending.keySet()) {
            requireReplaceable(target, "error: ");
        }
        List<Path> done = new ArrayList<>();
        for (Map.Entry<Path, Path> e : pending.entrySet()) {
            try {
                move(e.getValue(), e.getKey());
            } catch (IOException x) {
                done.forEach(pending::remove);
                throw new LeapfrogException("error: cannot write output file " + e.getKey() + ": " + reason(x)
                        + (done.isEmpty() ? "" : " (already replaced: " + done + ")"), x);
            }
            done.add(e.getKey());
        }
        pending.clear();
        finished = true;
    }

    private static void move(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Removes every temporary not committed; the targets are left as they were. */
    @Override
    public void close() {
        abandon();
        OPEN.remove(this);
    }

    private synchronized void abandon() {
        finished = true;
        for (Path tmp : pending.values()) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // nothing better to do for a temporary that cannot be removed; the first failure is reported
            }
        }
        pending.clear();
    }

    /** The cause of a failed file operation in words ("No space left on device"), without the path again. */
    static String reason(IOException e) {
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
