package io.leapfrog.tests.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Random valid programs of the Souffle dialect: input relations of number, unsigned, float and symbol
 * columns with facts, and derived relations defined by rules with joins on shared variables, constants,
 * negation, comparisons, arithmetic and functors, aggregates (count, sum, min, max) and recursion, with
 * {@code .input}, {@code .output} and {@code .printsize} directives.
 *
 * <p>Relations are layered so that every program is valid and finite: a rule of derived relation
 * {@code d<i>} reads input relations and {@code d<j>} with {@code j <= i}; negation and aggregates only
 * read relations of lower layers (stratifiable), and a recursive rule's head holds only variables and
 * constants (no value is ever made up inside a recursive cycle, so the fixpoint is reached).
 *
 * <p>Every program comes in two forms that must give the same answer: the input facts inline in the
 * program text, or in tab-separated fact files read through {@code .input}.
 */
final class SouffleProgramGenerator {

    enum Type {
        NUMBER("number"), UNSIGNED("unsigned"), FLOAT("float"), SYMBOL("symbol");

        final String decl;

        Type(String decl) {
            this.decl = decl;
        }
    }

    record Relation(String name, List<Type> columns) {
        String decl() {
            List<String> cols = new ArrayList<>();
            for (int i = 0; i < columns.size(); i++) {
                cols.add("c" + i + ":" + columns.get(i).decl);
            }
            return ".decl " + name + "(" + String.join(", ", cols) + ")";
        }
    }

    /** A value in both spellings: as a program literal and as a fact-file field. */
    record Value(String literal, String field) {
    }

    /** A generated program; see the class comment for its two forms. */
    record Program(List<Relation> inputs, Map<String, List<List<Value>>> facts, List<Relation> derived,
                   List<String> rules, Set<String> outputs, Set<String> printSizes) {

        String inlineText() {
            StringBuilder sb = header();
            facts.forEach((rel, rows) -> rows.forEach(row -> sb.append(rel).append('(')
                    .append(String.join(", ", row.stream().map(Value::literal).toList())).append(").\n")));
            return footer(sb);
        }

        String fileText() {
            StringBuilder sb = header();
            inputs.forEach(r -> sb.append(".input ").append(r.name()).append('\n'));
            return footer(sb);
        }

        /** The fact files of {@link #fileText()}: relation.facts -> content. */
        Map<String, byte[]> factFiles() {
            Map<String, byte[]> files = new LinkedHashMap<>();
            facts.forEach((rel, rows) -> {
                StringBuilder sb = new StringBuilder();
                rows.forEach(row -> sb.append(String.join("\t", row.stream().map(Value::field).toList())).append('\n'));
                files.put(rel + ".facts", sb.toString().getBytes(StandardCharsets.UTF_8));
            });
            return files;
        }

        private StringBuilder header() {
            StringBuilder sb = new StringBuilder();
            inputs.forEach(r -> sb.append(r.decl()).append('\n'));
            derived.forEach(r -> sb.append(r.decl()).append('\n'));
            return sb;
        }

        private String footer(StringBuilder sb) {
            rules.forEach(r -> sb.append(r).append('\n'));
            outputs.forEach(r -> sb.append(".output ").append(r).append('\n'));
            printSizes.forEach(r -> sb.append(".printsize ").append(r).append('\n'));
            return sb.toString();
        }
    }

    private static final String[] SYMBOLS = {"a", "b", "c d", "", "ü", "日本", "x,y", "quote's", "a\\\\b", "-1"};
    private static final String[] FLOATS = {"0.5", "-1.25", "2.0", "0.0", "1000000.0", "3.75"};

    private final Random rnd;
    /** Whether heads may compute values (arithmetic, functors, aggregates); off for mutation bases. */
    private final boolean computedHeads;

    SouffleProgramGenerator(Random rnd, boolean computedHeads) {
        this.rnd = rnd;
        this.computedHeads = computedHeads;
    }

