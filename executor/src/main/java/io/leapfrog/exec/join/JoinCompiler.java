package io.leapfrog.exec.join;

import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.Trie;

import java.util.Arrays;

/**
 * Turns a conjunctive query over relations, with its variables in a chosen order, into the
 * {@link JoinQuery} the executors run: the one way every front end (Datalog rule bodies, SQL joins,
 * the differential tests' random queries, the benchmarks' hand-written queries) builds a join.
 *
 * <p>Variables are numbered by the caller (0..n-1); {@code order[l]} is the variable bound at level
 * {@code l}. Each atom's relation is narrowed by its {@link AtomPattern} and read as a trie whose
 * levels follow the order; a comparison between two variables becomes a bound on the later one, a
 * comparison with a constant a constant bound, and anything else a filter at a level the caller
 * names. An input with no rows, or a strict comparison of a variable with itself, makes the query
 * {@link #isEmpty() empty}: it has no answer, and a caller may stop adding to it and not run it (it
 * still builds, and runs to no answer).
 */
public final class JoinCompiler {
    private final int[] order;
    private final int[] level;
    private final JoinQuery.Builder query;
    private int atoms;
    private boolean empty;

    private JoinCompiler(int[] order) {
        this.order = order.clone();
        this.level = new int[order.length];
        Arrays.fill(level, -1);
        for (int l = 0; l < order.length; l++) {
            int v = order[l];
            if (v < 0 || v >= order.length || level[v] >= 0) {
                throw new IllegalArgumentException("not an order of " + order.length + " variables: " + Arrays.toString(order));
            }
            level[v] = l;
        }
        this.query = JoinQuery.builder(order.length);
    }

    /** A query over variables 0..order.length-1 bound in {@code order} (level l binds {@code order[l]}). */
    public static JoinCompiler ordered(int... order) {
        return new JoinCompiler(order);
    }

    /** A query whose variables are bound in their own numbering (level l binds variable l). */
    public static JoinCompiler inVariableOrder(int varCount) {
        int[] identity = new int[varCount];
        Arrays.setAll(identity, i -> i);
        return new JoinCompiler(identity);
    }

    /** The level that binds {@code var}. */
    public int levelOf(int var) {
        return level[var];
    }

    /** Number of variables. */
    public int varCount() {
        return order.length;
    }

    /** An atom: {@code relation} narrowed by {@code pattern} ({@link AtomPattern#apply}). */
    public JoinCompiler atom(Relation relation, AtomPattern pattern) {
        return narrowedAtom(pattern.apply(relation), pattern.vars());
    }

    /**
     * An atom over a relation already narrowed to its variables' columns: column {@code c} binds
     * {@code vars[c]}, each variable once. A relation without columns only gates the query (no rows: no answer).
     */
    public JoinCompiler narrowedAtom(Relation narrowed, int[] vars) {
        if (narrowed.size() == 0) {
            empty = true;
            if (vars.length == 0) {
                query.filter(-1, binding -> false);
            }
        }
        if (vars.length == 0) {
            return this;
        }
        int[] trieColumns = trieColumns(vars);
        int[] levels = new int[trieColumns.length];
        for (int i = 0; i < trieColumns.length; i++) {
            levels[i] = level[vars[trieColumns[i]]];
        }
        query.atom(narrowed.trie(trieColumns), levels);
        atoms++;
        return this;
    }

    /**
     * An atom over a trie already built: its level i binds {@code vars[i]}, which the order must bind
     * in that sequence (a trie cannot be read in another column order without rebuilding it).
     */
    public JoinCompiler atom(Trie trie, int... vars) {
        int[] levels = new int[vars.length];
        for (int i = 0; i < vars.length; i++) {
            levels[i] = level[vars[i]];
            if (i > 0 && levels[i] <= levels[i - 1]) {
                throw new IllegalArgumentException("the order binds the trie's variables " + Arrays.toString(vars)
                        + " out of its level order");
            }
        }
        empty |= trie.size() == 0;
        query.atom(trie, levels);
        atoms += vars.length > 0 ? 1 : 0;
        return this;
    }

    /**
     * The column order of the trie an atom whose column c binds {@code vars[c]} is read through: its
     * columns by the level of their variables.
     */
    public int[] trieColumns(int[] vars) {
        Integer[] columns = new Integer[vars.length];
        for (int c = 0; c < columns.length; c++) {
            columns[c] = c;
        }
        Arrays.sort(columns, (x, y) -> Integer.compare(level[vars[x]], level[vars[y]]));
        int[] out = new int[columns.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = columns[i];
        }
        return out;
    }

    /** Number of atoms that bind variables (0: the variables are all computed, no join is needed). */
    public int atomCount() {
        return atoms;
    }

    /** {@code a < b} ({@code strict}) or {@code a <= b} between two variables: a bound on whichever is bound later. */
    public JoinCompiler less(int a, int b, boolean strict) {
        int la = level[a];
        int lb = level[b];
        if (la == lb) {
            if (strict) {      // x < x never holds, x <= x always does
                empty = true;
                query.filter(la, binding -> false);
            }
        } else if (la > lb) {
            query.upperBound(la, lb, strict);
        } else {
            query.lowerBound(lb, la, strict);
        }
        return this;
    }

    /** {@code var < c} or {@code var <= c} ({@code upper}), or {@code var > c} or {@code var >= c}. */
    public JoinCompiler constantBound(int var, int c, boolean strict, boolean upper) {
        if (upper) {
            query.upperBoundConst(level[var], c, strict);
        } else {
            query.lowerBoundConst(level[var], c, strict);
        }
        return this;
    }

    /** A test of the binding (indexed by level) once levels 0..{@code atLevel} are bound; -1: once, before the join. */
    public JoinCompiler filter(int atLevel, LevelFilter f) {
        query.filter(atLevel, f);
        return this;
    }

    /** {@code var}'s value computed from the earlier levels' values (a membership test where atoms bind it too). */
    public JoinCompiler computed(int var, ValueFunction f) {
        query.computed(level[var], f);
        return this;
    }

    /** {@code var} takes each value of a range computed from the earlier levels' values. */
    public JoinCompiler generated(int var, ValueRange r) {
        query.generated(level[var], r);
        return this;
    }

    /** Report each distinct binding of the first {@code levels} levels once (the rest only need to exist). */
    public JoinCompiler outputLevels(int levels) {
        query.outputVars(levels);
        return this;
    }

    /** The planner's estimate of the bindings after each level, or null. */
    public JoinCompiler estimatedRows(double[] byLevel) {
        query.estimatedRows(byLevel);
        return this;
    }

    /** The join's work as measured on the data, or -1. */
    public JoinCompiler measuredWork(long work) {
        query.measuredWork(work);
        return this;
    }

    /** The tuples of the delta that drives the join, or -1 for a join over whole relations. */
    public JoinCompiler deltaTuples(long tuples) {
        query.deltaTuples(tuples);
        return this;
    }

    /** True when the query has no answer without running it (an empty input, or {@code x < x}). */
    public boolean isEmpty() {
        return empty;
    }

    /** The join. */
    public JoinQuery build() {
        return query.build();
    }
}
