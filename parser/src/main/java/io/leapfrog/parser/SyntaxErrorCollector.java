package io.leapfrog.parser;

import io.leapfrog.common.SourceDiagnostic;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.NoViableAltException;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.Vocabulary;
import io.leapfrog.parser.grammar.DatalogLexer;
import org.antlr.v4.runtime.misc.IntervalSet;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects ANTLR lexer and parser errors as Souffle-style diagnostics with friendlier wording than
 * ANTLR's defaults ("expected '.' at end of clause" instead of "missing '.' at 'b'").
 */
final class SyntaxErrorCollector extends BaseErrorListener {
    /** Later errors are usually consequences of the first ones; keep the report readable. */
    private static final int MAX_ERRORS = 20;

    private final String file;
    private final String source;
    private final List<String> errors = new ArrayList<>();

    SyntaxErrorCollector(String file, String source) {
        this.file = file;
        this.source = source;
    }

    void unterminatedComment(Token comment) {
        errors.add(SourceDiagnostic.format(file, comment.getLine(), comment.getCharPositionInLine() + 1, "error",
                "unterminated comment. Close it with '*/'", source));
    }

    List<String> errors() {
        return errors;
    }

    @Override
    public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int column,
                            String antlrMessage, RecognitionException e) {
        if (errors.size() >= MAX_ERRORS) {
            return;
        }
        int col = column + 1;
        String message;
        if (recognizer instanceof Parser parser && offendingSymbol instanceof Token token) {
            IntervalSet expected = parser.getExpectedTokens();
            // For "no viable alternative" ANTLR's expected set belongs to the decision's start, not
            // to the place of the error, so it would mislead.
            message = e instanceof NoViableAltException ? unexpected(token)
                    : describe(parser, token, e != null ? e.getExpectedTokens() : expected);
            // A missing terminator is best shown right after the previous token, not at the start
            // of the next line where ANTLR noticed it.
            if (message.startsWith("expected") || token.getType() == Token.EOF) {
                Token previous = previousToken(parser.getInputStream(), token);
                if (previous != null && (previous.getLine() != token.getLine() || token.getType() == Token.EOF)) {
                    line = previous.getLine();
                    col = previous.getCharPositionInLine() + previous.getText().length() + 1;
                }
            }
        } else {
            message = lexerMessage(antlrMessage);
        }
        errors.add(SourceDiagnostic.format(file, line, col, "error", message, source));
    }

    private static String unexpected(Token token) {
        String special = special(token);
        return special != null ? special : "syntax error, unexpected " + found(token);
    }

    private static String found(Token token) {
        return token.getType() == Token.EOF ? "end of file" : "'" + token.getText() + "'";
    }

    private static String special(Token token) {
        if (token.getType() == DatalogLexer.UNKNOWN_CHAR) {
            if (token.getText().equals("\"")) {
                return "unterminated string. Close it with '\"' on the same line";
            }
            return "unexpected character " + shownChar(token.getText()) + ". Remove it or put it inside a string";
        }
        return null;
    }

    /** A character as text, or by its code point when it would not show (a byte-order mark, a control). */
    private static String shownChar(String text) {
        int c = text.codePointAt(0);
        int kind = Character.getType(c);
        boolean invisible = Character.isISOControl(c) || Character.isWhitespace(c) || Character.isSpaceChar(c)
                || kind == Character.FORMAT || kind == Character.UNASSIGNED || kind == Character.PRIVATE_USE;
        if (!invisible) {
            return "'" + text + "'";
        }
        return String.format("U+%04X", c) + (c == 0xFEFF ? " (a byte-order mark)" : "");
    }

    private static String describe(Parser parser, Token token, IntervalSet expected) {
        String found = found(token);
        if (special(token) != null) {
            return special(token);
        }
        if (expected.contains(DatalogLexer.IDENT) && expected.contains(literal(parser, "'!'"))) {
            return "expected an atom, a negation or a comparison, found " + found;
        }
        if (expected.contains(literal(parser, "'.'")) && expected.size() <= 8) {
            return "expected '.' at end of clause, found " + found;
        }
        if (expected.contains(DatalogLexer.IF) && expected.size() <= 3) {
            return "expected '.' or ':-' after the head, found " + found;
        }
        if (expected.contains(literal(parser, "')'")) && expected.size() <= 3) {
            return "expected ')' or ',', found " + found;
        }
        if (token.getType() == DatalogLexer.STRING && found.length() > 40) {
            found = found.substring(0, 37) + "...'";
        }
        if (expected.size() > 6) {
            return "syntax error, unexpected " + found;
        }
        List<String> wanted = new ArrayList<>();
        for (int type : expected.toArray()) {
            String name = tokenName(parser.getVocabulary(), type);
            if (!wanted.contains(name)) {
                wanted.add(name);
            }
        }
        return "syntax error, unexpected " + found + ", expected " + String.join(" or ", wanted);
    }

    /**
     * A token kind as a user reads it: its text in quotes where it has one ({@code ','}, {@code '}'}),
     * else what it stands for ("a name", "a string"); never a grammar-internal name.
     */
    static String tokenName(Vocabulary vocabulary, int type) {
        if (type == Token.EOF) {
            return "end of file";
        }
        String literal = vocabulary.getLiteralName(type);
        if (literal != null) {
            return literal;
        }
        return switch (type) {
            case DatalogLexer.IDENT -> "a name";
            case DatalogLexer.STRING -> "a string";
            case DatalogLexer.NUMBER -> "a number";
            case DatalogLexer.UNSIGNED -> "an unsigned number";
            case DatalogLexer.FLOAT -> "a float";
            case DatalogLexer.ADT_CONSTRUCTOR -> "a constructor ($Name)";
            case DatalogLexer.UNSUPPORTED_DIRECTIVE -> "a directive";
            case DatalogLexer.PREPROCESSOR -> "#include";
            default -> {
                String symbolic = vocabulary.getSymbolicName(type);
                yield symbolic == null ? "token " + type : "'" + symbolic.toLowerCase(java.util.Locale.ROOT)
                        .replace('_', ' ') + "'";
            }
        };
    }

    private static String lexerMessage(String antlrMessage) {
        // "token recognition error at: '"abc\n'"
        if (antlrMessage.contains("'\"")) {
            return "unterminated string literal. Close it with '\"' on the same line";
        }
        return antlrMessage.replace("token recognition error at:", "unexpected character");
    }

    private static int literal(Parser parser, String literal) {
        var vocabulary = parser.getVocabulary();
        for (int type = 1; type <= vocabulary.getMaxTokenType(); type++) {
            if (literal.equals(vocabulary.getLiteralName(type))) {
                return type;
            }
        }
        return -1;
    }

    private static Token previousToken(TokenStream tokens, Token token) {
        for (int i = token.getTokenIndex() - 1; i >= 0; i--) {
            Token candidate = tokens.get(i);
            if (candidate.getChannel() == Token.DEFAULT_CHANNEL) {
                return candidate;
            }
        }
        return null;
    }
}
