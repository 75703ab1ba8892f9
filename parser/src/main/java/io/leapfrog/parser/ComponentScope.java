package io.leapfrog.parser;

import io.leapfrog.parser.grammar.DatalogParser.ComponentContext;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Names inside one component instance ({@code .init g = Graph<number>}), as Souffle expands them: the
 * relations and types the component (or a base) declares, and its nested instances, are prefixed with
 * the instance path ({@code g.edge}); its type parameters stand for the instance's type arguments; any
 * other name means what it means in the enclosing scope (finally the program's). The global scope
 * changes nothing. Each scope also holds the components defined in it.
 */
final class ComponentScope {
    private final ComponentScope parent;
    private final String prefix;
    private final Map<String, String> typeArguments;
    private final Set<String> relations;
    private final Set<String> types;
    private final Map<String, Definition> components = new HashMap<>();
    private final int depth;

    private ComponentScope(ComponentScope parent, String prefix, Map<String, String> typeArguments,
                           Set<String> relations, Set<String> types) {
        this.parent = parent;
        this.prefix = prefix;
        this.typeArguments = typeArguments;
        this.relations = relations;
        this.types = types;
        this.depth = parent == null ? 0 : parent.depth + 1;
    }

    static ComponentScope global() {
        return new ComponentScope(null, "", Map.of(), Set.of(), Set.of());
    }

    /** The scope of instance {@code name} of a component declaring these relations and types. */
    ComponentScope instance(String name, Map<String, String> typeArguments, Set<String> relations, Set<String> types) {
        return new ComponentScope(this, prefix + name + ".", typeArguments, relations, types);
    }

    /** The same instance seen from a base component, whose type parameters take these arguments. */
    ComponentScope withTypeArguments(Map<String, String> arguments) {
        ComponentScope s = new ComponentScope(parent, prefix, arguments, relations, types);
        s.components.putAll(components);
        return s;
    }

    int depth() {
        return depth;
    }

    String relation(String name) {
        if (parent == null) {
            return name;
        }
        int dot = name.indexOf('.');
        return relations.contains(dot < 0 ? name : name.substring(0, dot)) ? prefix + name : parent.relation(name);
    }

    String type(String name) {
        if (parent == null) {
            return name;
        }
        if (typeArguments.containsKey(name)) {
            return typeArguments.get(name);
        }
        return types.contains(name) ? prefix + name : parent.type(name);
    }

    /** The name a type declared in this scope gets. */
    String declaredType(String name) {
        return prefix + name;
    }

    /** A component's definition with the text it was written in (its positions and messages refer to it). */
    record Definition(ComponentContext component, String file, String source) {
    }

    void define(String name, Definition component) {
        components.put(name, component);
    }

    Definition component(String name) {
        Definition c = components.get(name);
        return c != null || parent == null ? c : parent.component(name);
    }
}
