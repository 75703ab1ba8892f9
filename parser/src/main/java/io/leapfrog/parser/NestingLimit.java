package io.leapfrog.parser;

import io.leapfrog.ast.SourcePos;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.parser.grammar.DatalogLexer;
import org.antlr.v4.runtime.Token;

import java.util.List;

/**
 * Refuses, before parsing, a program whose expressions nest deeper than {@link #MAX_DEPTH}.
 *
 * <p>The parser, the checks and the evaluator walk expression trees recursively, so a tree deeper than
 * the threads' stacks allow would end in a stack overflow somewhere in the pipeline. The depth is bounded
 * from the tokens alone: each open bracket adds a level, and each operator adds one within its bracket
 * (a chain {@code 1+1+...+1} of n operators is a tree n deep); a comma or semicolon ends an argument and
 * with it the count of its bracket. The bound is never below the tree's depth, so a program within it
 * parses, and one past it gets an error at the token where the bound was passed.
 */
final class NestingLimit {

    /** Deepest expression nesting accepted; the command line's threads have the stack it needs. */
    static final int MAX_DEPTH = 10_000;

    private NestingLimit() {
    }

    static void check(List<Token> tokens, String fileName, String source) {
        int[] operators = new int[16]; // operators[d]: operators seen in the open bracket at depth d
        int depth = 0;
        long nested = 0; // depth + the sum of operators[0..depth]
        for (Token token : tokens) {
            if (token.getChannel() != Token.DEFAULT_CHANNEL) {
                continue;
            }
            String text = token.getText();
            if (text.equals("(") || text.equals("[") || text.equals("{")) {
                depth++;
                if (depth == operators.length) {
                    operators = java.util.Arrays.copyOf(operators, depth * 2);
                }
                operators[depth] = 0;
                nested++;
            } else if (text.equals(")") || text.equals("]") || text.equals("}")) {
                if (depth > 0) {
                    nested -= operators[depth] + 1;
                    depth--;
                }
            } else if (text.equals(",") || text.equals(";")) {
                nested -= operators[depth];
                operators[depth] = 0;
            } else if (text.equals(".") && depth == 0) {
                nested = 0;
                operators[0] = 0;
            } else if (isOperator(token)) {
                operators[depth]++;
                nested++;
            }
            if (nested > MAX_DEPTH) {
                throw new LeapfrogException(Diagnostics.error(
                        new SourcePos(fileName, token.getLine(), token.getCharPositionInLine() + 1),
                        "expression nested more than " + MAX_DEPTH
                                + " levels deep (brackets and operators); split it into smaller"
                                + " expressions through variables of the rule body", source));
            }
        }
    }

    private static boolean isOperator(Token token) {
        return switch (token.getType()) {
            case DatalogLexer.BAND, DatalogLexer.BOR, DatalogLexer.BXOR, DatalogLexer.BSHL, DatalogLexer.BSHR,
                    DatalogLexer.BSHRU, DatalogLexer.BNOT, DatalogLexer.LAND, DatalogLexer.LOR, DatalogLexer.LXOR,
                    DatalogLexer.LNOT -> true;
            default -> switch (token.getText()) {
                case "+", "-", "*", "/", "%", "^", ":", "!" -> true;
                default -> false;
            };
        };
    }
}
