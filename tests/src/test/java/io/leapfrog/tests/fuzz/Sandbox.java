package io.leapfrog.tests.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A temporary directory for one fuzzed run: {@code in/} holds the program and its fact files (the
 * {@code -F} directory), {@code out/} is the {@code -D} directory, and a sentinel file sits beside them.
 * {@link #touchedOutsideOut()} compares every path outside {@code out/} (type, size, modification time
 * and content hash) with the state before the run.
 */
final class Sandbox implements AutoCloseable {
    final Path root;
    final Path in;
    final Path out;
    private Map<String, String> before;

    Sandbox() {
        try {
            root = Files.createTempDirectory("leapfrog-fuzz");
            in = Files.createDirectories(root.resolve("in"));
            out = Files.createDirectories(root.resolve("out"));
            Files.writeString(root.resolve("sentinel.csv"), "not to be touched\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path write(String name, byte[] content) {
        try {
            Path p = in.resolve(name);
            Files.createDirectories(p.getParent());
            return Files.write(p, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Records the state that {@link #touchedOutsideOut()} and {@link #outChanged()} compare with. */
    void snapshot() {
        before = state(root);
    }

    /** Paths outside out/ that appeared, vanished or changed since {@link #snapshot()}, or "" when none. */
    String touchedOutsideOut() {
        return diff(without(before, "out/"), without(state(root), "out/"));
    }

    /** Paths under out/ that appeared, vanished or changed since {@link #snapshot()}, or "" when none. */
    String outChanged() {
        return diff(only(before, "out/"), only(state(root), "out/"));
    }

    /** Relative paths of the regular files under out/. */
    Map<String, String> outFiles() {
        return only(state(root), "out/");
    }

    private static Map<String, String> without(Map<String, String> m, String prefix) {
        Map<String, String> r = new TreeMap<>(m);
        r.keySet().removeIf(k -> k.startsWith(prefix));
        return r;
    }

    private static Map<String, String> only(Map<String, String> m, String prefix) {
        Map<String, String> r = new TreeMap<>(m);
        r.keySet().removeIf(k -> !k.startsWith(prefix));
        return r;
    }

    private static String diff(Map<String, String> a, Map<String, String> b) {
        StringBuilder sb = new StringBuilder();
        a.forEach((k, v) -> {
            if (!v.equals(b.get(k))) {
                sb.append(k).append(b.containsKey(k) ? " changed" : " removed").append('\n');
            }
        });
        b.keySet().stream().filter(k -> !a.containsKey(k)).forEach(k -> sb.append(k).append(" created\n"));
        return sb.toString();
    }

    /** path relative to root -> "kind size mtime hash" (symbolic links are not followed). */
    private static Map<String, String> state(Path root) {
        Map<String, String> m = new TreeMap<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes a) {
                    if (!dir.equals(root)) {
                        m.put(key(root, dir) + "/", "dir");
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes a) throws IOException {
                    String kind = a.isRegularFile() ? "file" : a.isSymbolicLink() ? "link" : "other";
                    int hash = a.isRegularFile() ? java.util.Arrays.hashCode(Files.readAllBytes(file)) : 0;
                    m.put(key(root, file), kind + " " + a.size() + " " + a.lastModifiedTime().toMillis() + " " + hash);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return m;
    }

    private static String key(Path root, Path p) {
        return root.relativize(p).toString().replace('\\', '/');
    }

    @Override
    public void close() {
        try (Stream<Path> all = Files.walk(root)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    p.toFile().setWritable(true);
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // best effort: a temp directory left behind is not a test failure
                }
            });
        } catch (IOException ignored) {
            // as above
        }
    }

    static boolean isDirectory(Path p) {
        return Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS);
    }
}
