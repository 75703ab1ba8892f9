package io.leapfrog.ast;

import java.util.List;

/**
 * A whole Datalog program: declarations, IO directives and clauses, in source order.
 *
 * @param warnings parser warnings (ignored {@code .pragma}/{@code .plan}, ...), already formatted
 *                 as {@code file:line:col: warning: ...}
 * @param source   the source text the program was parsed from, used to quote source lines in
 *                 later diagnostics; null when unknown
 * @param enumConstants the enumeration constructors ({@code $Mon}) the clauses use, as the symbol
 *                 constants they stand for; the checker verifies each names a declared branch
 */
public record Program(List<TypeDecl> types,
                      List<RelationDecl> relations,
                      List<Directive> directives,
                      List<Clause> clauses,
                      List<String> warnings,
                      String source,
                      List<Expr.StringConst> enumConstants) {

    public Program(List<TypeDecl> types, List<RelationDecl> relations, List<Directive> directives,
                   List<Clause> clauses, List<String> warnings, String source) {
        this(types, relations, directives, clauses, warnings, source, List.of());
    }

    /** A program built by hand, without parser warnings or source text. */
    public Program(List<TypeDecl> types, List<RelationDecl> relations, List<Directive> directives,
                   List<Clause> clauses) {
        this(types, relations, directives, clauses, List.of(), null);
    }
}
