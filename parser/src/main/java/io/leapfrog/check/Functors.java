package io.leapfrog.check;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** The intrinsic functors Leapfrog implements, with their argument and result types. */
final class Functors {
    private Functors() {
    }

    /**
     * @param args     argument types; null entries accept any type
     * @param variadic the last argument type repeats (cat, min, max)
     * @param result   the result type; null means "the type of the arguments" (min, max)
     */
    record Signature(List<BaseType> args, boolean variadic, BaseType result) {
        int minArity() {
            return variadic ? Math.max(args.size(), 2) : args.size();
        }
    }

    private static final Map<String, Signature> KNOWN = Map.of(
            "cat", new Signature(List.of(BaseType.SYMBOL), true, BaseType.SYMBOL),
            "strlen", new Signature(List.of(BaseType.SYMBOL), false, BaseType.NUMBER),
            "substr", new Signature(List.of(BaseType.SYMBOL, BaseType.NUMBER, BaseType.NUMBER), false, BaseType.SYMBOL),
            "contains", new Signature(List.of(BaseType.SYMBOL, BaseType.SYMBOL), false, BaseType.NUMBER),
            "match", new Signature(List.of(BaseType.SYMBOL, BaseType.SYMBOL), false, BaseType.NUMBER),
            "to_number", new Signature(List.of(BaseType.SYMBOL), false, BaseType.NUMBER),
            "to_string", new Signature(List.of(BaseType.NUMBER), false, BaseType.SYMBOL),
            "ord", new Signature(java.util.Collections.singletonList(null), false, BaseType.NUMBER),
            "min", new Signature(java.util.Collections.singletonList(null), true, null),
            "max", new Signature(java.util.Collections.singletonList(null), true, null));

    /** Souffle intrinsics that need floats, unsigned conversions or ranges, which Leapfrog lacks. */
    private static final Set<String> SOUFFLE_UNSUPPORTED = Set.of(
            "to_float", "to_unsigned", "itof", "itou", "utoi", "ftoi", "ftou", "utof", "range",
            "sqrt", "exp", "log", "sin", "cos", "tan", "lcm", "gcd");

    static Signature lookup(String name) {
        return KNOWN.get(name);
    }

    static boolean isUnsupportedSouffleFunctor(String name) {
        return SOUFFLE_UNSUPPORTED.contains(name);
    }

    static Set<String> names() {
        return new java.util.TreeSet<>(KNOWN.keySet());
    }
}
