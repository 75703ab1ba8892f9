package io.leapfrog.ast;

import java.util.List;

/**
 * A {@code .type} declaration. SUBTYPE: {@code .type A <: number}; ALIAS: {@code .type A = B};
 * UNION: {@code .type A = B | C}; ENUM: an algebraic data type whose branches carry no values,
 * {@code .type Day = Mon {} | Tue {}}, whose values are the symbols {@code $Mon}, {@code $Tue} (so its
 * base is symbol). {@code bases} names the type(s) on the right-hand side; {@code branches} an ENUM's
 * branch names in declaration order (empty otherwise).
 */
public record TypeDecl(String name, Kind kind, List<String> bases, SourcePos pos, List<String> branches) {
    public enum Kind { SUBTYPE, ALIAS, UNION, ENUM }

    public TypeDecl(String name, Kind kind, List<String> bases, SourcePos pos) {
        this(name, kind, bases, pos, List.of());
    }

    /** An enumeration: its values are the symbols "$" + branch, ordered as declared. */
    public static TypeDecl enumeration(String name, List<String> branches, SourcePos pos) {
        return new TypeDecl(name, Kind.ENUM, List.of("symbol"), pos, List.copyOf(branches));
    }
}
