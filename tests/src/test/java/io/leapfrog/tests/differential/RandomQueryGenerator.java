package io.leapfrog.tests.differential;

import io.leapfrog.tests.differential.RandomQuery.Atom;
import io.leapfrog.tests.differential.RandomQuery.Comparison;
import io.leapfrog.tests.differential.RandomQuery.Op;
import io.leapfrog.tests.differential.RandomQuery.Term;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Generates random connected conjunctive queries over a schema (relation name -> arity): 2-6 atoms,
 * acyclic or with a closing cycle, occasional constants and repeated variables, comparisons
 * ({@code <, <=, !=}) between variables or with constants, and a random head. Seeded, so a failure
 * reproduces from its seed.
 */
public final class RandomQueryGenerator {
    private final Random rnd;
    private final Map<String, Integer> schema;
    private final String[] binary;
    private final int constRange;

    /**
     * @param schema relation arities; binary relations are preferred for joins
     * @param constRange constants are drawn from [0, constRange)
     */
    public RandomQueryGenerator(Random rnd, Map<String, Integer> schema, int constRange) {
        this.rnd = rnd;
        this.schema = new LinkedHashMap<>(schema);
        this.binary = schema.entrySet().stream().filter(e -> e.getValue() == 2).map(Map.Entry::getKey).toArray(String[]::new);
        this.constRange = constRange;
        if (binary.length == 0) {
            throw new IllegalArgumentException("schema needs a binary relation");
        }
    }

    /** A query of {@code atomCount} atoms; {@code cyclic} asks for at least one cycle. */
    public RandomQuery next(int atomCount, boolean cyclic) {
        for (int attempt = 0; ; attempt++) {
            RandomQuery q = attempt(atomCount, cyclic);
            if (q.isCyclic() == cyclic || attempt > 50) {
                return q;
            }
        }
    }

    private RandomQuery attempt(int atomCount, boolean cyclic) {
        List<Atom> atoms = new ArrayList<>();
        int vars = 0;
        String[] names = schema.keySet().toArray(new String[0]);
        for (int i = 0; i < atomCount; i++) {
            boolean last = i == atomCount - 1;
            String rel = rnd.nextInt(4) == 0 ? names[rnd.nextInt(names.length)] : binary[rnd.nextInt(binary.length)];
            int arity = schema.get(rel);
            Term[] args = new Term[arity];
            if (cyclic && last && vars >= 2 && arity >= 2) {
                // Close a cycle: connect two distinct existing variables.
                int a = rnd.nextInt(vars);
                int b = (a + 1 + rnd.nextInt(vars - 1)) % vars;
                args[0] = Term.var(a);
                args[1] = Term.var(b);
                for (int c = 2; c < arity; c++) {
                    args[c] = Term.var(vars++);
                }
            } else {
                int link = vars == 0 ? -1 : rnd.nextInt(arity); // the column that connects to earlier atoms
                for (int c = 0; c < arity; c++) {
                    int roll = rnd.nextInt(100);
                    if (c == link) {
                        args[c] = Term.var(rnd.nextInt(vars));
                    } else if (roll < 8) {
                        args[c] = Term.constant(rnd.nextInt(constRange));
                    } else if (roll < 20 && vars > 0) {
                        args[c] = Term.var(rnd.nextInt(vars)); // repeated variable or an extra cycle
                    } else {
                        args[c] = Term.var(vars++);
                    }
                }
            }
            atoms.add(new Atom(rel, args));
        }
        if (vars == 0) {
            // all constants: add one variable so the query has something to bind
            atoms.add(new Atom(binary[0], new Term[]{Term.var(0), Term.var(1)}));
            vars = 2;
        }
        List<Comparison> cmps = new ArrayList<>();
        int nc = rnd.nextInt(4);
        for (int i = 0; i < nc; i++) {
            Op op = Op.values()[rnd.nextInt(3)];
            Term left = Term.var(rnd.nextInt(vars));
            Term right;
            if (vars > 1 && rnd.nextInt(3) > 0) {
                int v = rnd.nextInt(vars - 1);
                right = Term.var(v >= left.value() ? v + 1 : v);
            } else {
                right = Term.constant(rnd.nextInt(constRange));
            }
            if (rnd.nextBoolean() && (right.isVar() || op != Op.NE)) {
                Term t = left;
                left = right;
                right = t;
            }
            cmps.add(new Comparison(left, op, right));
        }
        int roll = rnd.nextInt(10);
        int[] head;
        if (roll == 0) {
            head = new int[0];
        } else if (roll < 4) {
            head = new int[vars];
            for (int v = 0; v < vars; v++) {
                head[v] = v;
            }
            shuffle(head);
        } else {
            int[] all = new int[vars];
            for (int v = 0; v < vars; v++) {
                all[v] = v;
            }
            shuffle(all);
            head = java.util.Arrays.copyOf(all, 1 + rnd.nextInt(vars));
        }
        return new RandomQuery(vars, atoms, cmps, head);
    }

    private void shuffle(int[] a) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}
