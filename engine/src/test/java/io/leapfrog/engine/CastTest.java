package io.leapfrog.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code as(x, T)} within one base type: to and from subtypes of number, float and symbol, in heads,
 * facts and expressions, the value unchanged; an untyped variable takes the cast's type.
 */
class CastTest {
    @TempDir
    Path dir;

    @Test
    void castsWithinABaseTypeKeepTheValue() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.run("""
                .type Node <: number
                .type Weight <: float
                .type Name <: symbol
                .decl e(x:number, w:float, s:symbol)
                e(1, 0.5, "a"). e(2, 1.5, "b").
                .decl n(x:Node, w:Weight, s:Name)
                .output n
                n(as(x, Node), as(w, Weight), as(s, Name)) :- e(x, w, s).
                n(as(3, Node), as(2.5, Weight), as("c", Name)).
                .decl m(x:number, w:float)
                .output m
                m(y, as(w, float) * 2) :- n(x, w, _), y = as(x, number) + 10.
                .decl k(x:number)
                .output k
                k(as(v, number)) :- v = 7.
                """);
        assertEquals(List.of("1\t0.5\ta", "2\t1.5\tb", "3\t2.5\tc"), t.output("n"));
        assertEquals(List.of("11\t1", "12\t3", "13\t5"), t.output("m"));
        assertEquals(List.of("7"), t.output("k"));
    }
}
