package io.leapfrog.parser;

import io.leapfrog.ast.Atom;
import io.leapfrog.ast.Clause;
import io.leapfrog.ast.Directive;
import io.leapfrog.ast.Expr;
import io.leapfrog.ast.Literal;
import io.leapfrog.ast.Program;
import io.leapfrog.ast.RelationDecl;
import io.leapfrog.ast.SourcePos;
import io.leapfrog.ast.TypeDecl;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.NotSupportedException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One test per construct of the dialect: what the parser builds from it. */
class DatalogParserTest {

    private static Program parse(String source) {
        return DatalogParser.parse(source, "t.dl");
    }

    /** The body of the only rule of {@code source}. */
    private static List<Literal> body(String source) {
        List<Clause> clauses = parse(source).clauses();
        assertEquals(1, clauses.size(), "clauses: " + clauses);
        return clauses.get(0).body();
    }

    /** The right-hand side of {@code x = <expr>} in a one-literal rule body. */
    private static Expr rhs(String expr) {
        Literal literal = body("a(x) :- x = " + expr + ".").get(0);
        return ((Literal.Comparison) literal).right();
    }

    private static long number(Expr expr) {
        return ((Expr.NumberConst) expr).value();
    }

    @Test
    void filterQualifierWithAndWithoutOptions() {
        Program program = parse("""
                .decl a(x:number) filter
                .decl b(x:number, s:symbol) output filter(fpr=0.001, kind=sqf)
                .decl c(x:number) filter(kind=RSQF, fpr=0.25) input
                """);
        RelationDecl a = program.relations().get(0);
        assertEquals(new io.leapfrog.ast.FilterSpec(0.01, io.leapfrog.ast.FilterSpec.Kind.RSQF,
                new SourcePos("t.dl", 1, 19)), a.filter());
        RelationDecl b = program.relations().get(1);
        assertEquals(0.001, b.filter().fpr());
        assertEquals(io.leapfrog.ast.FilterSpec.Kind.SQF, b.filter().kind());
        assertEquals(Set.of("output", "filter"), b.qualifiers());
        RelationDecl c = program.relations().get(2);
        assertEquals(0.25, c.filter().fpr());
        assertEquals(Set.of("input", "filter"), c.qualifiers());
        assertNull(parse(".decl d(x:number) btree\n").relations().get(0).filter());
    }

    @Test
    void declarationWithAttributesAndQualifiers() {
        Program program = parse(".decl edge(src:number, dst:symbol) output btree\n");
        RelationDecl decl = program.relations().get(0);
        assertEquals("edge", decl.name());
        assertEquals(2, decl.arity());
        assertEquals("src", decl.attributes().get(0).name());
        assertEquals("symbol", decl.attributes().get(1).type());
        assertEquals(Set.of("output", "btree"), decl.qualifiers());
        assertEquals(new SourcePos("t.dl", 1, 7), decl.pos());
    }

    @Test
    void declarationOfSeveralRelations() {
        Program program = parse(".decl a, b(x:number)");
        assertEquals(List.of("a", "b"), program.relations().stream().map(RelationDecl::name).toList());
        assertEquals(1, program.relations().get(1).arity());
    }

    @Test
    void nullaryDeclarationAndAtom() {
        Program program = parse(".decl flag()\nflag().");
        assertEquals(0, program.relations().get(0).arity());
        assertEquals(0, program.clauses().get(0).head().arity());
    }

    @Test
    void typeDeclarations() {
        Program program = parse("""
                .type Node <: symbol
                .type Id = number
                .type Any = Node | Other
                .number_type Old
                .symbol_type OldS
                """);
        List<TypeDecl> types = program.types();
        assertEquals(new TypeDecl("Node", TypeDecl.Kind.SUBTYPE, List.of("symbol"), new SourcePos("t.dl", 1, 7)),
                types.get(0));
        assertEquals(TypeDecl.Kind.ALIAS, types.get(1).kind());
        assertEquals(List.of("number"), types.get(1).bases());
        assertEquals(TypeDecl.Kind.UNION, types.get(2).kind());
        assertEquals(List.of("Node", "Other"), types.get(2).bases());
        assertEquals(List.of("number"), types.get(3).bases());
        assertEquals(List.of("symbol"), types.get(4).bases());
    }

