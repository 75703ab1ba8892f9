package io.leapfrog.ast;

import java.util.List;

/** {@code rel(arg, ...)} in a head or body. */
public record Atom(String relation, List<Expr> args, SourcePos pos) {
    public int arity() {
        return args.size();
    }
}
