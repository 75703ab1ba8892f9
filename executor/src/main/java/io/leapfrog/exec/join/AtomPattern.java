package io.leapfrog.exec.join;

import io.leapfrog.exec.storage.Relation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one atom of a conjunctive query asks of its relation, column by column: a variable, a constant or
 * nothing (a wildcard). {@link #apply} turns the relation into the one the join reads: the rows with the
 * constants ({@code selectCols}/{@code selectValues}), where columns of one variable agree ({@code equalColumns}),
 * projected to the first column of each variable ({@code keptColumns}, which bind {@code vars} in that order).
 */
public record AtomPattern(int arity, int[] selectColumns, int[] selectValues, int[][] equalColumns, int[] keptColumns,
                          int[] vars) {

    /** One column of an atom. */
    public sealed interface Term {
        /** The column binds variable {@code id} (a repeated variable makes its columns agree). */
        record Var(int id) implements Term { }

        /** The column must hold {@code value}. */
        record Constant(int value) implements Term { }

        /** The column is not read. */
        record Wildcard() implements Term { }

        static Term var(int id) {
            return new Var(id);
        }

        static Term constant(int value) {
            return new Constant(value);
        }

        static Term wildcard() {
            return new Wildcard();
        }
    }

    /** The pattern of an atom whose column {@code c} is {@code columns.get(c)}. */
    public static AtomPattern of(List<Term> columns) {
        List<Integer> selCols = new ArrayList<>();
        List<Integer> selVals = new ArrayList<>();
        List<int[]> equal = new ArrayList<>();
        List<Integer> kept = new ArrayList<>();
        List<Integer> vars = new ArrayList<>();
        Map<Integer, Integer> firstColumn = new HashMap<>();
        for (int c = 0; c < columns.size(); c++) {
            Term t = columns.get(c);
            if (t instanceof Term.Constant k) {
                selCols.add(c);
                selVals.add(k.value());
            } else if (t instanceof Term.Var v) {
                Integer first = firstColumn.putIfAbsent(v.id(), c);
                if (first != null) {
                    equal.add(new int[] {first, c});
                } else {
                    kept.add(c);
                    vars.add(v.id());
                }
            }
        }
        return new AtomPattern(columns.size(), ints(selCols), ints(selVals), equal.toArray(new int[0][]), ints(kept),
                ints(vars));
    }

    /** The pattern of an atom whose every column binds a variable: {@code columnVars[c]}, repeats allowed. */
    public static AtomPattern ofVars(int... columnVars) {
        List<Term> terms = new ArrayList<>();
        for (int v : columnVars) {
            terms.add(Term.var(v));
        }
        return of(terms);
    }

    /** The relation the join reads: constants selected, repeated variables' columns equal, kept columns only. */
    public Relation apply(Relation relation) {
        if (relation.arity() != arity) {
            throw new IllegalArgumentException("a pattern of " + arity + " columns over a relation of arity " + relation.arity());
        }
        Relation r = relation;
        for (int i = 0; i < selectColumns.length; i++) {
            r = r.select(selectColumns[i], selectValues[i]);
        }
        for (int[] e : equalColumns) {
            r = r.selectEqualColumns(e[0], e[1]);
        }
        if (keptColumns.length > 0 && (keptColumns.length != r.arity() || !isIdentity(keptColumns))) {
            r = r.project(keptColumns);
        }
        return r;
    }

    /** True when the relation is read as it is (no constant, no repeated variable, every column kept in order). */
    public boolean readsWholeRelation() {
        return selectColumns.length == 0 && equalColumns.length == 0 && keptColumns.length == arity && isIdentity(keptColumns);
    }

    private static boolean isIdentity(int[] cols) {
        for (int i = 0; i < cols.length; i++) {
            if (cols[i] != i) {
                return false;
            }
        }
        return true;
    }

    private static int[] ints(List<Integer> xs) {
        return xs.stream().mapToInt(Integer::intValue).toArray();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AtomPattern p && arity == p.arity && Arrays.equals(selectColumns, p.selectColumns)
                && Arrays.equals(selectValues, p.selectValues) && Arrays.deepEquals(equalColumns, p.equalColumns)
                && Arrays.equals(keptColumns, p.keptColumns) && Arrays.equals(vars, p.vars);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(keptColumns) * 31 + Arrays.hashCode(vars) * 17 + Arrays.hashCode(selectValues) + arity;
    }

    @Override
    public String toString() {
        return "AtomPattern[arity=" + arity + ", select=" + Arrays.toString(selectColumns) + "=" + Arrays.toString(selectValues)
                + ", equal=" + Arrays.deepToString(equalColumns) + ", kept=" + Arrays.toString(keptColumns)
                + ", vars=" + Arrays.toString(vars) + "]";
    }
}
