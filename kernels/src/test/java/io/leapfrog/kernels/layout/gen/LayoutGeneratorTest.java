package io.leapfrog.kernels.layout.gen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The layout generator: how it reads and lays out a definition, what it writes, and how it reports mistakes. */
class LayoutGeneratorTest {
    private static final String SMALL = """
            # Limits.
            const N = 4
            const M = N * 2 + 1   # nine
            const u64 QUIT = 0xffffffff
            check M > N

            enum Op OP_
                # Adds.
                ADD = 0
                MUL = 3
            end

            # A pair.
            struct Pair
                int a
                int pad
                const int* p     # somewhere
            end

            struct Outer
                long long x
                unsigned keep[N]
                unsigned long long* header
                Pair pairs[2]
                head OuterOf pairs
            end
            """;

    private static Definition parse(String text) {
        return DefinitionParser.parse("test.def", text);
    }

    private static Definition.Struct struct(Definition d, String name) {
        for (Definition.Item i : d.items()) {
            if (i instanceof Definition.Struct s && s.name().equals(name)) {
                return s;
            }
        }
        return null;
    }

    @Test
    void structsLieAtTheirNaturalOffsets() {
        Definition d = parse(SMALL);
        Definition.Struct pair = struct(d, "Pair");
        assertEquals(16, pair.size());
        assertEquals(8, pair.align());
        assertEquals(8, pair.field("p").offset());
        Definition.Struct outer = struct(d, "Outer");
        assertEquals(0, outer.field("x").offset());
        assertEquals(8, outer.field("keep").offset());
        assertEquals(24, outer.field("header").offset());
        assertEquals(32, outer.field("pairs").offset());
        assertEquals(64, outer.size());
        assertEquals(new Definition.Head("OuterOf", "pairs"), outer.head());
    }

    @Test
    void constantsAreEvaluatedInOrder() {
        Definition d = parse(SMALL);
        Definition.Constant m = (Definition.Constant) d.items().get(1);
        assertEquals("M", m.name());
        assertEquals(9, m.expr().value);
        assertEquals("N * 2 + 1", m.expr().text);
        assertEquals(List.of("nine"), m.doc());
        Definition.Constant quit = (Definition.Constant) d.items().get(2);
        assertTrue(quit.u64());
        assertEquals(0xffffffffL, quit.expr().value);
        assertEquals(7, Expr.of("(1 + 2) * 3 - 4 / 2", Map.of()).value);
        assertEquals(1, Expr.of("2 <= 2", Map.of()).value);
        assertEquals(0, Expr.of("3 == 2", Map.of()).value);
    }

    @Test
    void theHeaderDeclaresAndAssertsEverything() {
        String h = CudaHeaderWriter.write(parse(SMALL), "test.def");
        assertTrue(h.contains("#define N 4\n"), h);
        assertTrue(h.contains("#define M (N * 2 + 1)\n"), h);
        assertTrue(h.contains("#define QUIT 0xffffffffull\n"), h);
        assertTrue(h.contains("static_assert(M > N, "), h);
        assertTrue(h.contains("enum Op {\n    // Adds.\n    OP_ADD = 0,\n    OP_MUL = 3,\n};"), h);
        assertTrue(h.contains("struct Pair {\n    int a;\n    int pad;\n    // somewhere\n    const int* p;\n};"), h);
        assertTrue(h.contains("static_assert(sizeof(Outer) == 64, "), h);
        assertTrue(h.contains("static_assert(alignof(Outer) == 8, "), h);
        assertTrue(h.contains("static_assert(__builtin_offsetof(Outer, header) == 24, "), h);
        assertTrue(h.contains("    unsigned keep[N];\n"), h);
        assertTrue(h.contains("template <int V>\nstruct OuterOf {"), h);
        assertTrue(h.contains("    Pair pairs[V];\n"), h);
        assertTrue(h.contains("static_assert(sizeof(OuterOf<2>) == sizeof(Outer), "), h);
        assertTrue(h.contains("static_assert(sizeof(OuterOf<1>) == 48, "), h);
    }

    @Test
    void theJavaSideReadsAndWritesEachFieldByName() {
        Map<String, String> files = JavaSourceWriter.write(parse(SMALL), "test.def");
        assertEquals(List.of("KernelConstants.java", "KernelStruct.java", "StructBytes.java", "Op.java", "Pair.java", "Outer.java"),
                List.copyOf(files.keySet()));
        String outer = files.get("Outer.java");
        assertTrue(outer.contains("public static final int BYTES = 64;"), outer);
        assertTrue(outer.contains("public static final int HEADER = 24;"), outer);
        assertTrue(outer.contains("public Outer keep(int i, int v) {\n        buf.putInt(base + KEEP + 4 * Objects.checkIndex(i, KernelConstants.N), v);"),
                outer);
        assertTrue(outer.contains("public Pair pairs(int i) {\n        return new Pair(buf, base + PAIRS + 16 * Objects.checkIndex(i, 2));"), outer);
        assertTrue(outer.contains("public long header() {"), outer);
        assertTrue(outer.contains("return PAIRS + 16 * Objects.checkIndex(n, 2 + 1);"), outer);
        String pair = files.get("Pair.java");
        assertFalse(pair.contains("pad"), "padding has no accessors: " + pair);
        String constants = files.get("KernelConstants.java");
        assertTrue(constants.contains("public static final int M = N * 2 + 1;"), constants);
        assertTrue(constants.contains("public static final long QUIT = 0xffffffffL;"), constants);
        assertTrue(files.get("Op.java").contains("MUL(3);"), files.get("Op.java"));
        assertEquals("BITS_ROW0", JavaSourceWriter.upper("bitsRow0"));
        assertEquals("PARENT_OFF", JavaSourceWriter.upper("parentOff"));
        assertEquals("Q0", JavaSourceWriter.upper("q0"));
    }