    @Test
    void inputDirectiveWithParameters() {
        Program program = parse(".input edge(IO=file, filename=\"e\\\\dges.tsv\", delimiter=\",\", headers=true, fact-dir=\"d\")");
        Directive directive = program.directives().get(0);
        assertEquals(Directive.Kind.INPUT, directive.kind());
        assertEquals("edge", directive.relation());
        assertEquals(Map.of("IO", "file", "filename", "e\\dges.tsv", "delimiter", ",", "headers", "true", "fact-dir", "d"),
                directive.params());
    }

    @Test
    void outputDirectiveNamingSeveralRelationsIsSplit() {
        Program program = parse(".output a, b()\n.printsize c");
        List<Directive> directives = program.directives();
        assertEquals(3, directives.size());
        assertEquals("a", directives.get(0).relation());
        assertEquals("b", directives.get(1).relation());
        assertEquals(Directive.Kind.OUTPUT, directives.get(1).kind());
        assertEquals(Directive.Kind.PRINTSIZE, directives.get(2).kind());
        assertEquals(Map.of(), directives.get(2).params());
    }

    @Test
    void factsWithConstants() {
        Clause fact = parse("r(1, \"a\", -7, 0x1F, 0b101, 0xFFFFFFFF, -2147483648, 5u).").clauses().get(0);
        assertTrue(fact.isFact());
        List<Expr> args = fact.head().args();
        assertEquals(1, number(args.get(0)));
        assertEquals("a", ((Expr.StringConst) args.get(1)).value());
        assertEquals(-7, number(args.get(2)));
        assertEquals(31, number(args.get(3)));
        assertEquals(5, number(args.get(4)));
        assertEquals(4294967295L, number(args.get(5)), "hexadecimal constants are values, as Souffle reads them");
        assertEquals(Integer.MIN_VALUE, number(args.get(6)));
        assertEquals(5, number(args.get(7)));
    }

    @Test
    void stringEscapesAreResolved() {
        Clause fact = parse("r(\"a\\\"b\", \"tab\\there\", \"back\\\\slash\", \"\\\\d+\", \"\").").clauses().get(0);
        List<Expr> args = fact.head().args();
        assertEquals("a\"b", ((Expr.StringConst) args.get(0)).value());
        assertEquals("tab\there", ((Expr.StringConst) args.get(1)).value());
        assertEquals("back\\slash", ((Expr.StringConst) args.get(2)).value());
        assertEquals("\\d+", ((Expr.StringConst) args.get(3)).value());
        assertEquals("", ((Expr.StringConst) args.get(4)).value());
    }

    /** Souffle unescapes IO parameters again (\" \t \r \n, in turn): "\\t" is a tab there, as "\t" is. */
    @Test
    void ioParametersAreUnescapedTwiceAsSouffleDoes() {
        Map<String, String> params = parse(".input e(delimiter=\"\\\\t\", filename=\"a\\\\nb\\\\x\", x=\"\\\\\\\\t\")")
                .directives().get(0).params();
        assertEquals(Map.of("delimiter", "\t", "filename", "a\nb\\x", "x", "\\\t"), params);
    }

    /** Souffle's lexer refuses any other escape ("Unknown escape sequence"), in a constant and in a parameter. */
    @Test
    void unknownStringEscapesAreErrorsAtTheBackslash() {
        for (String[] c : new String[][]{{"r(\"a\\db\").", "t.dl:1:5: error: unknown escape sequence \\d"},
                {"r(\"\u00e9\\x41\").", "t.dl:1:5: error: unknown escape sequence \\x"},
                {".input e(filename=\"C:\\data\")", "t.dl:1:22: error: unknown escape sequence \\d"}}) {
            LeapfrogException e = assertThrows(LeapfrogException.class, () -> parse(c[0]), c[0]);
            assertTrue(e.getMessage().startsWith(c[1]), e.getMessage());
        }
    }

