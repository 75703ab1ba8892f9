package io.leapfrog.kernels.layout.gen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Writes both sides of the kernels' data layout from its one definition (kernels/src/main/layout/layout.def):
 * the C++ header {@code layout_gen.cuh} and the Java package {@code io.leapfrog.kernels.layout}. Run by the
 * kernels module's build before nvcc and before any Java compiles:
 * <pre>LayoutGenerator DEFINITION CUDA_DIR JAVA_DIR</pre>
 * A file whose text is unchanged is not rewritten (nvcc runs again only when the header changed), and
 * Java sources the definition no longer makes are removed. A mistake in the definition fails the build
 * with its file and line.
 */
public final class LayoutGenerator {
    /** The header's name, as the kernels include it. */
    static final String HEADER = "layout_gen.cuh";

    private LayoutGenerator() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: LayoutGenerator DEFINITION CUDA_DIR JAVA_DIR");
            System.exit(2);
        }
        try {
            int written = generate(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]));
            System.out.println("[kernels] layout: " + (written == 0 ? "up to date" : written + " generated files written")
                    + " from " + args[0]);
        } catch (DefinitionException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(1);
        }
    }

    /** Generates both sides; returns how many files were (re)written. */
    static int generate(Path definition, Path cudaDir, Path javaDir) throws IOException {
        String name = "kernels/src/main/layout/" + definition.getFileName();
        Definition d = DefinitionParser.parse(name, Files.readString(definition, StandardCharsets.UTF_8));
        int written = write(cudaDir.resolve(HEADER), CudaHeaderWriter.write(d, name)) ? 1 : 0;
        Path pkg = javaDir.resolve(JavaSourceWriter.PACKAGE.replace('.', '/'));
        Map<String, String> sources = JavaSourceWriter.write(d, name);
        for (Map.Entry<String, String> e : sources.entrySet()) {
            written += write(pkg.resolve(e.getKey()), e.getValue()) ? 1 : 0;
        }
        Set<String> keep = new HashSet<>(sources.keySet());
        try (Stream<Path> old = Files.list(pkg)) {
            for (Path p : (Iterable<Path>) old::iterator) {
                if (!keep.contains(p.getFileName().toString())) {
                    Files.delete(p);
                    written++;
                }
            }
        }
        return written;
    }

    /** Writes {@code text} to {@code file} unless it holds that already; whether it wrote. */
    private static boolean write(Path file, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (Files.exists(file) && java.util.Arrays.equals(Files.readAllBytes(file), bytes)) {
            return false;
        }
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
        return true;
    }
}
