package io.leapfrog.parser;

import io.leapfrog.ast.Program;
import io.leapfrog.common.LeapfrogException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Plain facts built from their tokens ({@link GroundFacts}) give the same program, clause for clause and
 * position for position, as parsing them, and the same first error: on random programs that mix facts
 * with everything a fact could be confused with (qualified names, rules ending in a name or a number,
 * several heads, negative and typed constants, facts in components, comments, directives) and with
 * constants out of range or broken statements.
 */
class GroundFactsTest {
    private static final List<String> STATEMENTS = List.of(
            "e(1, 2).", "e(0x1F, 0b101).", "s(\"a\\\"b\").", "s(\"\").", "z().", "e(2147483647, 0).",
            "e(-1, 2).", "e(1.5, 2).", "e(3u, 1).", "e(1,/* in */2).", "a(1), b(2).", "c.r(5).", "C.r(1, 2).",
            "p(x) :- e(x, 1).", "p(x) :- e(x, y), x < 3.", "p(x) :- e(x, y), x = y.", "p(1) :- c.q(1).",
            "p(x) :- q(x).", ".decl e(x:number, y:number)", ".decl s(a:symbol)", ".output e", ".printsize p",
            "/* block */", "// line\n", ".comp C { .decl r(x:number) r(1). r(2). }", ".init c = C",
            ".type T = number", "q(x) :- p(x), !e(x, 1).");
    private static final List<String> BAD = List.of(
            "e(99999999999, 1).", "p(x) :- .", "e(1, 2", ")", "e(1 2).");

    @Property(tries = 300)
    void factsFromTokensEqualFactsParsed(@ForAll @IntRange(min = 1, max = 1_000_000) int seed) {
        Random rnd = new Random(seed);
        StringBuilder program = new StringBuilder();
        int n = 1 + rnd.nextInt(25);
        for (int i = 0; i < n; i++) {
            List<String> pool = rnd.nextInt(20) == 0 ? BAD : STATEMENTS;
            program.append(pool.get(rnd.nextInt(pool.size())));
            program.append(switch (rnd.nextInt(4)) {
                case 0 -> " ";
                case 1 -> "";
                default -> "\n";
            });
        }
        String source = program.toString();
        assertEquals(outcome(source, false), outcome(source, true), source);
    }

    /** The program, or the first error's message. */
    private static Object outcome(String source, boolean groundFacts) {
        try {
            Program p = DatalogParser.parse(source, "t.dl", ComponentScope.global(), groundFacts);
            return p;
        } catch (LeapfrogException e) {
            return e.getMessage();
        }
    }
}
