package io.leapfrog.ast;

import java.util.List;

/** An argument or expression. Numbers are Souffle {@code number}s (signed 32-bit at run time). */
public sealed interface Expr permits Expr.Var, Expr.Wildcard, Expr.NumberConst, Expr.FloatConst, Expr.StringConst,
        Expr.Binary, Expr.Unary, Expr.Functor, Expr.Aggregate, Expr.Counter {
    SourcePos pos();

    /**
     * The expressions this one computes from, in order: an operator's operands, a functor's arguments;
     * none for the leaves and for an aggregate (its target and body are a scope of their own, which each
     * walk treats as it needs).
     */
    default List<Expr> operands() {
        if (this instanceof Binary b) {
            return List.of(b.left(), b.right());
        }
        if (this instanceof Unary u) {
            return List.of(u.operand());
        }
        if (this instanceof Functor f) {
            return f.args();
        }
        return List.of();
    }

    record Var(String name, SourcePos pos) implements Expr { }

    /** {@code _}: an anonymous variable, each occurrence distinct. */
    record Wildcard(SourcePos pos) implements Expr { }

    /**
     * An integer constant; {@code text} as written ({@code 42}, {@code -0x1F}, {@code 0b101}, {@code 5u}). A
     * plain one takes the type its context needs (a number, an unsigned or a float, as in Souffle); one
     * with the suffix {@code u} is an unsigned only. Souffle reads the text for the type it takes, so a
     * binary one is no float and a negative one (-0 too) no unsigned.
     */
    record NumberConst(long value, SourcePos pos, String text) implements Expr {
        public NumberConst(long value, SourcePos pos) {
            this(value, pos, Long.toString(value));
        }

        /** Written with the suffix {@code u}: an unsigned constant. */
        public boolean isUnsigned() {
            return text.endsWith("u");
        }
    }

    /** A float literal ({@code 2.5}; Souffle has no exponent in them): Souffle's {@code float}, 32 bits at run time. */
    record FloatConst(float value, SourcePos pos) implements Expr { }

    /** A string literal, already unescaped. */
    record StringConst(String value, SourcePos pos) implements Expr { }

    /** Arithmetic and bitwise/logical operators: + - * / % ^ band bor bxor bshl bshr bshru land lor lxor. */
    record Binary(String op, Expr left, Expr right, SourcePos pos) implements Expr { }

    /** Unary minus ({@code -}), {@code bnot}, {@code lnot}. */
    record Unary(String op, Expr operand, SourcePos pos) implements Expr { }

    /** Intrinsic functor call: cat, strlen, substr, contains, match, to_number, to_string, ord, min, max, ... */
    record Functor(String name, List<Expr> args, SourcePos pos) implements Expr { }

    /**
     * {@code count : { body }}, {@code sum x : { body }}, {@code min x : body-atom}, ... {@code target} is
     * null for count.
     */
    record Aggregate(AggKind kind, Expr target, List<Literal> body, SourcePos pos) implements Expr { }

    /** Souffle's {@code $} counter (autoincrement). */
    record Counter(SourcePos pos) implements Expr { }

    enum AggKind { COUNT, SUM, MIN, MAX, MEAN }
}
