package io.leapfrog.check;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.parser.DatalogParser;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StratificationTest {

    private static CheckedProgram check(String source) {
        return SemanticChecker.check(DatalogParser.parse(source, "s.dl"));
    }

    private static List<Set<String>> components(CheckedProgram program) {
        return program.strata().stream().map(Stratum::relations).toList();
    }

    private static int stratumOf(CheckedProgram program, String relation) {
        for (int i = 0; i < program.strata().size(); i++) {
            if (program.strata().get(i).relations().contains(relation)) {
                return i;
            }
        }
        throw new AssertionError(relation + " is in no stratum");
    }

    @Test
    void everyRelationIsInExactlyOneStratumAfterItsDependencies() {
        CheckedProgram program = check("""
                .decl c(x:number)
                .decl b(x:number)
                .decl a(x:number)
                a(1).
                b(x) :- a(x).
                c(x) :- b(x), a(x).
                """);
        assertEquals(List.of(Set.of("a"), Set.of("b"), Set.of("c")), components(program));
        assertFalse(program.strata().get(0).recursive());
        assertTrue(program.strata().get(0).rules().isEmpty(), "facts are not rules");
        assertEquals(1, program.strata().get(2).rules().size());
    }

    @Test
    void selfRecursionIsRecursive() {
        CheckedProgram program = check("""
                .decl edge(x:number, y:number)
                .decl path(x:number, y:number)
                edge(1, 2).
                path(x, y) :- edge(x, y).
                path(x, z) :- path(x, y), edge(y, z).
                """);
        Stratum path = program.strata().get(stratumOf(program, "path"));
        assertTrue(path.recursive());
        assertEquals(2, path.rules().size());
        assertTrue(stratumOf(program, "edge") < stratumOf(program, "path"));
    }

    @Test
    void mutualRecursionSharesAStratum() {
        CheckedProgram program = check("""
                .decl num(x:number)
                .decl even(x:number)
                .decl odd(x:number)
                num(0). num(1). num(2). num(3).
                even(0).
                odd(y) :- even(x), num(y), y = x + 1.
                even(y) :- odd(x), num(y), y = x + 1.
                """);
        int even = stratumOf(program, "even");
        assertEquals(even, stratumOf(program, "odd"));
        Stratum stratum = program.strata().get(even);
        assertEquals(Set.of("even", "odd"), stratum.relations());
        assertEquals(List.of("even", "odd"), List.copyOf(stratum.relations()), "declaration order");
        assertTrue(stratum.recursive());
        assertEquals(2, stratum.rules().size());
    }

    @Test
    void negationAcrossStrataIsOrdered() {
        CheckedProgram program = check("""
                .decl node(x:number)
                .decl edge(x:number, y:number)
                .decl reach(x:number)
                .decl unreachable(x:number)
                node(1). node(2). node(3).
                edge(1, 2).
                reach(1).
                reach(y) :- reach(x), edge(x, y).
                unreachable(x) :- node(x), !reach(x).
                """);
        assertTrue(stratumOf(program, "reach") < stratumOf(program, "unreachable"));
        assertFalse(program.strata().get(stratumOf(program, "unreachable")).recursive());
    }

    @Test
    void aggregateOverAnEarlierStratumIsFine() {
        CheckedProgram program = check("""
                .decl e(x:number)
                .decl total(n:number)
                e(1). e(2).
                total(n) :- n = sum x : e(x).
                """);
        assertTrue(stratumOf(program, "e") < stratumOf(program, "total"));
    }

    @Test
    void cycleThroughNegationIsRejectedAndNamed() {
        LeapfrogException error = assertThrows(LeapfrogException.class, () -> check("""
                .decl a(x:number)
                .decl b(x:number)
                .decl c(x:number)
                .decl base(x:number)
                base(1).
                a(x) :- base(x), !b(x).
                b(x) :- c(x).
                c(x) :- a(x).
                """));
        String first = error.getMessage().split("\n")[0];
        assertEquals("s.dl:6:18: error: Unable to stratify relation(s) {a,b,c}: a depends on b through negation "
                + "inside a recursive cycle (a -> !b -> c -> a). Break the cycle: a relation cannot depend on the "
                + "negation of itself", first);
    }

    @Test
    void selfNegationIsRejected() {
        LeapfrogException error = assertThrows(LeapfrogException.class, () -> check("""
                .decl base(x:number)
                .decl p(x:number)
                base(1).
                p(x) :- base(x), !p(x).
                """));
        assertTrue(error.getMessage().startsWith("s.dl:4:18: error: Unable to stratify relation(s) {p}"),
                error.getMessage());
    }

    @Test
    void cycleThroughAggregateInsideNegationOfBodyIsRejected() {
        LeapfrogException error = assertThrows(LeapfrogException.class, () -> check("""
                .decl p(x:number)
                .decl q(x:number)
                p(1).
                q(n) :- p(n).
                p(n) :- n = max x : { q(x) }, n < 10.
                """));
        assertTrue(error.getMessage().contains("through an aggregate"), error.getMessage());
    }

    @Test
    void relationsOnlyUsedInInputAreStillStratified() {
        CheckedProgram program = check("""
                .decl in(x:number)
                .input in
                .decl out(x:number)
                .output out
                out(x) :- in(x).
                """);
        assertEquals(List.of(Set.of("in"), Set.of("out")), components(program));
    }

    @Test
    void longChainDoesNotOverflowTheStack() {
        StringBuilder source = new StringBuilder(".decl r0(x:number)\nr0(1).\n");
        int n = 5000;
        for (int i = 1; i <= n; i++) {
            source.append(".decl r").append(i).append("(x:number)\n");
            source.append("r").append(i).append("(x) :- r").append(i - 1).append("(x).\n");
        }
        CheckedProgram program = check(source.toString());
        assertEquals(n + 1, program.strata().size());
        assertEquals(Set.of("r" + n), program.strata().get(n).relations());
    }
}
