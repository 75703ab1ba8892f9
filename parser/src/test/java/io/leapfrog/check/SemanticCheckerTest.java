package io.leapfrog.check;

import io.leapfrog.ast.Clause;
import io.leapfrog.ast.Directive;
import io.leapfrog.ast.Expr;
import io.leapfrog.ast.Literal;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.parser.DatalogParser;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SemanticCheckerTest {

    private static CheckedProgram check(String source) {
        return SemanticChecker.check(DatalogParser.parse(source, "c.dl"));
    }

    private static void assertFirstError(String source, String expectedStart) {
        String first = firstError(source);
        assertTrue(first.startsWith(expectedStart), "expected '" + expectedStart + "...' but got '" + first + "'");
    }

    private static String firstError(String source) {
        LeapfrogException error = assertThrows(LeapfrogException.class, () -> check(source));
        return error.getMessage().split("\n")[0];
    }

    @Test
    void relationInfoResolvesTypesAndDirectives() {
        CheckedProgram program = check("""
                .type Node <: symbol
                .type Weight = number
                .type Id = Small | Large
                .type Small <: number
                .type Large <: Small
                .decl edge(a:Node, b:Node, w:Weight, id:Id, u:unsigned)
                .input edge(filename="e.tsv")
                .decl reach(a:Node) output
                .decl size(n:number)
                .output size(IO=stdout)
                .printsize reach
                reach(a) :- edge(a, _, _, _, _).
                size(n) :- n = count : reach(_).
                """);
        assertEquals(List.of("edge", "reach", "size"), List.copyOf(program.relations().keySet()));
        RelationInfo edge = program.relation("edge");
        assertEquals(List.of(BaseType.SYMBOL, BaseType.SYMBOL, BaseType.NUMBER, BaseType.NUMBER, BaseType.UNSIGNED),
                edge.columnTypes());
        assertTrue(edge.isInput());
        assertFalse(edge.isOutput());
        assertEquals(Map.of("filename", "e.tsv"), edge.inputs().get(0).params());
        RelationInfo reach = program.relation("reach");
        assertTrue(reach.isOutput(), "the output qualifier counts as an output directive");
        assertEquals(List.of(new Directive(Directive.Kind.OUTPUT, "reach", Map.of(), reach.decl().pos())),
                reach.outputs());
        assertTrue(reach.isPrintSize());
        assertEquals(Map.of("IO", "stdout"), program.relation("size").outputs().get(0).params());
    }

    @Test
    void variableTypesAreDeducedPerClause() {
        CheckedProgram program = check("""
                .decl name(id:number, n:symbol)
                .decl label(s:symbol, len:number)
                label(s, len) :- name(_, n), s = cat(n, "!"), len = strlen(s) + 1.
                """);
        Clause rule = program.program().clauses().get(0);
        assertEquals(Map.of("n", BaseType.SYMBOL, "s", BaseType.SYMBOL, "len", BaseType.NUMBER),
                program.variableTypes(rule));
        Literal.Comparison cat = (Literal.Comparison) rule.body().get(1);
        assertEquals(BaseType.SYMBOL, program.typeOf(rule, cat.right()));
        Literal.Comparison length = (Literal.Comparison) rule.body().get(2);
        assertEquals(BaseType.NUMBER, program.typeOf(rule, length.right()));
    }

    @Test
    void aggregateScopesSeparateInjectedLocalAndWitnessVariables() {
        CheckedProgram program = check("""
                .decl a(g:symbol, x:number)
                .decl lowest(g:symbol, x:number)
                .decl best(g:symbol, x:number)
                lowest(g, m) :- a(g, _), m = min x : a(g, x).
                best(g, m) :- m = max x : a(g, x).
                """);
        Expr.Aggregate grouped = aggregateOf(program.program().clauses().get(0));
        assertEquals(new AggregateScope(Set.of("g"), Set.of("x"), Set.of()), program.aggregateScope(grouped));
        Expr.Aggregate witness = aggregateOf(program.program().clauses().get(1));
        assertEquals(new AggregateScope(Set.of(), Set.of("g", "x"), Set.of("g")), program.aggregateScope(witness));
    }

    @Test
    void aggregateResultVariableMayReuseALocalName() {
        // from Souffle's aggregates test: the inner Y is local, the outer Y is the result
        CheckedProgram program = check("""
                .decl a(n:symbol, x:number)
                .decl res(n:symbol, x:number)
                res("minAB+", Y) :- Y = min Z + Y : { a(A, Z), a(B, Y), A != B }.
                """);
        Expr.Aggregate aggregate = aggregateOf(program.program().clauses().get(0));
        assertEquals(Set.of(), program.aggregateScope(aggregate).injected());
        assertEquals(Set.of(), program.aggregateScope(aggregate).witnesses());
    }

    @Test
    void countAggregateDoesNotGroundItsBodyVariablesOutside() {
        assertEquals("c.dl:3:6: error: Ungrounded variable x. Bind it by using it in a positive atom of the body "
                + "or by 'x = <expression of bound variables>'", firstError("""
                .decl a(x:number)
                .decl r(x:number, n:number)
                r(n, x) :- n = count : a(x).
                """));
    }

    @Test
    void groundingThroughEqualityChains() {
        check("""
                .decl a(x:number)
                .decl r(x:number, y:number, z:number)
                r(x, y, z) :- z = y * 2, y = x + 1, a(x).
                """);
    }

    @Test
    void allErrorsAreReportedSortedByPosition() {
        LeapfrogException error = assertThrows(LeapfrogException.class, () -> check("""
                .decl a(x:number)
                a(x) :- b(x).
                a(x) :- a(x, x).
                .decl a(y:symbol)
                """));
        List<String> headers = error.getMessage().lines().filter(l -> l.startsWith("c.dl:")).toList();
        assertEquals(3, headers.size(), error.getMessage());
        assertTrue(headers.get(0).startsWith("c.dl:2:9: error: Undefined relation b"));
        assertTrue(headers.get(1).startsWith("c.dl:3:9: error: Mismatching arity of relation a"));
        assertTrue(headers.get(2).startsWith("c.dl:4:7: error: Redefinition of relation a"));
        assertTrue(error.getMessage().endsWith("3 errors"));
    }

    @Test
    void singletonVariableIsAWarning() {
        CheckedProgram program = check("""
                .decl e(x:number, y:number)
                .decl s(x:number)
                e(1, 2).
                s(x) :- e(x, y), e(x, _unused).
                """);
        assertEquals(1, program.warnings().size(), program.warnings().toString());
        assertTrue(program.warnings().get(0).startsWith("c.dl:4:14: warning: Variable y only occurs once"));
    }

    @Test
    void relationWithoutRulesOrFactsIsAWarning() {
        CheckedProgram program = check("""
                .decl e(x:number)
                .decl s(x:number)
                s(x) :- e(x).
                """);
        assertEquals(List.of("c.dl:1:7: warning: No rules/facts defined for relation e"),
                program.warnings().stream().map(w -> w.split("\n")[0]).toList());
    }

    @Test
    void parserWarningsAreKept() {
        CheckedProgram program = check(".pragma \"magic-transform\" \"*\"\n.decl a(x:number)\na(1).\n");
        assertTrue(program.warnings().get(0).startsWith("c.dl:1:1: warning: .pragma is ignored"));
    }

    @Test
    void typeChecksOfConstantsAndExpressions() {
        assertFirstError(".decl s(x:symbol)\ns(1).", "c.dl:2:3: error: Type mismatch: attribute 1 of s");
        assertFirstError(".decl a(x:number)\n.decl s(x:symbol)\na(n) :- s(x), n = x * 2.", "c.dl:3:19: error: Type mismatch: operator * needs numbers");
        assertFirstError(".decl a(x:symbol)\n.decl n(x:number)\na(s) :- n(x), s = cat(x, \"a\").", "c.dl:3:23: error: Type mismatch: argument 1 of cat must be a symbol");
        assertFirstError(".decl a(x:number)\n.decl s(x:symbol)\na(n) :- s(x), n = sum x : s(x).", "c.dl:3:23: error: Type mismatch: sum needs numbers");
        assertFirstError(".decl a(x:number)\n.decl s(x:symbol)\na(1) :- s(x), x < 1.", "c.dl:3:17: error: Type mismatch: cannot compare a symbol");
        assertFirstError(".decl a(x:number)\n.decl s(x:symbol)\na(x) :- s(x).", "c.dl:3:11: error: Type mismatch: variable x is used as a number and as a symbol (s attribute 1)");
    }

    @Test
    void subtypesOfTheSameBaseTypeMix() {
        check("""
                .type A <: number
                .type B <: number
                .decl a(x:A)
                .decl b(x:B)
                a(1).
                b(x) :- a(x), x < 5.
                """);
    }

    /** A constant with the suffix u is an unsigned only (Souffle: "Unsigned constant (type mismatch)"). */
    @Test
    void unsignedConstantsTakeNoOtherType() {
        assertFirstError(".decl a(x:number)\na(5u).", "c.dl:2:3: error: Type mismatch: attribute 1 of a is a number, but 5u is an unsigned");
        assertFirstError(".decl a(x:float)\na(5u).", "c.dl:2:3: error: Type mismatch: attribute 1 of a is a float, but 5u is an unsigned");
        assertFirstError(".decl a(x:number)\n.decl b(x:number)\nb(x) :- a(x), x < 5u.", "c.dl:3:17: error: Type mismatch: cannot compare a number");
        check(".decl a(x:unsigned)\n.decl b(x:unsigned)\na(5u).\nb(x) :- a(x), x < 5u, x != 7.");
    }

    @Test
    void undefinedAndCyclicTypes() {
        assertFirstError(".type T = U\n.decl a(x:T)", "c.dl:1:7: error: Undefined type U in definition of type T");
        assertTrue(firstError(".type T = U\n.type U = T\n.decl a(x:T)").contains("is defined in terms of itself"));
        assertFirstError(".type number <: symbol", "c.dl:1:7: error: Redefinition of predefined type number");
    }

    @Test
    void wildcardsOutsideAtomsAreRejected() {
        assertFirstError(".decl a(x:number)\na(1) :- a(x), x < _.", "c.dl:2:19: error: Underscore in a comparison");
    }

    @Test
    void functorArgumentCountsAreChecked() {
        assertFirstError(".decl a(x:symbol)\na(x) :- a(y), x = substr(y, 1).", "c.dl:2:19: error: Functor substr takes 3 arguments, not 2");
        assertFirstError(".decl a(x:number)\na(x) :- a(y), x = max(y).", "c.dl:2:19: error: Functor max takes at least 2 arguments, not 1");
    }

    @Test
    void directivesOnUndeclaredRelations() {
        assertFirstError(".input nothere", "c.dl:1:8: error: Undefined relation nothere in .input");
        assertFirstError(".printsize nothere", "c.dl:1:12: error: Undefined relation nothere in .printsize");
    }

    @Test
    void factsMustBeGround() {
        assertFirstError(".decl a(x:number)\na(x).", "c.dl:2:3: error: Argument in fact is not constant: variable x");
        check(".decl a(x:number)\na(1 + 2 * 3).\n");
        assertFirstError(".decl a(x:number)\n.decl b(x:number)\nb(1).\na(count : b(_)).",
                "c.dl:4:3: error: Aggregate in a fact. Write it as a rule");
    }

    @Test
    void programsAssembledFromSeveralSourcesQuoteTheRightLine() {
        String first = ".decl a(x:number)\na(1).\n";
        String second = "a(x) :- b(x).\n";
        io.leapfrog.ast.Program one = DatalogParser.parse(first, "one.dl");
        io.leapfrog.ast.Program two = DatalogParser.parse(second, "two.dl");
        io.leapfrog.ast.Program merged = new io.leapfrog.ast.Program(one.types(), one.relations(), one.directives(),
                java.util.stream.Stream.concat(one.clauses().stream(), two.clauses().stream()).toList(),
                List.of(), null);
        LeapfrogException error = assertThrows(LeapfrogException.class,
                () -> SemanticChecker.check(merged, Map.of("one.dl", first, "two.dl", second)));
        assertEquals("two.dl:1:9: error: Undefined relation b. Declare it with .decl b(...)\n"
                + "a(x) :- b(x).\n        ^", error.getMessage());
    }

    private static Expr.Aggregate aggregateOf(Clause clause) {
        for (Literal literal : clause.body()) {
            if (literal instanceof Literal.Comparison comparison && comparison.right() instanceof Expr.Aggregate a) {
                return a;
            }
        }
        throw new AssertionError("no aggregate in " + clause);
    }
}
