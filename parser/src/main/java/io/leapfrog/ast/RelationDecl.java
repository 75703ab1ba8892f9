package io.leapfrog.ast;

import java.util.List;
import java.util.Set;

/**
 * A {@code .decl} of one relation. {@code qualifiers} holds trailing qualifiers such as
 * {@code input}, {@code output}, {@code printsize}, {@code btree}, {@code brie}, {@code eqrel};
 * {@code choiceDomains} the attribute names of each key of Souffle's {@code choice-domain} (each key
 * functionally determines the other attributes; empty when there is none).
 */
public record RelationDecl(String name, List<Attribute> attributes, Set<String> qualifiers, SourcePos pos,
                           List<List<String>> choiceDomains) {
    public RelationDecl(String name, List<Attribute> attributes, Set<String> qualifiers, SourcePos pos) {
        this(name, attributes, qualifiers, pos, List.of());
    }

    public int arity() {
        return attributes.size();
    }
}
