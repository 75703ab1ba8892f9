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
    record Signature(List<BaseType> args, boolean variadic, BaseType result, int optional) {
        Signature(List<BaseType> args, boolean variadic, BaseType result) {
            this(args, variadic, result, 0);
        }

        int minArity() {
            return variadic ? Math.max(args.size(), 2) : args.size() - optional;
        }

        /** Whether {@code n} arguments fit: at least minArity, and no more than args unless variadic. */
        boolean accepts(int n) {
            return n >= minArity() && (variadic || n <= args.size());
        }
    }

    private static final Map<String, Signature> KNOWN = Map.ofEntries(
            Map.entry("cat", new Signature(List.of(BaseType.SYMBOL), true, BaseType.SYMBOL)),
            Map.entry("strlen", new Signature(List.of(BaseType.SYMBOL), false, BaseType.NUMBER)),
            Map.entry("substr", new Signature(List.of(BaseType.SYMBOL, BaseType.NUMBER, BaseType.NUMBER), false, BaseType.SYMBOL)),
            Map.entry("contains", new Signature(List.of(BaseType.SYMBOL, BaseType.SYMBOL), false, BaseType.NUMBER)),
            Map.entry("match", new Signature(List.of(BaseType.SYMBOL, BaseType.SYMBOL), false, BaseType.NUMBER)),
            // Souffle's to_number, to_float, to_unsigned and to_string take a value of any base type
            Map.entry("to_number", new Signature(java.util.Collections.singletonList(null), false, BaseType.NUMBER)),
            Map.entry("to_string", new Signature(java.util.Collections.singletonList(null), false, BaseType.SYMBOL)),
            Map.entry("ord", new Signature(java.util.Collections.singletonList(null), false, BaseType.NUMBER)),
            Map.entry("to_float", new Signature(java.util.Collections.singletonList(null), false, BaseType.FLOAT)),
            Map.entry("itof", new Signature(List.of(BaseType.NUMBER), false, BaseType.FLOAT)),
            Map.entry("ftoi", new Signature(List.of(BaseType.FLOAT), false, BaseType.NUMBER)),
            Map.entry("itou", new Signature(List.of(BaseType.NUMBER), false, BaseType.UNSIGNED)),
            Map.entry("utoi", new Signature(List.of(BaseType.UNSIGNED), false, BaseType.NUMBER)),
            Map.entry("utof", new Signature(List.of(BaseType.UNSIGNED), false, BaseType.FLOAT)),
            Map.entry("ftou", new Signature(List.of(BaseType.FLOAT), false, BaseType.UNSIGNED)),
            Map.entry("to_unsigned", new Signature(java.util.Collections.singletonList(null), false, BaseType.UNSIGNED)),
            Map.entry("min", new Signature(java.util.Collections.singletonList(null), true, null)),
            Map.entry("max", new Signature(java.util.Collections.singletonList(null), true, null)),
            // as(x, T): x seen as type T (a type name, not evaluated); Leapfrog casts within one base type
            Map.entry("as", new Signature(java.util.Arrays.asList(null, BaseType.SYMBOL), false, null)),
            // range(from, to[, step]) generates values (Souffle's multi-result functor); the checker
            // allows it only as "x = range(...)"
            Map.entry("range", new Signature(List.of(BaseType.NUMBER, BaseType.NUMBER, BaseType.NUMBER), false,
                    BaseType.NUMBER, 1)));

    /** Souffle intrinsics (float mathematics) which Leapfrog lacks. */
    private static final Set<String> SOUFFLE_UNSUPPORTED = Set.of(
            "sqrt", "exp", "log", "sin", "cos", "tan", "lcm", "gcd");

    static Signature lookup(String name) {
        return KNOWN.get(name);
    }

    static boolean isUnsupportedSouffleFunctor(String name) {
        return SOUFFLE_UNSUPPORTED.contains(name);
    }

    /** The functors a user calls by name (as(x, T) is syntax of its own). */
    static Set<String> names() {
        Set<String> names = new java.util.TreeSet<>(KNOWN.keySet());
        names.remove("as");
        return names;
    }
}
