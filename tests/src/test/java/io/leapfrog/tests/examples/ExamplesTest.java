package io.leapfrog.tests.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The sample project under examples/ compiles against the library as built and prints what
 * examples/README.md says it prints.
 */
class ExamplesTest {
    /** The repository root: the tests module's parent directory. */
    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

    @Test
    void theEmbeddingExamplePrintsWhatItsReadmeSays(@TempDir Path classes) throws Exception {
        Path source = ROOT.resolve("examples/embedding/src/main/java/example/Reachability.java");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int status = javac.run(null, null, diagnostics, "--release", "17", "-cp", System.getProperty("java.class.path"),
                "-d", classes.toString(), source.toString());
        assertEquals(0, status, diagnostics.toString(StandardCharsets.UTF_8));

        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = System.out;
        try (URLClassLoader loader = new URLClassLoader(new URL[]{classes.toUri().toURL()}, getClass().getClassLoader())) {
            Method main = loader.loadClass("example.Reachability").getMethod("main", String[].class);
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            main.invoke(null, (Object) new String[0]);
        } finally {
            System.setOut(out);
        }
        String readme = Files.readString(ROOT.resolve("examples/README.md"));
        String expected = readme.substring(readme.indexOf("It prints:"));
        expected = expected.substring(expected.indexOf("```\n") + 4);
        expected = expected.substring(0, expected.indexOf("```"));
        assertEquals(expected, printed.toString(StandardCharsets.UTF_8));
    }
}
