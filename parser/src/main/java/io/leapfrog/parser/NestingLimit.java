package io.leapfrog.parser;

import io.leapfrog.ast.SourcePos;
import org.antlr.v4.runtime.Token;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * Refuses, before parsing, a program whose expressions or bodies nest deeper than {@link #MAX_DEPTH}:
 * the parser and every later pass (checks, planning, evaluation) walk expressions recursively, so
 * unbounded nesting would end in a stack overflow instead of a message. The depth is measured on the
 * tokens: each open bracket counts one, and so does each operator since the last separator (',', ';',
 * '.', ':-', ':' or a comparison) at its bracket level, which bounds the depth of the expression tree
 * that a chain such as {@code 1 + 1 + ... + 1} or {@code - - - 1} builds.
 */
final class NestingLimit {
    /** Far beyond hand-written programs, and well within what every pass handles on a default thread stack. */
    static final int MAX_DEPTH = 256;

    private static final Set<String> OPENING = Set.of("(", "[", "{");
    private static final Set<String> CLOSING = Set.of(")", "]", "}");
    private static final Set<String> OPERATORS = Set.of("+", "-", "*", "/", "%", "^", "!", "band", "bor", "bxor",
            "bshl", "bshr", "bshru", "bnot", "land", "lor", "lxor", "lnot");
    private static final Set<String> SEPARATORS = Set.of(",", ";", ".", ":-", ":", "=", "!=", "<", "<=", ">", ">=");

    private NestingLimit() {
    }

    static void check(List<Token> tokens, String fileName, String source) {
        Deque<int[]> operatorsPerLevel = new ArrayDeque<>();
        operatorsPerLevel.push(new int[1]);
        int depth = 0;
        for (Token token : tokens) {
            if (token.getChannel() != Token.DEFAULT_CHANNEL) {
                continue;
            }
            String text = token.getText();
            if (OPENING.contains(text)) {
                depth++;
                operatorsPerLevel.push(new int[1]);
            } else if (CLOSING.contains(text) && operatorsPerLevel.size() > 1) {
                depth -= 1 + operatorsPerLevel.pop()[0];   // unbalanced brackets are the parser's to report
            } else if (OPERATORS.contains(text)) {
                depth++;
                operatorsPerLevel.peek()[0]++;
            } else if (SEPARATORS.contains(text)) {
                depth -= operatorsPerLevel.peek()[0];
                operatorsPerLevel.peek()[0] = 0;
            }
            if (depth > MAX_DEPTH) {
                throw Diagnostics.failure(new SourcePos(fileName, token.getLine(), token.getCharPositionInLine() + 1),
                        "nested more than " + MAX_DEPTH + " deep (brackets and operators in one expression or body);"
                                + " split the expression, binding its parts to variables, or the rule", source);
            }
        }
    }
}