    Program generate() {
        List<Relation> inputs = new ArrayList<>();
        Map<String, List<List<Value>>> facts = new LinkedHashMap<>();
        int nInputs = 1 + rnd.nextInt(3);
        for (int i = 0; i < nInputs; i++) {
            Relation r = relation("e" + i);
            inputs.add(r);
            Set<List<Value>> rows = new LinkedHashSet<>();
            int n = rnd.nextInt(9);
            for (int k = 0; k < n; k++) {
                List<Value> row = new ArrayList<>();
                r.columns().forEach(t -> row.add(value(t)));
                rows.add(row);   // a one-column row of the empty symbol is an empty line, read as Souffle reads it
            }
            facts.put(r.name(), new ArrayList<>(rows));
        }
        List<Relation> derived = new ArrayList<>();
        List<String> rules = new ArrayList<>();
        int nDerived = 1 + rnd.nextInt(4);
        for (int i = 0; i < nDerived; i++) {
            Relation d = relation("d" + i);
            derived.add(d);
            int nRules = 1 + rnd.nextInt(3);
            for (int k = 0; k < nRules; k++) {
                rules.add(new RuleBuilder(d, inputs, derived, k > 0 && rnd.nextInt(3) == 0).build());
            }
        }
        Set<String> outputs = new LinkedHashSet<>();
        Set<String> printSizes = new LinkedHashSet<>();
        for (Relation d : derived) {
            if (rnd.nextInt(10) < 7) {
                outputs.add(d.name());
            } else if (rnd.nextBoolean()) {
                printSizes.add(d.name());
            }
        }
        if (outputs.isEmpty()) {
            outputs.add(derived.get(derived.size() - 1).name());
        }
        return new Program(inputs, facts, derived, rules, outputs, printSizes);
    }

    private Relation relation(String name) {
        List<Type> cols = new ArrayList<>();
        int arity = 1 + rnd.nextInt(3);
        for (int i = 0; i < arity; i++) {
            cols.add(Type.values()[rnd.nextInt(Type.values().length)]);
        }
        return new Relation(name, cols);
    }

    /** A value from a small domain (so that joins match), now and then at the type's range limits. */
    Value value(Type t) {
        return switch (t) {
            case NUMBER -> {
                int v = rnd.nextInt(12) == 0 ? (rnd.nextBoolean() ? Integer.MAX_VALUE : Integer.MIN_VALUE) : rnd.nextInt(7) - 2;
                yield new Value(Integer.toString(v), Integer.toString(v));
            }
            case UNSIGNED -> rnd.nextInt(12) == 0 ? new Value("4294967295u", "4294967295")
                    : numeric(Integer.toString(rnd.nextInt(5)));
            case FLOAT -> numeric(FLOATS[rnd.nextInt(FLOATS.length)]);
            case SYMBOL -> {
                String s = SYMBOLS[rnd.nextInt(SYMBOLS.length)];
                // a literal's backslash escapes itself; a fact file's field is the raw text
                yield new Value("\"" + s + "\"", s.replace("\\\\", "\\"));
            }
        };
    }

    private static Value numeric(String s) {
        return new Value(s, s);
    }

    /** One rule of a derived relation; see the class comment for the layering it respects. */
    private final class RuleBuilder {
        private final Relation head;
        private final List<Relation> inputs;
        private final List<Relation> derived;
        private final boolean recursive;
        private final Map<String, Type> vars = new LinkedHashMap<>();
        private final List<String> body = new ArrayList<>();
        private int fresh;

        RuleBuilder(Relation head, List<Relation> inputs, List<Relation> derived, boolean recursive) {
            this.head = head;
            this.inputs = inputs;
            this.derived = derived;
            this.recursive = recursive;
        }

        String build() {
            int atoms = 1 + rnd.nextInt(3);
            if (recursive) {
                body.add(atom(head, false));
            }
            for (int i = 0; i < atoms; i++) {
                body.add(atom(lower(), false));
            }
            if (rnd.nextInt(3) == 0) {
                body.add(negation(inputs.get(rnd.nextInt(inputs.size()))));
            }
            if (rnd.nextInt(3) == 0) {
                comparison().ifPresent(body::add);
            }
            if (computedHeads && !recursive && rnd.nextInt(3) == 0) {
                body.add(aggregate());
            }
            List<String> args = new ArrayList<>();
            for (Type t : head.columns()) {
                args.add(headArg(t));
            }
            return head.name() + "(" + String.join(", ", args) + ") :- " + String.join(", ", body) + ".";
        }

