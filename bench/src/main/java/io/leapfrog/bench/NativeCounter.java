package io.leapfrog.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

/**
 * The hand-written C++ counter in bench/native: builds it with build.sh when the binary is missing or
 * older than its sources, and runs it on an edge-list file.
 */
public final class NativeCounter {

    /** What one run of the binary printed. */
    public record Result(long count, double loadSeconds, double kernelSeconds) {
    }

    private final Path nativeDir;

    public NativeCounter(Path nativeDir) {
        this.nativeDir = nativeDir;
    }

    public Path binary() {
        return nativeDir.resolve("build/clique_counter");
    }

    /** Runs build.sh unless the binary is newer than clique_counter.cpp and build.sh. */
    public void buildIfStale() {
        try {
            Path bin = binary();
            if (Files.isExecutable(bin)) {
                FileTime built = Files.getLastModifiedTime(bin);
                if (built.compareTo(Files.getLastModifiedTime(nativeDir.resolve("clique_counter.cpp"))) > 0
                        && built.compareTo(Files.getLastModifiedTime(nativeDir.resolve("build.sh"))) > 0) {
                    return;
                }
            }
            Process p = new ProcessBuilder("bash", nativeDir.resolve("build.sh").toString())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new BenchException("building the C++ counter failed (bench/native/build.sh needs g++ with "
                        + "OpenMP and zlib):\n" + out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot build the C++ counter: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchException("interrupted while building the C++ counter");
        }
    }

    /** Runs {@code clique_counter <query> <edges> <threads>}; query is "triangles" or "4cliques". */
    public Result run(String query, Path edges, int threads) {
        try {
            Process p = new ProcessBuilder(List.of(binary().toString(), query, edges.toString(), Integer.toString(threads)))
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new BenchException("the C++ counter failed on " + edges + ":\n" + out);
            }
            return parse(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + binary() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchException("interrupted while running the C++ counter");
        }
    }

    /** Parses the "count N / load_seconds S / kernel_seconds S" lines the binary prints. */
    static Result parse(String output) {
        long count = -1;
        double load = Double.NaN;
        double kernel = Double.NaN;
        for (String line : output.split("\\R")) {
            String[] kv = line.strip().split("\\s+");
            if (kv.length != 2) {
                continue;
            }
            switch (kv[0]) {
                case "count" -> count = Long.parseLong(kv[1]);
                case "load_seconds" -> load = Double.parseDouble(kv[1]);
                case "kernel_seconds" -> kernel = Double.parseDouble(kv[1]);
                default -> { }
            }
        }
        if (count < 0 || Double.isNaN(kernel)) {
            throw new BenchException("unexpected output from the C++ counter:\n" + output);
        }
        return new Result(count, load, kernel);
    }
}
