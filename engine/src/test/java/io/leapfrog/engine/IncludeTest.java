package io.leapfrog.engine;

import io.leapfrog.common.LeapfrogException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code #include "file"}: included files (nested, relative to the including file) are part of the
 * program at the include line; errors name the included file and its line; a missing file and a cycle
 * are errors at the include line.
 */
class IncludeTest {
    @TempDir
    Path dir;

    @Test
    void includedFilesJoinTheProgramWhereTheyAreIncluded() throws Exception {
        Files.createDirectories(dir.resolve("lib/more"));
        Files.writeString(dir.resolve("lib/graph.dl"), """
                .comp Closure {
                  .decl edge(x:number, y:number)
                  .decl path(x:number, y:number)
                  path(x, y) :- edge(x, y).
                  path(x, z) :- path(x, y), edge(y, z).
                }
                #include "more/facts.dl"
                """);
        Files.writeString(dir.resolve("lib/more/facts.dl"), ".decl seed(x:number, y:number)\nseed(1, 2). seed(2, 3).\n");
        Path main = Files.writeString(dir.resolve("main.dl"), """
                #include "lib/graph.dl"
                .init g = Closure
                g.edge(x, y) :- seed(x, y).
                .decl out(x:number, y:number)
                .output out
                out(x, y) :- g.path(x, y).
                """);
        EngineTestSupport t = new EngineTestSupport(dir);
        try (Engine e = t.engine(2)) {
            e.run(e.parse(main), dir.resolve("facts"), dir.resolve("out"));
        }
        assertEquals(List.of("1\t2", "1\t3", "2\t3"), t.output("out"));
    }

    @Test
    void errorsNameTheIncludedFileAndMissingFilesAndCyclesAreReported() throws Exception {
        Files.writeString(dir.resolve("bad.dl"), ".decl a(x:number)\n\na(x) :- nope(x).\n");
        Path main = Files.writeString(dir.resolve("main.dl"), ".decl b(x:number)\n#include \"bad.dl\"\n");
        Path missing = Files.writeString(dir.resolve("missing.dl"), "\n#include \"none.dl\"\n");
        Path cycle = Files.writeString(dir.resolve("cycle.dl"), "#include \"cycle2.dl\"\n");
        Files.writeString(dir.resolve("cycle2.dl"), "#include \"cycle.dl\"\n");
        try (Engine e = new EngineTestSupport(dir).engine(1)) {
            String bad = assertThrows(LeapfrogException.class, () -> e.parse(main)).getMessage();
            assertTrue(bad.contains("bad.dl:3:9: error: Undefined relation nope"), bad);
            assertTrue(bad.contains("a(x) :- nope(x)."), "the included file's line is quoted: " + bad);
            String none = assertThrows(LeapfrogException.class, () -> e.parse(missing)).getMessage();
            assertTrue(none.contains("missing.dl:2:1: error: cannot read included file"), none);
            String loop = assertThrows(LeapfrogException.class, () -> e.parse(cycle)).getMessage();
            assertTrue(loop.contains("cycle2.dl:1:1: error: #include cycle"), loop);
            Path inComponent = Files.writeString(dir.resolve("comp.dl"),
                    ".decl s(x:symbol)\ns(\"{\"). // {\n.comp A {\n#include \"bad.dl\"\n}\n");
            String braces = assertThrows(LeapfrogException.class, () -> e.parse(inComponent)).getMessage();
            assertTrue(braces.startsWith("not supported: #include inside a component's braces"), braces);
            assertTrue(braces.contains("comp.dl:4:1"), "braces in strings and comments do not count: " + braces);
        }
    }

    @Test
    void includesReadOnlyBoundedUtf8RegularFiles() throws Exception {
        Path device = Files.writeString(dir.resolve("zero.dl"), ".decl a(x:number)\n#include \"/dev/zero\"\n");
        Path directory = Files.writeString(dir.resolve("dir.dl"), "#include \".\"\n");
        Files.write(dir.resolve("latin1.dl"), new byte[]{'a', '(', '1', ')', '.', ' ', '/', '/', (byte) 0xE9, '\n'});
        Path latin1 = Files.writeString(dir.resolve("l.dl"), ".decl a(x:number)\n#include \"latin1.dl\"\n");
        Files.write(dir.resolve("bom.dl"), new byte[]{(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'a', '(', '2', ')', '.', '\n'});
        Path bom = Files.writeString(dir.resolve("b.dl"), ".decl a(x:number)\n.output a\n#include \"bom.dl\"\n");
        Path malformed = Files.writeString(dir.resolve("m.dl"), ".decl a(x:number)\n#include bom.dl\n");
        EngineTestSupport t = new EngineTestSupport(dir);
        try (Engine e = t.engine(1)) {
            long start = System.nanoTime();
            String zero = assertThrows(LeapfrogException.class, () -> e.parse(device)).getMessage();
            assertTrue(zero.startsWith(device + ":2:1: error: cannot read included file /dev/zero: it is not a regular"
                    + " file"), zero);
            assertTrue(System.nanoTime() - start < 5_000_000_000L, "refused without reading it");
            String isDir = assertThrows(LeapfrogException.class, () -> e.parse(directory)).getMessage();
            assertTrue(isDir.contains("it is a directory"), isDir);
            String bytes = assertThrows(LeapfrogException.class, () -> e.parse(latin1)).getMessage();
            assertTrue(bytes.startsWith(dir.resolve("latin1.dl") + ":1:9: error: invalid UTF-8 byte 0xE9"), bytes);
            assertTrue(bytes.contains(latin1 + ":2:1: error: included here"), bytes);
            String cpp = assertThrows(LeapfrogException.class, () -> e.parse(malformed)).getMessage();
            assertTrue(cpp.startsWith(malformed + ":2:1: error: malformed #include: write #include \"file.dl\""), cpp);
            e.run(e.parse(bom), dir.resolve("facts"), dir.resolve("out"));
        }
        assertEquals(List.of("2"), t.output("a"));
    }
}
