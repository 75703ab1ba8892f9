package io.leapfrog.parser;

import io.leapfrog.ast.Program;
import io.leapfrog.ast.SourcePos;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.parser.grammar.DatalogLexer;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ListTokenSource;
import org.antlr.v4.runtime.misc.ParseCancellationException;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.PredictionMode;

/**
 * Parses Souffle-dialect Datalog source text into a {@link Program}. All syntax errors of a file are
 * reported together in one {@link LeapfrogException}, each as {@code file:line:col: error: ...} with
 * the source line and a caret; a valid Souffle construct that Leapfrog does not implement raises
 * {@link io.leapfrog.common.NotSupportedException}.
 */
public final class DatalogParser {
    private DatalogParser() {
    }

    /** @param fileName used in positions and messages; {@code "<input>"} when null */
    public static Program parse(String source, String fileName) {
        return parse(source, fileName, ComponentScope.global());
    }

    /**
     * Parses the pieces of one program one after the other (a REPL session's statements), so that a
     * component defined in one piece can be instantiated in a later one.
     */
    public static final class Session {
        private final ComponentScope components = ComponentScope.global();

        public Program parse(String source, String fileName) {
            return DatalogParser.parse(source, fileName, components);
        }
    }

    private static Program parse(String source, String fileName, ComponentScope components) {
        return parse(source, fileName, components, true);
    }

    /** @param groundFacts build the plain facts from their tokens ({@link GroundFacts}); false: parse them too */
    static Program parse(String source, String fileName, ComponentScope components, boolean groundFacts) {
        if (fileName == null) {
            fileName = "<input>";
        }
        SyntaxErrorCollector errors = new SyntaxErrorCollector(fileName, source);
        DatalogLexer lexer = new DatalogLexer(CharStreams.fromString(source, fileName));
        lexer.removeErrorListeners();
        lexer.addErrorListener(errors);
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        tokens.fill();
        rejectUnsupportedDirectives(tokens, fileName, source);
        NestingLimit.check(tokens.getTokens(), fileName, source);
        for (Token token : tokens.getTokens()) {
            if (token.getType() == DatalogLexer.BLOCK_COMMENT && !token.getText().endsWith("*/")) {
                errors.unterminatedComment(token);
            }
        }

        // The plain facts are built from their tokens and the parser reads the rest, when that parses
        // as it is (SLL); otherwise the whole program is parsed, so that messages and recovery are the same.
        GroundFacts facts = groundFacts ? GroundFacts.split(tokens.getTokens()) : GroundFacts.NONE;
        io.leapfrog.parser.grammar.DatalogParser.ProgramContext tree = null;
        if (!facts.isEmpty()) {
            tree = sllTree(new CommonTokenStream(new ListTokenSource(facts.rest())));
            if (tree == null) {
                facts = GroundFacts.NONE;
                // a stream of its own: the one without the facts renumbered the tokens
                tokens = new CommonTokenStream(new ListTokenSource(tokens.getTokens()));
            }
        }
        if (tree == null) {
            tree = parseTree(tokens, errors);
        }
        if (!errors.errors().isEmpty()) {
            throw new LeapfrogException(String.join("\n", errors.errors()));
        }
        return new AstBuilder(fileName, source, components).build(tree, facts);
    }

    /**
     * The program's parse tree: first with SLL prediction, which decides every choice of this grammar on
     * valid input and is several times faster on large programs; on any syntax error, again from the
     * start with full LL prediction and error recovery, so that the messages are those of the LL parser.
     */
    private static io.leapfrog.parser.grammar.DatalogParser.ProgramContext parseTree(CommonTokenStream tokens,
                                                                                    SyntaxErrorCollector errors) {
        var tree = sllTree(tokens);
        if (tree == null) {
            tokens.seek(0);
            var parser = new io.leapfrog.parser.grammar.DatalogParser(tokens);
            parser.removeErrorListeners();
            parser.addErrorListener(errors);
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            tree = parser.program();
        }
        return tree;
    }

    /** The tokens' parse tree by SLL prediction, or null at the first syntax error (nothing reported). */
    private static io.leapfrog.parser.grammar.DatalogParser.ProgramContext sllTree(CommonTokenStream tokens) {
        var parser = new io.leapfrog.parser.grammar.DatalogParser(tokens);
        parser.removeErrorListeners();
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        parser.setErrorHandler(new BailErrorStrategy());
        try {
            return parser.program();
        } catch (ParseCancellationException e) {
            return null;
        }
    }

    /**
     * User functors, includes and the C preprocessor change what the rest of the file
     * means, so they are rejected before parsing rather than producing confusing syntax errors.
     */
    private static void rejectUnsupportedDirectives(CommonTokenStream tokens, String fileName, String source) {
        for (Token token : tokens.getTokens()) {
            if (token.getType() == DatalogLexer.UNSUPPORTED_DIRECTIVE) {
                String what = switch (token.getText()) {
                    case ".functor" -> "user-defined functors (.functor)";
                    default -> "the " + token.getText() + " directive";
                };
                throw Diagnostics.notSupported(pos(token, fileName), what, source);
            }
            if (token.getType() == DatalogLexer.PREPROCESSOR && INCLUDE.matcher(token.getText()).lookingAt()
                    && !WELL_FORMED_INCLUDE.matcher(token.getText()).matches()) {
                // a well-formed #include is expanded before parsing (the engine's Includes); this one cannot be
                throw Diagnostics.failure(pos(token, fileName), "malformed #include: write #include \"file.dl\" alone on"
                        + " its line (the path in double quotes, relative to this file's directory)", source);
            }
            if (token.getType() == DatalogLexer.PREPROCESSOR) {
                throw Diagnostics.notSupported(pos(token, fileName),
                        "C preprocessor lines (" + firstWord(token.getText()) + "); expand them with cpp first",
                        source);
            }
        }
    }

    private static final java.util.regex.Pattern INCLUDE = java.util.regex.Pattern.compile("#\\s*include\\b");
    private static final java.util.regex.Pattern WELL_FORMED_INCLUDE =
            java.util.regex.Pattern.compile("#\\s*include\\s+[\"<][^\">]+[\">]\\s*");

    private static String firstWord(String text) {
        int space = text.indexOf(' ');
        return space < 0 ? text : text.substring(0, space);
    }

    private static SourcePos pos(Token token, String fileName) {
        return new SourcePos(fileName, token.getLine(), token.getCharPositionInLine() + 1);
    }
}
