package io.leapfrog.parser;

import io.leapfrog.parser.grammar.DatalogLexer;
import org.antlr.v4.runtime.Token;

import java.util.ArrayList;
import java.util.List;

/**
 * The plain facts of a program's top level, found in its tokens before parsing: statements of the form
 * {@code name(c1, ..., cn).} whose constants are unsigned integer literals or strings. A program of
 * millions of facts would otherwise spend most of its time and memory in the parse tree; these are built
 * straight from their tokens ({@link AstBuilder}), in their place among the other statements, and the
 * parser sees only the rest. Anything else (a negative or typed constant, a qualified name, several
 * heads, a fact inside a component, one right after a directive) is left to the parser.
 *
 * <p>A fact starts a statement when it opens the program or follows a {@code .} that ends a statement
 * after a {@code )}: a {@code .} after a name may be part of a qualified name ({@code A.b(1)}).
 */
final class GroundFacts {
    /** One fact: its relation's name token and its constants' tokens. */
    record Fact(Token name, List<Token> constants) {
        /** Where the fact starts in the program text (its characters, not the token stream's numbering). */
        int start() {
            return name.getStartIndex();
        }
    }

    /** No facts taken out: the parser reads every statement. */
    static final GroundFacts NONE = new GroundFacts(List.of(), List.of());

    private final List<Fact> facts;
    private final List<Token> rest;

    private GroundFacts(List<Fact> facts, List<Token> rest) {
        this.facts = facts;
        this.rest = rest;
    }

    /** The plain facts among {@code tokens} (the whole program, EOF last), and the other tokens in order. */
    static GroundFacts split(List<Token> tokens) {
        List<Fact> facts = new ArrayList<>();
        List<Token> rest = new ArrayList<>(tokens.size());
        Token previous = null;        // the last two tokens of the default channel
        Token beforePrevious = null;
        int depth = 0;                // inside a component's braces
        int i = 0;
        while (i < tokens.size()) {
            Token t = tokens.get(i);
            if (t.getChannel() != Token.DEFAULT_CHANNEL) {
                rest.add(t);
                i++;
                continue;
            }
            boolean startsStatement = previous == null
                    || is(previous, DOT) && beforePrevious != null && is(beforePrevious, RPAREN);
            int end = depth == 0 && startsStatement ? factEnd(tokens, i) : -1;
            if (end >= 0) {
                List<Token> constants = new ArrayList<>();
                for (int k = i + 2; k < end - 1; k += 2) {
                    constants.add(tokens.get(k));
                }
                facts.add(new Fact(t, List.copyOf(constants)));
                beforePrevious = tokens.get(end - 1);
                previous = tokens.get(end);
                i = end + 1;
                continue;
            }
            if (is(t, LBRACE)) {
                depth++;
            } else if (is(t, RBRACE)) {
                depth = Math.max(0, depth - 1);
            }
            rest.add(t);
            beforePrevious = previous;
            previous = t;
            i++;
        }
        return facts.isEmpty() ? NONE : new GroundFacts(facts, rest);
    }

    /**
     * Where the fact starting at {@code i} ends (the index of its final {@code .}), or -1 when the tokens
     * there are not {@code IDENT ( [constant {, constant}] ) .} on the default channel.
     */
    private static int factEnd(List<Token> tokens, int i) {
        if (tokens.get(i).getType() != DatalogLexer.IDENT || i + 1 >= tokens.size() || !is(tokens.get(i + 1), LPAREN)) {
            return -1;
        }
        int k = i + 2;
        if (k < tokens.size() && is(tokens.get(k), RPAREN)) {
            return k + 1 < tokens.size() && is(tokens.get(k + 1), DOT) ? k + 1 : -1;
        }
        while (k + 1 < tokens.size()) {
            int type = tokens.get(k).getType();
            if (type != DatalogLexer.NUMBER && type != DatalogLexer.STRING) {
                return -1;
            }
            Token after = tokens.get(k + 1);
            if (is(after, RPAREN)) {
                return k + 2 < tokens.size() && is(tokens.get(k + 2), DOT) ? k + 2 : -1;
            }
            if (!is(after, COMMA)) {
                return -1;
            }
            k += 2;
        }
        return -1;
    }

    private static final int LPAREN = literal("(");
    private static final int RPAREN = literal(")");
    private static final int COMMA = literal(",");
    private static final int DOT = literal(".");
    private static final int LBRACE = literal("{");
    private static final int RBRACE = literal("}");

    /** The token type the lexer gives the punctuation {@code text}. */
    private static int literal(String text) {
        for (int type = 1; type <= DatalogLexer.VOCABULARY.getMaxTokenType(); type++) {
            if (("'" + text + "'").equals(DatalogLexer.VOCABULARY.getLiteralName(type))) {
                return type;
            }
        }
        throw new IllegalStateException("the grammar has no token " + text);
    }

    private static boolean is(Token t, int type) {
        return t.getType() == type && t.getChannel() == Token.DEFAULT_CHANNEL;
    }

    boolean isEmpty() {
        return facts.isEmpty();
    }

    List<Fact> facts() {
        return facts;
    }

    /** The tokens of everything but the facts, EOF last. */
    List<Token> rest() {
        return rest;
    }
}