    @Test
    void ruleWithSeveralAtomsWildcardAndPositions() {
        List<Clause> clauses = parse("path(x, z) :-\n  edge(x, y),\n  path(y, z), other(_, z).").clauses();
        Clause rule = clauses.get(0);
        assertEquals("path", rule.head().relation());
        assertEquals(new SourcePos("t.dl", 1, 1), rule.pos());
        assertEquals(3, rule.body().size());
        Atom edge = ((Literal.Positive) rule.body().get(0)).atom();
        assertEquals(new SourcePos("t.dl", 2, 3), edge.pos());
        assertEquals(new Expr.Var("y", new SourcePos("t.dl", 2, 11)), edge.args().get(1));
        Atom other = ((Literal.Positive) rule.body().get(2)).atom();
        assertInstanceOf(Expr.Wildcard.class, other.args().get(0));
    }

    @Test
    void negationPointsAtTheBang() {
        Literal literal = body("a(x) :- b(x), !c(x).").get(1);
        Literal.Negated negated = assertInstanceOf(Literal.Negated.class, literal);
        assertEquals("c", negated.atom().relation());
        assertEquals(15, negated.pos().column());
    }

    @Test
    void allComparisonOperators() {
        List<Literal> literals = body("a(x) :- b(x), x = 1, x != 2, x < 3, x <= 4, x > 5, x >= 6.");
        List<Literal.CompOp> ops = literals.subList(1, 7).stream()
                .map(l -> ((Literal.Comparison) l).op()).toList();
        assertEquals(List.of(Literal.CompOp.EQ, Literal.CompOp.NE, Literal.CompOp.LT, Literal.CompOp.LE,
                Literal.CompOp.GT, Literal.CompOp.GE), ops);
    }

    @Test
    void arithmeticPrecedenceAndAssociativity() {
        // 1 + 2 * 3 ^ 2 ^ 2  ==  1 + (2 * (3 ^ (2 ^ 2)))
        Expr.Binary sum = (Expr.Binary) rhs("1 + 2 * 3 ^ 2 ^ 2");
        assertEquals("+", sum.op());
        Expr.Binary product = (Expr.Binary) sum.right();
        assertEquals("*", product.op());
        Expr.Binary power = (Expr.Binary) product.right();
        assertEquals("^", power.op());
        assertEquals(3, number(power.left()));
        assertEquals("^", ((Expr.Binary) power.right()).op(), "^ is right-associative");
        // 10 - 4 - 3 == (10 - 4) - 3
        Expr.Binary difference = (Expr.Binary) rhs("10 - 4 - 3");
        assertEquals("-", ((Expr.Binary) difference.left()).op());
        assertEquals(3, number(difference.right()));
        // (1 + 2) * 3
        Expr.Binary grouped = (Expr.Binary) rhs("(1 + 2) * 3");
        assertEquals("*", grouped.op());
        assertEquals("%", ((Expr.Binary) rhs("7 % 2")).op());
        assertEquals("/", ((Expr.Binary) rhs("7 / 2")).op());
    }

    @Test
    void unaryMinus() {
        Expr.Unary negation = (Expr.Unary) rhs("-(y)");
        assertEquals("-", negation.op());
        assertEquals(-5, number(rhs("-5")));
        // -x ^ 2 == -(x ^ 2), as in Souffle
        Expr.Unary negatedPower = (Expr.Unary) rhs("-y ^ 2");
        assertEquals("^", ((Expr.Binary) negatedPower.operand()).op());
    }

    @Test
    void bitwiseAndLogicalOperators() {
        for (String op : List.of("band", "bor", "bxor", "bshl", "bshr", "bshru", "land", "lor", "lxor")) {
            assertEquals(op, ((Expr.Binary) rhs("y " + op + " 3")).op());
        }
        assertEquals("bnot", ((Expr.Unary) rhs("bnot y")).op());
        assertEquals("lnot", ((Expr.Unary) rhs("lnot y")).op());
        // band binds tighter than bor: 1 bor 2 band 3 == 1 bor (2 band 3)
        Expr.Binary or = (Expr.Binary) rhs("1 bor 2 band 3");
        assertEquals("bor", or.op());
        assertEquals("band", ((Expr.Binary) or.right()).op());
    }

