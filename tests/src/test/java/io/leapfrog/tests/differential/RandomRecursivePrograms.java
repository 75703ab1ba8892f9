package io.leapfrog.tests.differential;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Random recursive Datalog programs over small random inputs, and their answers by naive bottom-up
 * evaluation (every rule over all tuples, nested loops, until nothing changes), which shares no code
 * with the engine. The rules mix every recursive shape the dialect's core has: left and right linear
 * recursion, same generation, mutual recursion, several rules per relation, constants in atoms and
 * heads, comparisons, negation of inputs, and non-linear rules (two recursive atoms).
 */
public final class RandomRecursivePrograms {
    /** An argument: a variable (name) or a constant. */
    public record Arg(String var, int value) {
        static Arg v(String name) {
            return new Arg(name, 0);
        }

        static Arg c(int value) {
            return new Arg(null, value);
        }

        @Override
        public String toString() {
            return var != null ? var : Integer.toString(value);
        }
    }

    public record Atom(String rel, List<Arg> args, boolean negated) {
        @Override
        public String toString() {
            return (negated ? "!" : "") + rel + "(" + String.join(", ", args.stream().map(Arg::toString).toList()) + ")";
        }
    }

    /** {@code lhs op rhs}, op one of = != < <= > >=. */
    public record Cmp(Arg lhs, String op, Arg rhs) {
        @Override
        public String toString() {
            return lhs + " " + op + " " + rhs;
        }
    }

    public record Rule(Atom head, List<Atom> atoms, List<Cmp> cmps) {
        @Override
        public String toString() {
            List<String> parts = new ArrayList<>();
            atoms.forEach(a -> parts.add(a.toString()));
            cmps.forEach(c -> parts.add(c.toString()));
            return head + " :- " + String.join(", ", parts) + ".";
        }
    }

    /** A program: its input facts, its rules, and the derived relations' arities. */
    public record Program(Map<String, Set<List<Integer>>> inputs, List<Rule> rules, Map<String, Integer> derived) {
        /** The program's text: declarations, facts, rules and, per derived relation, {@code directive}. */
        public String text(String directive) {
            StringBuilder sb = new StringBuilder();
            Map<String, Integer> all = new LinkedHashMap<>();
            inputs.forEach((r, ts) -> all.put(r, ARITY.get(r)));
            all.putAll(derived);
            all.forEach((r, a) -> sb.append(".decl ").append(r).append(a == 1 ? "(a:number)\n" : "(a:number, b:number)\n"));
            inputs.forEach((r, ts) -> ts.forEach(t -> sb.append(r).append('(')
                    .append(String.join(", ", t.stream().map(String::valueOf).toList())).append(").\n")));
            rules.forEach(r -> sb.append(r).append('\n'));
            derived.keySet().forEach(r -> sb.append(directive.replace("REL", r)).append('\n'));
            return sb.toString();
        }
    }

    static final Map<String, Integer> ARITY = Map.of("e", 2, "f", 2, "g", 1, "h", 2, "r", 2, "s", 2, "t", 1);

    private RandomRecursivePrograms() {
    }

    public static Program random(Random rnd, int domain) {
        Map<String, Set<List<Integer>>> in = new LinkedHashMap<>();
        in.put("e", tuples(rnd, 2, domain, 4 + rnd.nextInt(2 * domain)));
        in.put("f", tuples(rnd, 2, domain, 2 + rnd.nextInt(domain)));
        in.put("g", tuples(rnd, 1, domain, 1 + rnd.nextInt(domain / 2 + 1)));
        in.put("h", tuples(rnd, 2, domain, 1 + rnd.nextInt(domain)));
        List<Rule> rules = new ArrayList<>();
        rules.add(rule(atom("r", "x", "y"), List.of(atom("e", "x", "y"))));
        if (rnd.nextBoolean()) {
            rules.add(rule(atom("s", "x", "y"), List.of(atom("f", "p", "x"), atom("f", "p", "y")), new Cmp(Arg.v("x"), "!=", Arg.v("y"))));
        } else {
            rules.add(rule(atom("s", "x", "y"), List.of(atom("f", "x", "y"))));
        }
        rules.add(rule(atom("t", "x"), List.of(atom("g", "x"))));
        int shapes = 2 + rnd.nextInt(4);
        for (int i = 0; i < shapes; i++) {
            rules.add(shape(rnd, rnd.nextInt(14), domain));
        }
        Map<String, Integer> derived = new LinkedHashMap<>();
        derived.put("r", 2);
        derived.put("s", 2);
        derived.put("t", 1);
        return new Program(in, rules, derived);
    }

