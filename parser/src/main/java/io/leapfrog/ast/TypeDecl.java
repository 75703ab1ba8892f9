package io.leapfrog.ast;

import java.util.List;

/**
 * A {@code .type} declaration. SUBTYPE: {@code .type A <: number}; ALIAS: {@code .type A = B};
 * UNION: {@code .type A = B | C}. {@code bases} names the type(s) on the right-hand side.
 */
public record TypeDecl(String name, Kind kind, List<String> bases, SourcePos pos) {
    public enum Kind { SUBTYPE, ALIAS, UNION }
}
