package io.leapfrog.ast;

import java.util.List;

/**
 * A fact (empty body) or a rule {@code head :- body.} Body disjunctions ({@code ;}) and
 * multi-head rules are expanded by the parser into several clauses sharing a position.
 */
public record Clause(Atom head, List<Literal> body, SourcePos pos) {
    public boolean isFact() {
        return body.isEmpty();
    }
}
