package io.leapfrog.ast;

import java.util.List;

/** A whole Datalog program: declarations, IO directives and clauses, in source order. */
public record Program(List<TypeDecl> types,
                      List<RelationDecl> relations,
                      List<Directive> directives,
                      List<Clause> clauses) {
}