        /** An input relation or a derived one defined before the head (never the head itself). */
        private Relation lower() {
            int own = derived.indexOf(head);
            int pick = rnd.nextInt(inputs.size() + own);
            return pick < inputs.size() ? inputs.get(pick) : derived.get(pick - inputs.size());
        }

        private String atom(Relation r, boolean negated) {
            List<String> args = new ArrayList<>();
            for (Type t : r.columns()) {
                int pick = rnd.nextInt(10);
                List<String> same = ofType(t);
                if (pick < 4 && !same.isEmpty()) {
                    args.add(same.get(rnd.nextInt(same.size())));
                } else if (pick < 5) {
                    args.add(value(t).literal());
                } else if (pick < 6 || negated) {
                    args.add("_");
                } else {
                    String v = "v" + fresh++;
                    vars.put(v, t);
                    args.add(v);
                }
            }
            return (negated ? "!" : "") + r.name() + "(" + String.join(", ", args) + ")";
        }

        /** A negated atom over variables bound so far, constants and underscores. */
        private String negation(Relation r) {
            return atom(r, true);
        }

        private java.util.Optional<String> comparison() {
            List<String> names = new ArrayList<>(vars.keySet());
            if (names.isEmpty()) {
                return java.util.Optional.empty();
            }
            String v = names.get(rnd.nextInt(names.size()));
            Type t = vars.get(v);
            List<String> same = ofType(t);
            String other = rnd.nextBoolean() ? same.get(rnd.nextInt(same.size())) : value(t).literal();
            String[] ops = t == Type.SYMBOL ? new String[] {"=", "!="} : new String[] {"=", "!=", "<", "<=", ">", ">="};
            return java.util.Optional.of(v + " " + ops[rnd.nextInt(ops.length)] + " " + other);
        }

        /** {@code n = count/sum/min/max ... : { atom }} over a lower relation, binding a fresh number. */
        private String aggregate() {
            Relation r = lower();
            List<String> args = new ArrayList<>();
            String target = null;
            for (int i = 0; i < r.columns().size(); i++) {
                if (target == null && r.columns().get(i) == Type.NUMBER && rnd.nextBoolean()) {
                    target = "a" + fresh++;
                    args.add(target);
                } else {
                    args.add("_");
                }
            }
            String n = "v" + fresh++;
            String inner = r.name() + "(" + String.join(", ", args) + ")";
            vars.put(n, Type.NUMBER);
            if (target == null) {
                return n + " = count : { " + inner + " }";
            }
            String[] ops = {"sum", "min", "max"};
            return n + " = " + ops[rnd.nextInt(ops.length)] + " " + target + " : { " + inner + " }";
        }

        private String headArg(Type t) {
            List<String> same = ofType(t);
            if (same.isEmpty() || rnd.nextInt(8) == 0) {
                return computedHeads && !recursive && !same.isEmpty() ? computed(t, same) : value(t).literal();
            }
            String v = same.get(rnd.nextInt(same.size()));
            return computedHeads && !recursive && rnd.nextInt(4) == 0 ? computed(t, same) : v;
        }

        /** Arithmetic or a functor over bound variables of the column's type. */
        private String computed(Type t, List<String> same) {
            String a = same.get(rnd.nextInt(same.size()));
            String b = same.get(rnd.nextInt(same.size()));
            return switch (t) {
                case NUMBER -> {
                    String[] ops = {"+", "-", "*", "band", "bor", "bxor", "min(", "max("};
                    String op = ops[rnd.nextInt(ops.length)];
                    yield op.endsWith("(") ? op + a + ", " + b + ")" : "(" + a + " " + op + " " + b + ")";
                }
                case UNSIGNED -> "(" + a + " + " + b + ")";
                case FLOAT -> rnd.nextBoolean() ? "(" + a + " * 2.0)" : "(" + a + " - " + b + ")";
                case SYMBOL -> rnd.nextBoolean() ? "cat(" + a + ", " + b + ")" : "to_string(strlen(" + a + "))";
            };
        }

        private List<String> ofType(Type t) {
            return vars.entrySet().stream().filter(e -> e.getValue() == t).map(Map.Entry::getKey).toList();
        }
    }
}
