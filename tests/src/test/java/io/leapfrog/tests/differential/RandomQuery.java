package io.leapfrog.tests.differential;

import java.util.ArrayList;
import java.util.List;

/**
 * A random conjunctive query: atoms over named relations whose arguments are variables or constants,
 * comparisons between a variable and a variable or constant, and the head variables. It prints itself as
 * a Datalog rule and as the equivalent {@code SELECT DISTINCT} SQL, so the same query can be run by
 * LeapfrogJoin, the naive evaluator, DuckDB and (later) the whole engine.
 * Variables are numbered 0..varCount-1 and printed as {@code x0, x1, ...}.
 */
public final class RandomQuery {
    /** A variable (index) or an int constant. */
    public record Term(boolean isVar, int value) {
        public static Term var(int v) {
            return new Term(true, v);
        }

        public static Term constant(int c) {
            return new Term(false, c);
        }

        String datalog() {
            return isVar ? "x" + value : Integer.toString(value);
        }
    }

    public record Atom(String relation, Term[] args) {
    }

    public enum Op {
        LT("<"), LE("<="), NE("!=");

        final String text;

        Op(String text) {
            this.text = text;
        }
    }

    /** left op right; at least one side is a variable. */
    public record Comparison(Term left, Op op, Term right) {
    }

    private final int varCount;
    private final List<Atom> atoms;
    private final List<Comparison> comparisons;
    private final int[] head;

    public RandomQuery(int varCount, List<Atom> atoms, List<Comparison> comparisons, int[] head) {
        this.varCount = varCount;
        this.atoms = List.copyOf(atoms);
        this.comparisons = List.copyOf(comparisons);
        this.head = head.clone();
    }

    public int varCount() {
        return varCount;
    }

    public List<Atom> atoms() {
        return atoms;
    }

    public List<Comparison> comparisons() {
        return comparisons;
    }

    public int[] head() {
        return head.clone();
    }

    /** The rule {@code name(x..) :- body.}; an empty head prints as a nullary relation. */
    public String toDatalog(String headName) {
        StringBuilder sb = new StringBuilder(headName).append('(');
        for (int i = 0; i < head.length; i++) {
            sb.append(i == 0 ? "" : ", ").append('x').append(head[i]);
        }
        sb.append(") :- ");
        List<String> body = new ArrayList<>();
        for (Atom a : atoms) {
            StringBuilder at = new StringBuilder(a.relation()).append('(');
            for (int i = 0; i < a.args().length; i++) {
                at.append(i == 0 ? "" : ", ").append(a.args()[i].datalog());
            }
            body.add(at.append(')').toString());
        }
        for (Comparison c : comparisons) {
            body.add(c.left().datalog() + " " + c.op().text + " " + c.right().datalog());
        }
        return sb.append(String.join(", ", body)).append('.').toString();
    }

    /**
     * The equivalent SQL over tables named like the relations with columns c0, c1, ...: every atom is
     * an alias a{i}, repeated variables become equalities with their first occurrence.
     */
    public String toSql() {
        String[] first = new String[varCount];
        List<String> where = new ArrayList<>();
        List<String> from = new ArrayList<>();
        for (int i = 0; i < atoms.size(); i++) {
            Atom a = atoms.get(i);
            from.add(a.relation() + " a" + i);
            for (int c = 0; c < a.args().length; c++) {
                String col = "a" + i + ".c" + c;
                Term t = a.args()[c];
                if (!t.isVar()) {
                    where.add(col + " = " + t.value());
                } else if (first[t.value()] == null) {
                    first[t.value()] = col;
                } else {
                    where.add(col + " = " + first[t.value()]);
                }
            }
        }
        for (Comparison c : comparisons) {
            String op = c.op() == Op.NE ? "<>" : c.op().text;
            where.add(sql(c.left(), first) + " " + op + " " + sql(c.right(), first));
        }
        StringBuilder sb = new StringBuilder("SELECT DISTINCT ");
        if (head.length == 0) {
            sb.append("1 AS one");
        }
        for (int i = 0; i < head.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(first[head[i]]).append(" AS h").append(i);
        }
        sb.append(" FROM ").append(String.join(", ", from));
        if (!where.isEmpty()) {
            sb.append(" WHERE ").append(String.join(" AND ", where));
        }
        return sb.toString();
    }

    private static String sql(Term t, String[] first) {
        return t.isVar() ? first[t.value()] : Integer.toString(t.value());
    }

    /** Whether the atoms' variable hypergraph is cyclic (GYO reduction does not empty it). */
    public boolean isCyclic() {
        // GYO reduction: repeatedly drop variables that occur in one atom only and atoms contained in others.
        List<java.util.Set<Integer>> edges = new ArrayList<>();
        for (Atom a : atoms) {
            java.util.Set<Integer> s = new java.util.HashSet<>();
            for (Term t : a.args()) {
                if (t.isVar()) {
                    s.add(t.value());
                }
            }
            edges.add(s);
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int v = 0; v < varCount; v++) {
                int n = 0;
                for (java.util.Set<Integer> e : edges) {
                    n += e.contains(v) ? 1 : 0;
                }
                if (n == 1) {
                    for (java.util.Set<Integer> e : edges) {
                        changed |= e.remove(v);
                    }
                }
            }
            for (int i = 0; i < edges.size(); i++) {
                for (int j = 0; j < edges.size(); j++) {
                    if (i != j && edges.get(j).containsAll(edges.get(i))) {
                        edges.remove(i);
                        changed = true;
                        i = edges.size();
                        break;
                    }
                }
            }
        }
        return edges.size() > 1;
    }

    @Override
    public String toString() {
        return toDatalog("q");
    }
}