    private static Rule shape(Random rnd, int which, int domain) {
        int c = rnd.nextInt(domain);
        String[] ops = {"=", "!=", "<", "<=", ">", ">="};
        String op = ops[rnd.nextInt(ops.length)];
        return switch (which) {
            case 0 -> rule(atom("r", "x", "z"), List.of(atom("r", "x", "y"), atom("e", "y", "z")));
            case 1 -> rule(atom("r", "x", "z"), List.of(atom("e", "x", "y"), atom("r", "y", "z")));
            case 2 -> rule(atom("s", "x", "y"), List.of(atom("e", "a", "x"), atom("s", "a", "b"), atom("e", "b", "y")));
            case 3 -> new Rule(atom("r", "x", "y"), List.of(atom("s", "x", "y"), new Atom("h", List.of(Arg.v("x"), Arg.v("y")), true)), List.of());
            case 4 -> rule(atom("s", "y", "x"), List.of(atom("r", "x", "y")), new Cmp(Arg.v("x"), op, Arg.v("y")));
            case 5 -> rule(atom("t", "y"), List.of(atom("t", "x"), atom("e", "x", "y")));
            case 6 -> rule(atom("r", "x", "y"), List.of(atom("t", "x"), atom("f", "x", "y")), new Cmp(Arg.v("y"), op, Arg.c(c)));
            case 7 -> new Rule(new Atom("r", List.of(Arg.v("x"), Arg.c(c)), false), List.of(atom("r", "x", "y"), atom("g", "y")), List.of());
            case 8 -> new Rule(atom("r", "x", "y"), List.of(new Atom("r", List.of(Arg.v("x"), Arg.c(c)), false),
                    new Atom("e", List.of(Arg.c(c), Arg.v("y")), false)), List.of());
            case 9 -> new Rule(atom("r", "x", "x"), List.of(atom("r", "x", "y"), new Atom("e", List.of(Arg.v("y"), Arg.v("_")), false)), List.of());
            case 10 -> rule(atom("r", "x", "z"), List.of(atom("r", "x", "y"), atom("r", "y", "z")));
            case 11 -> new Rule(atom("t", "x"), List.of(atom("s", "x", "x"), new Atom("g", List.of(Arg.v("x")), true)), List.of());
            case 12 -> rule(atom("s", "x", "z"), List.of(atom("s", "x", "y"), atom("f", "y", "z"), atom("h", "x", "z")));
            default -> rule(atom("r", "y", "x"), List.of(atom("r", "x", "y"), atom("e", "x", "w"), atom("f", "y", "w")));
        };
    }

    private static Atom atom(String rel, String... vars) {
        List<Arg> args = new ArrayList<>();
        for (String v : vars) {
            args.add(Arg.v(v));
        }
        return new Atom(rel, args, false);
    }

    private static Rule rule(Atom head, List<Atom> body, Cmp... cmps) {
        return new Rule(head, body, List.of(cmps));
    }

    private static Set<List<Integer>> tuples(Random rnd, int arity, int domain, int n) {
        Set<List<Integer>> out = new HashSet<>();
        for (int i = 0; i < n; i++) {
            out.add(arity == 1 ? List.of(rnd.nextInt(domain)) : List.of(rnd.nextInt(domain), rnd.nextInt(domain)));
        }
        return out;
    }

    /** Every derived relation's tuples, by naive evaluation to the fixpoint. */
    public static Map<String, Set<List<Integer>>> naive(Program p) {
        Map<String, Set<List<Integer>>> db = new LinkedHashMap<>();
        p.inputs().forEach((r, ts) -> db.put(r, new HashSet<>(ts)));
        p.derived().keySet().forEach(r -> db.put(r, new HashSet<>()));
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Rule r : p.rules()) {
                List<List<Integer>> made = new ArrayList<>();
                bind(r, 0, new LinkedHashMap<>(), db, made);
                changed |= db.get(r.head().rel()).addAll(made);
            }
        }
        Map<String, Set<List<Integer>>> out = new LinkedHashMap<>();
        p.derived().keySet().forEach(r -> out.put(r, db.get(r)));
        return out;
    }

    private static void bind(Rule r, int atom, Map<String, Integer> env, Map<String, Set<List<Integer>>> db,
                             List<List<Integer>> out) {
        List<Atom> positive = r.atoms().stream().filter(a -> !a.negated()).toList();
        if (atom == positive.size()) {
            for (Atom a : r.atoms()) {
                if (a.negated() && db.get(a.rel()).contains(values(a, env))) {
                    return;
                }
            }
            for (Cmp c : r.cmps()) {
                if (!holds(c, env)) {
                    return;
                }
            }
            out.add(values(r.head(), env));
            return;
        }
        Atom a = positive.get(atom);
        for (List<Integer> t : db.get(a.rel())) {
            Map<String, Integer> next = new LinkedHashMap<>(env);
            boolean ok = true;
            for (int i = 0; i < t.size() && ok; i++) {
                Arg arg = a.args().get(i);
                if (arg.var() == null) {
                    ok = arg.value() == t.get(i);
                } else if (!arg.var().equals("_")) {
                    Integer had = next.putIfAbsent(arg.var(), t.get(i));
                    ok = had == null || had.equals(t.get(i));
                }
            }
            if (ok) {
                bind(r, atom + 1, next, db, out);
            }
        }
    }

    private static List<Integer> values(Atom a, Map<String, Integer> env) {
        List<Integer> out = new ArrayList<>();
        for (Arg arg : a.args()) {
            out.add(arg.var() == null ? arg.value() : env.get(arg.var()));
        }
        return out;
    }

    private static boolean holds(Cmp c, Map<String, Integer> env) {
        int l = c.lhs().var() == null ? c.lhs().value() : env.get(c.lhs().var());
        int r = c.rhs().var() == null ? c.rhs().value() : env.get(c.rhs().var());
        return switch (c.op()) {
            case "=" -> l == r;
            case "!=" -> l != r;
            case "<" -> l < r;
            case "<=" -> l <= r;
            case ">" -> l > r;
            default -> l >= r;
        };
    }
}