    /** The mistake {@code text} makes, as the build reports it. */
    private static String mistake(String text) {
        return assertThrows(DefinitionException.class, () -> parse(text)).getMessage();
    }

    @Test
    void mistakesAreReportedWithTheirLine() {
        assertEquals("test.def:3: S.p would start at byte 4, not a multiple of its alignment 8: the compiler would leave a hole;"
                + " declare a pad field before it", mistake("struct S\n    int a\n    int* p\nend\n"));
        assertEquals("test.def:4: struct S ends at byte 12, not a multiple of its alignment 8: the compiler would pad it;"
                + " declare a pad field at its end", mistake("struct S\n    long long a\n    int b\nend\n"));
        assertTrue(mistake("struct S\n    float f\nend\n").startsWith("test.def:2: unknown type 'float' of S.f"));
        assertTrue(mistake("const A = 1\nconst A = 2\n").startsWith("test.def:2: A is declared twice (first at line 1)"));
        assertTrue(mistake("const A = B + 1\n").startsWith("test.def:1: 'B' is not a constant declared before this line"));
        assertEquals("test.def:2: the check 'A > 1' fails", mistake("const A = 1\ncheck A > 1\n"));
        assertTrue(mistake("struct S\n    int a\n").startsWith("test.def:1: struct S has no 'end'"));
        assertTrue(mistake("enum E E_\n    X = 1\n    Y = 1\nend\n").startsWith("test.def:3: Y has the value of X (1)"));
        assertTrue(mistake("struct S\n    int a[2]\n    int b\n    head SOf a\nend\n").startsWith("test.def:4: the head's field a"));
        assertTrue(mistake("struct S\n    int bytes\nend\n").startsWith("test.def:2: a field may not be named bytes"));
        assertTrue(mistake("const A = 3000000000\n").startsWith("test.def:1: A = 3000000000 does not fit an int"));
        assertTrue(mistake("typedef int x\n").startsWith("test.def:1: expected const, check, enum or struct"));
    }

    @Test
    void onlyChangedFilesAreWrittenAndStaleOnesRemoved(@TempDir Path dir) throws IOException {
        Path def = dir.resolve("layout.def");
        Files.writeString(def, SMALL);
        Path cuda = dir.resolve("cuda");
        Path java = dir.resolve("java");
        assertEquals(7, LayoutGenerator.generate(def, cuda, java), "the header and six Java sources");
        assertTrue(Files.exists(cuda.resolve("layout_gen.cuh")));
        assertEquals(0, LayoutGenerator.generate(def, cuda, java), "nothing changed");
        Files.writeString(def, SMALL.replace("struct Pair", "struct Two").replace("Pair pairs", "Two pairs"));
        assertEquals(4, LayoutGenerator.generate(def, cuda, java), "the header, Two, Outer written; Pair removed");
        Path pkg = java.resolve("io/leapfrog/kernels/layout");
        assertFalse(Files.exists(pkg.resolve("Pair.java")));
        assertTrue(Files.exists(pkg.resolve("Two.java")));
    }

    @Test
    void theKernelsDefinitionHoldsEveryStructTheHostWrites() throws IOException {
        Path def = Path.of("src/main/layout/layout.def");
        Definition d = DefinitionParser.parse("layout.def", Files.readString(def));
        for (String s : List.of("LfPart", "LfLevel", "LfPlan", "LfTable", "LfProgram", "LfFusedArgs", "LfWarpArgs", "LwResidentArgs")) {
            assertTrue(struct(d, s) != null, s);
        }
        assertEquals(72, struct(d, "LfPart").size());
        assertEquals(672, struct(d, "LfLevel").size());
        assertEquals(10768, struct(d, "LfPlan").size());
        assertEquals(392, struct(d, "LfTable").size());
        assertEquals(264, struct(d, "LfProgram").size());
        assertEquals(1328, struct(d, "LfFusedArgs").size());
        assertEquals(496, struct(d, "LfWarpArgs").size());
        assertEquals(24, struct(d, "LwResidentArgs").size());
        assertNull(struct(d, "LfState"), "per-thread state is the device's own");
    }
}