    @Test
    void functors() {
        Expr.Functor cat = (Expr.Functor) rhs("cat(s, \"x\", t)");
        assertEquals("cat", cat.name());
        assertEquals(3, cat.args().size());
        for (String name : List.of("strlen", "to_number", "to_string", "ord")) {
            assertEquals(name, ((Expr.Functor) rhs(name + "(s)")).name());
        }
        assertEquals(3, ((Expr.Functor) rhs("substr(s, 0, 2)")).args().size());
        Expr.Functor min = (Expr.Functor) rhs("min(y, 3, z)");
        assertEquals("min", min.name());
        assertEquals(3, min.args().size());
        assertEquals("max", ((Expr.Functor) rhs("max(y, z)")).name());
        assertEquals("anything", ((Expr.Functor) rhs("anything(y)")).name(), "unknown functors are left to the checker");
    }

    @Test
    void matchAndContainsAreConstraints() {
        Literal.Comparison match = (Literal.Comparison) body("a(x) :- s(x), match(\"a.*\", x).").get(1);
        assertEquals(Literal.CompOp.NE, match.op());
        assertEquals("match", ((Expr.Functor) match.left()).name());
        assertEquals(0, number(match.right()));
        Literal.Comparison notContains = (Literal.Comparison) body("a(x) :- s(x), !contains(\"a\", x).").get(1);
        assertEquals(Literal.CompOp.EQ, notContains.op(), "a negated constraint is required to be false");
    }

    @Test
    void aggregates() {
        Expr.Aggregate count = (Expr.Aggregate) rhs("count : { b(_, _) }");
        assertEquals(Expr.AggKind.COUNT, count.kind());
        assertNull(count.target());
        Expr.Aggregate sum = (Expr.Aggregate) rhs("sum y : { b(y, z), z > 2 }");
        assertEquals(Expr.AggKind.SUM, sum.kind());
        assertEquals("y", ((Expr.Var) sum.target()).name());
        assertEquals(2, sum.body().size());
        Expr.Aggregate min = (Expr.Aggregate) rhs("min y : b(y, _)");
        assertEquals(Expr.AggKind.MIN, min.kind());
        assertEquals(1, min.body().size());
        assertEquals(Expr.AggKind.MAX, ((Expr.Aggregate) rhs("max y + 1 : b(y, _)")).kind());
        Expr.Aggregate mean = (Expr.Aggregate) rhs("mean y : { b(y, _) }");
        assertEquals(Expr.AggKind.MEAN, mean.kind());
        Expr.Aggregate countAtom = (Expr.Aggregate) rhs("count : b(_, _)");
        assertEquals("b", ((Literal.Positive) countAtom.body().get(0)).atom().relation());
    }

    @Test
    void counterAndBooleans() {
        assertInstanceOf(Expr.Counter.class, parse("id($).").clauses().get(0).head().args().get(0));
        assertInstanceOf(Expr.Counter.class, parse("id(autoinc()).").clauses().get(0).head().args().get(0));
        List<Literal> literals = body("a(x) :- b(x), true, !false.");
        assertEquals(new Literal.BoolConst(true, new SourcePos("t.dl", 1, 15)), literals.get(1));
        assertTrue(((Literal.BoolConst) literals.get(2)).value());
    }

    @Test
    void disjunctionExpandsIntoClauses() {
        List<Clause> clauses = parse("a(x) :- b(x), (c(x) ; d(x)), e(x) ; f(x).").clauses();
        assertEquals(3, clauses.size());
        assertEquals(List.of("b", "c", "e"), relations(clauses.get(0)));
        assertEquals(List.of("b", "d", "e"), relations(clauses.get(1)));
        assertEquals(List.of("f"), relations(clauses.get(2)));
    }

    @Test
    void negatedGroupUsesDeMorgan() {
        List<Clause> clauses = parse("a(x) :- b(x), !(c(x), x < 3).").clauses();
        assertEquals(2, clauses.size());
        assertInstanceOf(Literal.Negated.class, clauses.get(0).body().get(1));
        Literal.Comparison flipped = (Literal.Comparison) clauses.get(1).body().get(1);
        assertEquals(Literal.CompOp.GE, flipped.op());
    }

