package io.leapfrog.check;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.parser.DatalogParser;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Mutated programs (characters deleted, duplicated or replaced) must fail only with a
 * LeapfrogException (a user-facing message) or pass: never with another exception, which a front
 * end would print as a stack trace.
 */
class MalformedInputFuzzTest {
    private static final String SEED_PROGRAM = """
            .type Node <: symbol
            .type Id = number | Other
            .type Other <: number
            .decl edge(x:Node, y:Node, w:number) btree
            .input edge(IO=file, filename="edge.tsv", delimiter="\\t")
            .decl path(x:Node, y:Node, d:Id)
            .decl best(x:Node, d:number)
            .decl stat(n:number, s:symbol)
            .output path, best
            .printsize stat
            edge("a", "b", 1). edge("b", "c", 0x2).
            path(x, y, d) :- edge(x, y, d).
            path(x, z, d + e) :- path(x, y, d), edge(y, z, e), !edge(z, x, _), d < 100 ; path(x, z, d), e = 0.
            best(x, m) :- path(x, _, _), m = min d : { path(x, _, d), d >= 0 }.
            stat(n, s) :- n = count : path(_, _, _), s = cat(to_string(n), "x"), strlen(s) > -(1 ^ 2 ^ 3) band 7.
            stat(n, s), stat(n + 1, s) :- stat(n, s), match("a.*", s), n = max(n, 3) * 2 / 1 % 5, n < 9.
            stat($, s) :- stat(_, s), s != "".
            // done
            /* block */
            """;

    @Test
    void mutationsFailOnlyWithUserFacingErrors() {
        Random random = new Random(20261122);
        String alphabet = "().,;:!=<>-+*/%^_$\"[]{}@#|aAz09 \n";
        for (int round = 0; round < 400; round++) {
            StringBuilder text = new StringBuilder(SEED_PROGRAM);
            int edits = 1 + random.nextInt(3);
            for (int e = 0; e < edits; e++) {
                int at = random.nextInt(text.length());
                switch (random.nextInt(3)) {
                    case 0 -> text.deleteCharAt(at);
                    case 1 -> text.insert(at, text.charAt(at));
                    default -> text.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
                }
            }
            try {
                SemanticChecker.check(DatalogParser.parse(text.toString(), "fuzz.dl"));
            } catch (LeapfrogException expected) {
                // a user error or an unsupported feature, with a message: fine
            } catch (RuntimeException | StackOverflowError unexpected) {
                AssertionError error = new AssertionError("round " + round + ": " + unexpected + " for\n" + text);
                error.initCause(unexpected);
                fail(error);
            }
        }
    }

    @Test
    void seedProgramIsValid() {
        SemanticChecker.check(DatalogParser.parse(SEED_PROGRAM, "seed.dl"));
    }
}
