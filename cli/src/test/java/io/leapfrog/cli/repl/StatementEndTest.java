package io.leapfrog.cli.repl;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StatementEndTest {

    @Test
    void factsRulesAndQueriesEndWithADot() {
        assertTrue(StatementEnd.isComplete("edge(1, 2)."));
        assertTrue(StatementEnd.isComplete("path(x, z) :- path(x, y), edge(y, z).\n"));
        assertTrue(StatementEnd.isComplete("?- path(1, x)."));
        assertFalse(StatementEnd.isComplete("path(x, z) :- path(x, y),"));
        assertFalse(StatementEnd.isComplete("?- path(1, x)"));
    }

    @Test
    void sqlEndsWithASemicolonAndAnAtomNamedLikeAKeywordIsDatalog() {
        assertTrue(StatementEnd.isSql("SELECT 1"));
        assertTrue(StatementEnd.isSql("  with t as (select 1) select * from t;"));
        assertTrue(StatementEnd.isSql("values (1), (2);"));
        assertFalse(StatementEnd.isSql("select(1)."));
        assertFalse(StatementEnd.isSql("selection(x) :- e(x)."));
        assertFalse(StatementEnd.isSql("withdraw(x)."));
        assertFalse(StatementEnd.isComplete("SELECT x\n  FROM e"));
        assertFalse(StatementEnd.isComplete("SELECT x FROM e WHERE s = 'a.'"), "a SQL statement ends with ';', not '.'");
        assertTrue(StatementEnd.isComplete("SELECT x\n  FROM e;\n"));
        assertTrue(StatementEnd.isComplete("select(1)."));
    }

    @Test
    void aComponentGoesOnUntilItsBraceCloses() {
        assertFalse(StatementEnd.isComplete(".comp G<T> {"));
        assertFalse(StatementEnd.isComplete(".comp G<T> {\n  .decl e(x:T)\n  e(1)."), "a '.' inside the braces");
        assertTrue(StatementEnd.isComplete(".comp G<T> {\n  .decl e(x:T)\n  e(1).\n}"));
        assertTrue(StatementEnd.isComplete(".type Day = Mon {} | Tue {}"));
        assertFalse(StatementEnd.isComplete("n(c) :- c = count : {"));
        assertTrue(StatementEnd.isComplete("n(c) :- c = count : {\n e(_) }."));
        assertTrue(StatementEnd.isComplete("s(\"{\")."), "a brace in a string does not count");
    }

    @Test
    void aFinalDotEndsEvenAnUnbalancedStatementSoTheParserCanReportIt() {
        assertTrue(StatementEnd.isComplete("edge(1,."));
        assertFalse(StatementEnd.isComplete("edge(1,"));
    }

    @Test
    void directivesAndCommandsEndWithTheirLineOnceParenthesesClose() {
        assertTrue(StatementEnd.isComplete(".decl edge(x:number, y:number)"));
        assertTrue(StatementEnd.isComplete(".input edge"));
        assertTrue(StatementEnd.isComplete(".load queries/tc.dl"));
        assertFalse(StatementEnd.isComplete(".decl edge(x:number,"));
        assertTrue(StatementEnd.isComplete(".decl edge(x:number,\n y:number)"));
    }

    @Test
    void dotsAndParenthesesInStringsAndCommentsDoNotCount() {
        assertFalse(StatementEnd.isComplete("name(\"a.\""));
        assertTrue(StatementEnd.isComplete("name(\"a(\"). // ("), "a line comment is ignored");
        assertFalse(StatementEnd.isComplete("e(1, 2) // not yet."));
        assertFalse(StatementEnd.isComplete("e(1, 2). /* open comment"));
        assertTrue(StatementEnd.isComplete("e(1, /* ) */ 2)."));
        assertTrue(StatementEnd.isComplete("s(\"say \\\"hi.\\\"\")."));
    }

    @Test
    void blankInputIsCompleteAndBlank() {
        assertTrue(StatementEnd.isComplete("   \n"));
        assertTrue(StatementEnd.isBlank("  // just a comment\n/* and another */"));
        assertFalse(StatementEnd.isBlank("e(1)."));
    }
}
