package io.leapfrog.check;

import io.leapfrog.ast.TypeDecl;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Resolves declared type names to base types through subtypes, aliases and unions, reporting
 * duplicate, undefined and cyclic types and unions that mix base types.
 */
final class TypeResolver {
    private static final Map<String, BaseType> PRIMITIVES = java.util.Arrays.stream(BaseType.values())
            .collect(java.util.stream.Collectors.toUnmodifiableMap(BaseType::sourceName, t -> t));

    private final Map<String, TypeDecl> declared = new LinkedHashMap<>();
    private final Map<String, BaseType> resolved = new HashMap<>();
    private final Set<String> reported = new HashSet<>();
    private final CheckDiagnostics problems;

    TypeResolver(List<TypeDecl> types, CheckDiagnostics problems) {
        this.problems = problems;
        for (TypeDecl type : types) {
            if (PRIMITIVES.containsKey(type.name())) {
                problems.error(type.pos(), "Redefinition of predefined type " + type.name()
                        + ". Choose another name for the type");
            } else if (declared.containsKey(type.name())) {
                problems.error(type.pos(), "Redefinition of type " + type.name() + " (first defined at "
                        + declared.get(type.name()).pos() + "). Remove or rename one of them");
            } else {
                declared.put(type.name(), type);
            }
        }
        for (TypeDecl type : declared.values()) {
            resolve(type.name(), new HashSet<>());
        }
    }

    /** The base type of {@code name}, or null (after reporting why) when it cannot be resolved. */
    BaseType baseOf(String name) {
        if (PRIMITIVES.containsKey(name)) {
            return PRIMITIVES.get(name);
        }
        return resolved.get(name);
    }

    boolean isDefined(String name) {
        return PRIMITIVES.containsKey(name) || declared.containsKey(name);
    }

    private BaseType resolve(String name, Set<String> visiting) {
        if (PRIMITIVES.containsKey(name)) {
            return PRIMITIVES.get(name);
        }
        if (resolved.containsKey(name)) {
            return resolved.get(name);
        }
        TypeDecl type = declared.get(name);
        if (type == null) {
            return null;
        }
        if (!visiting.add(name)) {
            if (reported.add(name)) {
                problems.error(type.pos(), "Type " + name + " is defined in terms of itself. Give it a base type "
                        + "such as number or symbol");
            }
            return null;
        }
        BaseType result = null;
        for (String base : type.bases()) {
            if (!isDefined(base)) {
                problems.error(type.pos(), "Undefined type " + base + " in definition of type " + name
                        + ". Declare it with .type " + base + " <: number (or symbol)");
                continue;
            }
            BaseType baseType = resolve(base, visiting);
            if (baseType == null) {
                continue;
            }
            if (result != null && result != baseType) {
                problems.error(type.pos(), "Union type " + name + " mixes " + result.sourceName() + " and "
                        + baseType.sourceName() + " types. All members of a union must have the same base type");
                result = null;
                break;
            }
            result = baseType;
        }
        visiting.remove(name);
        if (result != null) {
            resolved.put(name, result);
        }
        return result;
    }
}