    @Test
    void multiHeadRuleExpands() {
        List<Clause> clauses = parse("a(x), b(x) :- c(x) ; d(x).").clauses();
        assertEquals(4, clauses.size());
        assertEquals(List.of("a", "a", "b", "b"), clauses.stream().map(c -> c.head().relation()).toList());
    }

    @Test
    void commentsAreIgnored() {
        Program program = parse("// line comment\n/* block\n comment */ .decl a(x:number) // trailing\na(1). /* x */");
        assertEquals(1, program.relations().size());
        assertEquals(1, program.clauses().size());
        assertEquals(4, program.clauses().get(0).pos().line());
    }

    @Test
    void pragmaAndPlanAreIgnoredWithWarnings() {
        Program program = parse(".pragma \"legacy\" \"true\"\n.decl a(x:number)\na(x) :- a(x).\n.plan 0:(1)");
        assertEquals(2, program.warnings().size());
        assertTrue(program.warnings().get(0).startsWith("t.dl:1:1: warning: .pragma is ignored"));
        assertTrue(program.warnings().get(1).startsWith("t.dl:4:1: warning: .plan is ignored"));
        assertEquals(1, program.clauses().size());
    }

    @Test
    void sourceTextIsKept() {
        String source = ".decl a(x:number)\n";
        assertEquals(source, parse(source).source());
    }

    @Test
    void allSyntaxErrorsAreReportedTogether() {
        LeapfrogException error = assertThrows(LeapfrogException.class,
                () -> parse(".decl a(x:number)\na(1)\na(2).\na(3) :- .\n"));
        String[] lines = error.getMessage().split("\n");
        assertEquals("t.dl:2:5: error: expected '.' at end of clause, found 'a'", lines[0]);
        assertEquals("a(1)", lines[1]);
        assertEquals("    ^", lines[2]);
        assertTrue(error.getMessage().contains("t.dl:4:9: error: expected an atom, a negation or a comparison"),
                error.getMessage());
    }

    @Test
    void unexpectedEndOfFile() {
        LeapfrogException error = assertThrows(LeapfrogException.class, () -> parse("a(1) :- b(1)"));
        assertTrue(error.getMessage().startsWith("t.dl:1:13: error: expected '.' at end of clause, found end of file"),
                error.getMessage());
    }

    @Test
    void caretFollowsTabs() {
        LeapfrogException error = assertThrows(LeapfrogException.class, () -> parse("\ta(1) :- b(1) ? c(1)."));
        String[] lines = error.getMessage().split("\n");
        assertEquals("\t             ^", lines[2]);
    }

    @Test
    void unsupportedConstructsAreRejectedWithPosition() {
        NotSupportedException error = assertThrows(NotSupportedException.class,
                () -> parse(".decl a(x:number)\na(x) :- a(y), x = @f(y)."));
        assertTrue(error.getMessage().startsWith("not supported: user-defined functors (@f)"), error.getMessage());
        assertTrue(error.getMessage().contains("t.dl:2:19"), error.getMessage());
        assertThrows(NotSupportedException.class, () -> parse("a(x) :- b(x), x = @f(x)."));
        assertThrows(NotSupportedException.class, () -> parse("a(x) :- b(x), x = $C(1)."));
        assertThrows(NotSupportedException.class, () -> parse("a(x) :- x = count : { b(x) ; c(x) }."));
    }

    @Test
    void countTakesNoTargetAndSumNeedsOne() {
        LeapfrogException count = assertThrows(LeapfrogException.class, () -> parse("a(x) :- x = count y : b(y)."));
        assertTrue(count.getMessage().startsWith("t.dl:1:19: error: count takes no target expression"),
                count.getMessage());
        LeapfrogException sum = assertThrows(LeapfrogException.class, () -> parse("a(x) :- x = sum : b(_)."));
        assertTrue(sum.getMessage().startsWith("t.dl:1:13: error: sum needs a target expression"), sum.getMessage());
    }

    private static List<String> relations(Clause clause) {
        return clause.body().stream().map(l -> ((Literal.Positive) l).atom().relation()).toList();
    }
}
