package io.leapfrog.ast;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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

    /**
     * The values of {@code type} when it is an enumeration (through aliases, subtypes and unions of
     * enumerations): the symbols "$Branch"; null for any other type, a union with another type included.
     */
    public static Set<String> enumValues(String type, Map<String, TypeDecl> byName) {
        return enumValues(type, byName, new HashSet<>());
    }

    private static Set<String> enumValues(String type, Map<String, TypeDecl> byName, Set<String> seen) {
        TypeDecl t = byName.get(type);
        if (t == null || !seen.add(type)) {
            return null;
        }
        Set<String> values = new LinkedHashSet<>();
        if (t.kind() == Kind.ENUM) {
            t.branches().forEach(b -> values.add("$" + b));
            return values;
        }
        for (String base : t.bases()) {
            Set<String> of = enumValues(base, byName, seen);
            if (of == null) {
                return null;   // a union with a non-enumeration type: any symbol of it
            }
            values.addAll(of);
        }
        return values.isEmpty() ? null : values;
    }
}
