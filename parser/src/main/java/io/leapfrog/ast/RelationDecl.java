package io.leapfrog.ast;

import java.util.List;
import java.util.Set;

/**
 * A {@code .decl} of one relation. {@code qualifiers} holds trailing qualifiers such as
 * {@code input}, {@code output}, {@code printsize}, {@code btree}, {@code brie}, {@code eqrel};
 * {@code choiceDomains} the attribute names of each key of Souffle's {@code choice-domain} (each key
 * functionally determines the other attributes; empty when there is none). {@code search} is the graph
 * search whose rows the relation holds, for the relations the checker declares for graph predicates
 * ({@link GraphSearch}); null for declared relations. {@code filter} is the {@code filter(...)} qualifier of a
 * relation kept as a quotient filter, null for an exact relation.
 */
public record RelationDecl(String name, List<Attribute> attributes, Set<String> qualifiers, SourcePos pos,
                           List<List<String>> choiceDomains, GraphSearch search, FilterSpec filter) {
    public RelationDecl(String name, List<Attribute> attributes, Set<String> qualifiers, SourcePos pos) {
        this(name, attributes, qualifiers, pos, List.of());
    }

    public RelationDecl(String name, List<Attribute> attributes, Set<String> qualifiers, SourcePos pos,
                        List<List<String>> choiceDomains) {
        this(name, attributes, qualifiers, pos, choiceDomains, null, null);
    }

    public RelationDecl(String name, List<Attribute> attributes, Set<String> qualifiers, SourcePos pos,
                        List<List<String>> choiceDomains, GraphSearch search) {
        this(name, attributes, qualifiers, pos, choiceDomains, search, null);
    }

    /** Whether the relation is kept as a quotient filter (declared with {@code filter}). */
    public boolean isFilter() {
        return filter != null;
    }

    public int arity() {
        return attributes.size();
    }
}
