package io.leapfrog.parser;

import io.leapfrog.ast.Attribute;
import io.leapfrog.ast.SourcePos;

import java.util.List;

/**
 * The declaration rule of {@code eqrel} relations: binary, both attributes of one type. (The engine keeps
 * such a relation closed under reflexivity, symmetry and transitivity as it grows.)
 */
final class EquivalenceRelations {
    private EquivalenceRelations() {
    }

    /** An error unless {@code relation} is binary over one type. */
    static void check(String relation, List<Attribute> attributes, SourcePos pos, String source) {
        if (attributes.size() != 2) {
            throw Diagnostics.failure(pos, "eqrel relation " + relation + " has " + attributes.size()
                    + " attribute" + (attributes.size() == 1 ? "" : "s") + ": an equivalence relation is binary."
                    + " Declare it with two attributes of one type", source);
        }
        if (!attributes.get(0).type().equals(attributes.get(1).type())) {
            throw Diagnostics.failure(pos, "eqrel relation " + relation + " relates a " + attributes.get(0).type()
                    + " to a " + attributes.get(1).type() + ": both attributes of an equivalence relation need"
                    + " the same type", source);
        }
    }
}
