package io.leapfrog.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Souffle's enumerations (ADTs whose branches carry no values): their values are the symbols $Branch,
 * read and written as such, and they compare (and min/max) in the order the branches are declared,
 * whatever order the facts or rules meet them in.
 */
class EnumerationTest {
    @TempDir
    Path dir;

    @Test
    void branchesCompareInDeclarationOrder() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.facts("next", "$Tue\t$Wed", "$Mon\t$Tue", "$Wed\t$Thu");
        t.run("""
                .type Day = Mon {} | Tue {} | Wed {} | Thu {}
                .decl word(s:symbol)
                word("zebra"). word("$Thu").
                .decl next(a:Day, b:Day)
                .input next
                .decl before(a:Day, b:Day)
                .output before
                before(a, b) :- next(a, b).
                before(a, c) :- next(a, b), before(b, c).
                .decl early(d:Day)
                .output early
                early(d) :- next(d, _), d < $Wed.
                .decl last(d:Day, first:Day)
                .output last
                last(d, f) :- d = max x : next(_, x), f = min x : next(x, _).
                .decl named(d:Day)
                .output named
                named($Thu).
                """);
        assertEquals(List.of("$Mon\t$Thu", "$Mon\t$Tue", "$Mon\t$Wed", "$Tue\t$Thu", "$Tue\t$Wed", "$Wed\t$Thu"),
                t.output("before"));
        assertEquals(List.of("$Mon", "$Tue"), t.output("early"));
        assertEquals(List.of("$Thu\t$Mon"), t.output("last"));
        assertEquals(List.of("$Thu"), t.output("named"));
    }

    /**
     * A string constant is no value of an enumeration (Souffle: "Atom's argument type is not a subtype of
     * its declared type"), in a fact, a rule's head or body, or an aggregate's body; only $Branch is.
     */
    @Test
    void aStringConstantIsNoValueOfAnEnumeration() {
        EngineTestSupport t = new EngineTestSupport(dir);
        String[][] cases = {
                {"d(\"$Mon\").", "4:3: error: Type mismatch: attribute 1 of d is of the enumeration type Day, whose"
                        + " values are $Mon, $Tue, but \"$Mon\" is a symbol; write $Mon (no quotes)"},
                {"d(\"Wed\").", "4:3: error: Type mismatch: attribute 1 of d is of the enumeration type Day"},
                {"d($Mon). e(1) :- d(\"Mon\").\n.decl e(x:number)", "4:20: error: Type mismatch: attribute 1 of d"},
                {"d($Mon). e(n) :- n = count : { d(\"x\") }.\n.decl e(x:number)", "4:34: error: Type mismatch"}};
        for (String[] c : cases) {
            io.leapfrog.common.LeapfrogException e = org.junit.jupiter.api.Assertions.assertThrows(
                    io.leapfrog.common.LeapfrogException.class,
                    () -> t.run(".type Day = Mon {} | Tue {}\n.decl d(x:Day)\n.output d\n" + c[0] + "\n"), c[0]);
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("test.dl:" + c[1]), e.getMessage());
        }
    }

    @Test
    void aRuleCannotPutAnySymbolInAnEnumerationColumn() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        String program = ".type Day = Mon {} | Tue {}\n.decl d(x:Day)\n.output d\n.decl s(x:symbol)\n";
        // a symbol column's value and a constant bound by '=' both reach the Day column through a variable
        String[][] cases = {{"s(\"$Thu\"). s(\"$Mon\").\nd(x) :- s(x).", "6"}, {"d(x) :- x = \"$Thu\".", "5"}};
        for (String[] c : cases) {
            io.leapfrog.common.LeapfrogException e = org.junit.jupiter.api.Assertions.assertThrows(
                    io.leapfrog.common.LeapfrogException.class, () -> t.run(program + c[0] + "\n"), c[0]);
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("d got '$Thu' in column 1, which is not a"
                    + " value of its enumeration type (it holds $Mon, $Tue); from its rule at test.dl:" + c[1] + ":1"), e.getMessage());
        }
        // the values of the type pass, by a symbol column too
        t.run(program + "s(\"$Mon\"). s(\"$Tue\").\nd(x) :- s(x).\n");
        assertEquals(List.of("$Mon", "$Tue"), t.output("d"));
    }
}
