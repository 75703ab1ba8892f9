package io.leapfrog.ast;

import java.util.List;
import java.util.Set;

/**
 * A {@code .decl} of one relation. {@code qualifiers} holds trailing qualifiers such as
 * {@code input}, {@code output}, {@code printsize}, {@code btree}, {@code brie}, {@code eqrel}.
 */
public record RelationDecl(String name, List<Attribute> attributes, Set<String> qualifiers, SourcePos pos) {
    public int arity() {
        return attributes.size();
    }
}
