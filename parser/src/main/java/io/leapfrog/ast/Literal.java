package io.leapfrog.ast;

/** One conjunct of a rule body. */
public sealed interface Literal permits Literal.Positive, Literal.Negated, Literal.Comparison, Literal.BoolConst {
    SourcePos pos();

    /** A positive body atom. */
    record Positive(Atom atom, SourcePos pos) implements Literal { }

    /** {@code !rel(...)}: stratified negation. */
    record Negated(Atom atom, SourcePos pos) implements Literal { }

    /** A binary constraint between two expressions, e.g. {@code x < y}, {@code x = y + 1}. */
    record Comparison(CompOp op, Expr left, Expr right, SourcePos pos) implements Literal { }

    /** {@code true} or {@code false}. */
    record BoolConst(boolean value, SourcePos pos) implements Literal { }

    enum CompOp {
        EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");
        public final String symbol;
        CompOp(String symbol) { this.symbol = symbol; }
    }
}
