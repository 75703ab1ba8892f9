package io.leapfrog.check;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.parser.DatalogParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Expressions nested up to the limit (256) are parsed and checked; one level more is refused with a
 * positioned message, and so is nesting far past it (never a stack overflow), for each way of nesting.
 */
class NestingLimitTest {

    @ParameterizedTest
    @ValueSource(strings = {"parens", "minus", "sum", "power", "functor", "not"})
    void nestingUpToTheLimitIsChecked(String shape) {
        SemanticChecker.check(DatalogParser.parse(program(shape, 256), "deep.dl"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"parens", "minus", "sum", "power", "functor", "not"})
    void nestingPastTheLimitIsRefusedWithItsPosition(String shape) {
        for (int depth : new int[] {257, 100_000}) {
            LeapfrogException e = assertThrows(LeapfrogException.class,
                    () -> SemanticChecker.check(DatalogParser.parse(program(shape, depth), "deep.dl")));
            assertTrue(e.getMessage().startsWith("deep.dl:3:"), e::getMessage);
            assertTrue(e.getMessage().contains("error: nested more than 256 deep"), e::getMessage);
        }
    }

    /** {@code q(y) :- p(x), y = E.} where E nests {@code depth} deep around x. */
    private static String program(String shape, int depth) {
        String e = switch (shape) {
            case "parens" -> "(".repeat(depth) + "x" + ")".repeat(depth);
            case "minus" -> "-".repeat(depth) + "x";
            case "sum" -> "x" + " + x".repeat(depth);
            case "power" -> "x" + " ^ 1".repeat(depth);
            case "functor" -> "max(".repeat(depth) + "x" + ", 1)".repeat(depth);
            default -> "bnot ".repeat(depth) + "x";
        };
        return ".decl p(x:number)\n.decl q(y:number)\nq(y) :- p(x), y = " + e + ".\n";
    }
}
