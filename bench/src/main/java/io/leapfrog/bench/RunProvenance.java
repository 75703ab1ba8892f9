package io.leapfrog.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where a results file came from: the exact command, the machine, the commit and the date. Every file
 * under bench/results starts with these as comment lines ({@link #header()}), so that a figure can be
 * reproduced and {@link ResultsPage} can say what each table was measured with.
 */
public record RunProvenance(String command, String machine, String commit, LocalDate date) {

    /** The comment keys every results file carries, in this order. */
    public static final List<String> KEYS = List.of("command", "machine", "commit", "date");

    public RunProvenance {
        for (String v : List.of(command, machine, commit)) {
            if (v.isBlank() || v.contains("\n")) {
                throw new IllegalArgumentException("a provenance value must be one non-empty line: '" + v + "'");
            }
        }
    }

    /**
     * This run's provenance: {@code program} with its arguments as the command, this machine, the
     * checkout's commit (or {@code commit} when given: the device machine's copy of the tree has no git
     * history) and today's date (UTC).
     */
    public static RunProvenance ofThisRun(String program, List<String> args, Path repoRoot, String commit) {
        return new RunProvenance(commandLine(program, args), describeMachine(),
                commit != null && !commit.isBlank() ? commit.strip() : gitCommit(repoRoot), LocalDate.now(ZoneOffset.UTC));
    }

    /** The four comment lines, each ending in a newline. */
    public String header() {
        return "# command: " + command + "\n"
                + "# machine: " + machine + "\n"
                + "# commit: " + commit + "\n"
                + "# date: " + date + "\n";
    }

    /** The command as a shell would take it back: arguments with spaces or shell characters single-quoted. */
    static String commandLine(String program, List<String> args) {
        StringBuilder sb = new StringBuilder(program);
        for (String a : args) {
            sb.append(' ').append(a.matches("[A-Za-z0-9_./:=,@%+-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
        }
        return sb.toString();
    }

    /** Cores and CPU model, memory, OS, Java and the NVIDIA GPUs with their driver, from /proc where it exists. */
    static String describeMachine() {
        List<String> parts = new ArrayList<>();
        String cpu = firstValue(Path.of("/proc/cpuinfo"), "model name");
        int cores = Runtime.getRuntime().availableProcessors();
        parts.add(cores + " cores" + (cpu == null ? "" : " (" + cpu + ")"));
        String mem = firstValue(Path.of("/proc/meminfo"), "MemTotal");
        if (mem != null && mem.endsWith("kB")) {
            double gib = Long.parseLong(mem.replace("kB", "").strip()) / (1024.0 * 1024.0);
            parts.add(String.format(Locale.ROOT, "%.0f GiB", gib));
        }
        parts.add(System.getProperty("os.name") + " " + System.getProperty("os.version"));
        parts.add("Java " + Runtime.version());
        return String.join(", ", parts) + "; " + describeGpus();
    }

    private static String describeGpus() {
        Path gpus = Path.of("/proc/driver/nvidia/gpus");
        if (!Files.isDirectory(gpus)) {
            return "no NVIDIA GPU";
        }
        List<String> models = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(gpus)) {
            dirs.sorted().forEach(d -> {
                String m = firstValue(d.resolve("information"), "Model");
                if (m != null) {
                    models.add(m);
                }
            });
        } catch (IOException e) {
            return "NVIDIA GPU (unreadable: " + e.getMessage() + ")";
        }
        String driver = null;
        try {
            Matcher v = Pattern.compile("\\b(\\d+\\.\\d+(\\.\\d+)?)\\b")
                    .matcher(Files.readString(Path.of("/proc/driver/nvidia/version"), StandardCharsets.UTF_8));
            driver = v.find() ? v.group(1) : null;
        } catch (IOException | RuntimeException e) {
            // no driver version file: the GPU models alone
        }
        return (models.isEmpty() ? "NVIDIA driver, no GPU listed" : "GPU: " + String.join(", ", models))
                + (driver == null ? "" : ", driver " + driver);
    }

    /** The value after the first "key:" line of a /proc-style file, or null. */
    private static String firstValue(Path file, String key) {
        try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
            return lines.filter(l -> l.startsWith(key) && l.indexOf(':') > 0
                            && l.substring(0, l.indexOf(':')).strip().equals(key))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip())
                    .findFirst().orElse(null);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** HEAD of the checkout, marked when tracked files have uncommitted changes; "unknown" without git. */
    static String gitCommit(Path repoRoot) {
        try {
            String sha = ExternalProcess.run(List.of("git", "-C", repoRoot.toString(), "rev-parse", "HEAD"), 10).strip();
            String dirty = ExternalProcess.run(List.of("git", "-C", repoRoot.toString(), "status", "--porcelain",
                    "--untracked-files=no"), 10).strip();
            return dirty.isEmpty() ? sha : sha + " with uncommitted changes";
        } catch (QueryTimeoutException | RuntimeException e) {
            return "unknown (no git checkout here; the bench's --commit names it)";
        }
    }
}
