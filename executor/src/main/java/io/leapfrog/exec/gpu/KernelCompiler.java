package io.leapfrog.exec.gpu;

import io.leapfrog.common.ScratchDirectory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Compiles CUDA source generated at run time (a kernel for one plan's shape) into a cubin with nvcc, in
 * the background, and keeps the cubins in a cache on disk, so that a shape is compiled once per
 * machine. The source includes the kernels' headers, which the kernels build packs as resources
 * ({@code io/leapfrog/kernels/cuda/}). Nothing here is needed for a correct answer: until a cubin is
 * ready, and wherever nvcc is missing or fails, the engine runs its table-driven kernels.
 *
 * <p>One compiler per nvcc and cache directory ({@link #of}; {@code GpuOptions.nvcc} and {@code .kernelCache}),
 * shared by every executor of the process that names the same: a shape is compiled once however many
 * ask for it. The default nvcc is {@code $CUDA_HOME/bin/nvcc}, {@code /usr/local/cuda/bin/nvcc}, then
 * {@code nvcc} on the PATH; the default cache directory {@code ~/.cache/leapfrog/kernels}.
 */
public final class KernelCompiler {
    private static final String HEADERS = "/io/leapfrog/kernels/cuda/";
    private static final long COMPILE_SECONDS = 120;
    /** Compiles run side by side on up to 4 threads (a quarter of the cores): nvcc takes 2-4 s a shape. */
    private static final ExecutorService WORKER = Executors.newFixedThreadPool(
            Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors() / 4)), r -> {
                Thread t = new Thread(r, "leapfrog-kernel-compiler");
                t.setDaemon(true);
                return t;
            });
    /** The compilers made so far, by their nvcc and cache directory as named (null: the default). */
    private static final Map<Settings, KernelCompiler> COMPILERS = new ConcurrentHashMap<>();

    private record Settings(Path nvcc, Path cacheDir) {
    }

    private final Path namedNvcc;
    private final Path namedCacheDir;
    /** Compiles this compiler started, by cache key: the cubin, or null after a failure. */
    private final Map<String, Future<byte[]>> compiles = new ConcurrentHashMap<>();
    /** Why each failed compile failed, by cache key. */
    private final Map<String, String> failures = new ConcurrentHashMap<>();
    private volatile String lastFailure;
    private volatile Boolean available;

    private KernelCompiler(Path nvcc, Path cacheDir) {
        this.namedNvcc = nvcc;
        this.namedCacheDir = cacheDir;
    }

    /** The compiler that runs {@code nvcc} (null: the default one) and caches in {@code cacheDir} (null: the default). */
    public static KernelCompiler of(Path nvcc, Path cacheDir) {
        return COMPILERS.computeIfAbsent(new Settings(nvcc, cacheDir), s -> new KernelCompiler(s.nvcc(), s.cacheDir()));
    }

    /** The compiler with the default nvcc and cache directory. */
    public static KernelCompiler defaults() {
        return of(null, null);
    }

    /**
     * The cubin of {@code source} for {@code arch} (e.g. {@code sm_90}) when it is compiled (in this process
     * or in the disk cache); otherwise null, after starting its compile in the background (once).
     */
    public byte[] cubinIfReady(String source, String arch) {
        return cubinIfReady(key(source, arch), source, arch);
    }

    /** As {@link #cubinIfReady(String, String)}, with the source's {@link #key} computed before (a hash of it). */
    public byte[] cubinIfReady(String key, String source, String arch) {
        Future<byte[]> f = compiles.computeIfAbsent(key, k -> {
            byte[] cached = cachedOrNull(k);   // a cubin an earlier process compiled serves the first count already
            return cached != null ? java.util.concurrent.CompletableFuture.completedFuture(cached)
                    : WORKER.submit(() -> compileOrNull(k, source, arch));
        });
        if (!f.isDone()) {
            return null;
        }
        try {
            return f.get();
        } catch (Exception e) {
            return null;   // compileOrNull catches everything; an interrupted get is a miss
        }
    }

    /** Waits up to {@code seconds} for every compile this compiler started so far; whether all ended. */
    public boolean awaitCompiles(double seconds) {
        long deadline = System.nanoTime() + (long) Math.min(seconds * 1e9, 1e15);   // 1e15 ns: "no limit", without overflow
        for (Future<byte[]> f : List.copyOf(compiles.values())) {
            try {
                f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception e) {
                return false;
            }
        }
        return true;
    }

    /** Whether its nvcc was found (looked for once) and this build packs the kernels' headers. */
    public boolean available() {
        Boolean a = available;
        if (a == null) {
            a = nvcc() != null && KernelCompiler.class.getResource(HEADERS + "headers.txt") != null;
            available = a;
        }
        return a;
    }

    /** Why the last compile failed, or null. */
    public String lastFailure() {
        return lastFailure;
    }

    /** Why the compile of {@code key} failed, or null (it has not failed, or has not ended). */
    public String failure(String key) {
        return failures.get(key);
    }

    /** The cubin of {@code key} in the disk cache, or null (none, or the cache cannot be read: then compile). */
    private byte[] cachedOrNull(String key) {
        try {
            Path cubin = cacheDir().resolve(key + ".cubin");
            return Files.isRegularFile(cubin) ? Files.readAllBytes(cubin) : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private byte[] compileOrNull(String key, String source, String arch) {
        try {
            return compile(key, source, arch);
        } catch (IOException | RuntimeException e) {
            fail(key, String.valueOf(e.getMessage()));
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(key, "interrupted");
            return null;
        }
    }

    /** Records why a compile failed; the callers that find its cubin missing report it ({@link #failure}). */
    private void fail(String key, String why) {
        lastFailure = why;
        failures.put(key, why);
    }

    private byte[] compile(String key, String source, String arch) throws IOException, InterruptedException {
        Path dir = cacheDir();
        Path cubin = dir.resolve(key + ".cubin");
        String nvcc = nvcc();
        if (nvcc == null) {
            throw new IOException("no nvcc found");
        }
        Path include = headers(dir);
        try (ScratchDirectory scratch = ScratchDirectory.createIn(dir, "compile-")) {
            Path work = scratch.path();
            Path src = work.resolve("shaped.cu");
            Files.writeString(src, source, StandardCharsets.UTF_8);
            Path out = work.resolve("shaped.cubin");
            Path log = work.resolve("nvcc.log");
            List<String> cmd = new ArrayList<>(List.of(nvcc, "-O3", "-std=c++17", "-cubin", "-arch=" + arch, "-Xptxas", "-warn-spills,-Werror",
                    "-I" + include, "-o", out.toString(), src.toString()));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(COMPILE_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("nvcc ran past " + COMPILE_SECONDS + " s");
            }
            if (p.exitValue() != 0 || !Files.isRegularFile(out)) {
                String msg = Files.readString(log, StandardCharsets.UTF_8).strip();
                throw new IOException("nvcc exited " + p.exitValue() + ": " + firstLines(msg));
            }
            Files.move(out, cubin, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return Files.readAllBytes(cubin);
        }
    }

    private static String firstLines(String s) {
        String[] lines = s.split("\n");
        return String.join(" | ", java.util.Arrays.copyOf(lines, Math.min(3, lines.length)));
    }

    /** The headers, once per content (their hash names the directory), in the cache directory. */
    private static Path headers(Path dir) throws IOException {
        Path include = dir.resolve("include-" + headerDigest().substring(0, 16));
        if (Files.isDirectory(include)) {
            return include;
        }
        try (ScratchDirectory scratch = ScratchDirectory.createIn(dir, "include-")) {   // deleted unless moved
            for (String n : headerNames()) {
                Files.writeString(scratch.path().resolve(n), resourceText(n), StandardCharsets.UTF_8);
            }
            try {
                Files.move(scratch.path(), include, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException raced) {
                // another process put the same headers there first
            }
        }
        return include;
    }

    private static List<String> headerNames() throws IOException {
        List<String> names = new ArrayList<>();
        for (String n : resourceText("headers.txt").split("\\s+")) {
            if (!n.isBlank()) {
                names.add(n);
            }
        }
        return names;
    }

    private static String resourceText(String name) throws IOException {
        try (InputStream in = KernelCompiler.class.getResourceAsStream(HEADERS + name)) {
            if (in == null) {
                throw new IOException("this build has no kernel headers (" + HEADERS + name + ")");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The cache key of a source for an architecture: a hash of both and of the headers it includes. */
    public static String key(String source, String arch) {
        return arch + "-" + sha256(arch + '\0' + headerDigest() + '\0' + source).substring(0, 32);
    }

    private static volatile String headerDigest;

    /** A digest of every header's text (computed once): a cubin built against other headers is not reused. */
    private static String headerDigest() {
        String d = headerDigest;
        if (d == null) {
            StringBuilder all = new StringBuilder();
            try {
                for (String n : headerNames()) {
                    all.append(n).append('\0').append(resourceText(n));
                }
            } catch (IOException e) {
                all.append("none");   // the compile then fails, saying why
            }
            d = sha256(all.toString());
            headerDigest = d;
        }
        return d;
    }

    /** The SHA-256 of a string's UTF-8 bytes, in hex. */
    public static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }

    private Path cacheDir() throws IOException {
        Path dir = namedCacheDir != null ? namedCacheDir
                : Path.of(System.getProperty("user.home"), ".cache", "leapfrog", "kernels");
        Files.createDirectories(dir);
        return dir;
    }

    /** The nvcc to run: the one named, else the first found; or null. */
    public String nvcc() {
        return namedNvcc != null ? namedNvcc.toString() : foundNvcc();
    }

    /** The nvcc of the CUDA installation, or on the PATH: the default; or null. */
    public static String foundNvcc() {
        List<Path> candidates = new ArrayList<>();
        String home = System.getenv("CUDA_HOME");
        if (home != null && !home.isBlank()) {
            candidates.add(Path.of(home, "bin", "nvcc"));
        }
        candidates.add(Path.of("/usr/local/cuda/bin/nvcc"));
        String path = System.getenv("PATH");
        if (path != null) {
            for (String p : path.split(java.io.File.pathSeparator)) {
                if (!p.isBlank()) {
                    candidates.add(Path.of(p, "nvcc"));
                }
            }
        }
        for (Path c : candidates) {
            if (Files.isExecutable(c)) {
                return c.toString();
            }
        }
        return null;
    }
}
