package io.leapfrog.exec.join;

import io.leapfrog.exec.storage.Trie;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A conjunctive query ready for leapfrog triejoin. Variables are numbered 0..varCount-1 IN JOIN ORDER:
 * level {@code l} binds variable {@code l}. The planner has already renumbered variables and pushed
 * constants and repeated variables into the inputs (selected/projected relations), so every atom is
 * {@code trie(v_0, ..., v_k)} with strictly increasing variables.
 *
 * <p>{@link #builder(int)} makes one; its methods:
 * <ul>
 *   <li>{@code atom(trie, vars...)}: trie level i binds {@code vars[i]}, the variables strictly increasing;
 *       an atom of arity 0 only gates the whole query (an empty one: no results);</li>
 *   <li>{@code lowerBound(var, other, strict)} and {@code upperBound(var, other, strict)}: {@code var > other}
 *       ({@code >=} when not strict), {@code var < other} ({@code <=}), {@code other} an earlier variable;
 *       {@code lowerBoundConst(var, c, strict)} and {@code upperBoundConst(var, c, strict)} against a constant;</li>
 *   <li>{@code filter(level, f)}: checked once variables 0..level are bound (level -1: once, before the join);</li>
 *   <li>{@code computed(var, f)}: var's value is {@code f} of the binding of 0..var-1, where atoms also bind
 *       var a membership test; {@link ValueFunction#NONE} or a value outside the int range rejects the
 *       binding; {@code generated(var, r)}: var takes each value of the range {@code r} gives;</li>
 *   <li>{@code outputVars(k)}: report each distinct binding of 0..k-1 once (the later variables are
 *       existential: the first extension is enough); default every variable;</li>
 *   <li>{@code estimatedRows(rows)} and {@code measuredWork(work)}: the planner's estimate of the bindings
 *       after each level and the join's work measured on the data ({@link LeapfrogJoin#sampleWork}, -1
 *       unknown), which executors use to size and place the join;</li>
 *   <li>{@code deltaTuples(n)}: the size of the delta a recursive round's join is driven by (-1: none),
 *       which executors use to place the join.</li>
 * </ul>
 * Comparisons are of signed ints unless a filter says otherwise. Every variable must be bound by an atom,
 * computed or generated. The builder refuses a variable out of range, atom variables out of order and a
 * bound by a later variable ({@link IllegalArgumentException}).
 */
public final class JoinQuery {
    final int varCount;
    final int outputVars;
    /** Whether some arity-0 atom is empty, making the result empty. */
    final boolean emptyGate;
    final LevelFilter[] preFilters;
    final Level[] levels;
    /** Number of atoms; pos arrays are indexed [atom][trieLevel]. */
    final int atomCount;
    final int[] atomArity;
    private final Trie[] atomTries;
    private final double[] estimatedRows;
    private final long measuredWork;
    private final long deltaTuples;

    /** Everything needed to bind one variable. */
    static final class Level {
        /** Participants: atom index, its trie level, that level's values and the parent's offsets (null at trie level 0). */
        int[] atom;
        int[] trieLevel;
        int[][] vals;
        int[][] parentOffsets;
        /** Participants that are exact duplicates of another (same trie, same bound prefix): they copy its position. */
        int[] aliasAtom;
        int[] aliasTrieLevel;
        int[] aliasOf;
        int[] lowerVars;
        int[] lowerAdd;
        int[] upperVars;
        int[] upperSub;
        long lowerConst = Integer.MIN_VALUE;
        long upperConst = Integer.MAX_VALUE;
        LevelFilter[] filters;
        ValueFunction computed;
        /** Values generated from the earlier variables (Souffle's range), or null. */
        ValueRange generated;
        /**
         * Intersection caching (null when off). A producer level materialises the intersection of the
         * participants {@code cacheG} (within its bounds) into a buffer and leapfrogs that buffer with
         * {@code prodRest}; the next level, a consumer, uses the buffer in place of its participants that
         * read the same lists, joined with {@code consRest}. For x<y<z<w cliques this turns the last
         * level's 3-way intersection N(x)&N(y)&N(z) into buffer&N(z).
         */
        int[] cacheG;
        int[] prodRest;
        int[] consRest;

        int width() {
            return atom.length;
        }

        /** Whether the level's values come from earlier variables (computed or generated), not from atoms. */
        boolean derived() {
            return computed != null || generated != null;
        }
    }

    private JoinQuery(Builder b, Level[] levels) {
        this.varCount = b.varCount;
        this.outputVars = b.outputVars;
        this.emptyGate = b.emptyGate;
        this.preFilters = b.preFilters.toArray(new LevelFilter[0]);
        this.levels = levels;
        this.atomCount = b.tries.size();
        this.atomArity = new int[atomCount];
        this.atomTries = b.tries.toArray(new Trie[0]);
        this.estimatedRows = b.estimatedRows;
        this.measuredWork = b.measuredWork;
        this.deltaTuples = b.deltaTuples;
        for (int a = 0; a < atomCount; a++) {
            atomArity[a] = b.tries.get(a).arity;
        }
    }

    /**
     * One level as other executors (the GPU plan builder) read it: participants as (atom, trie level),
     * participant 0 of level 0 being the smallest first-level list (the driver); duplicates of a
     * participant (same trie, same bound prefix) as aliases; bounds as in the builder.
     */
    public record LevelShape(int[] atom, int[] trieLevel, int[] aliasAtom, int[] aliasTrieLevel, int[] aliasOf,
                             int[] lowerVars, int[] lowerAdd, int[] upperVars, int[] upperSub,
                             long lowerConst, long upperConst, int filterCount, boolean computed) {
    }

    /** Level {@code l}'s shape (copies; the query is not changed). */
    public LevelShape shape(int l) {
        Level lv = levels[l];
        return new LevelShape(lv.atom.clone(), lv.trieLevel.clone(), lv.aliasAtom.clone(), lv.aliasTrieLevel.clone(),
                lv.aliasOf.clone(), lv.lowerVars.clone(), lv.lowerAdd.clone(), lv.upperVars.clone(), lv.upperSub.clone(),
                lv.lowerConst, lv.upperConst, lv.filters.length, lv.derived());
    }

    /**
     * The planner's estimate of the bindings after each level ({@code [l]}: of variables 0..l), or null
     * when none was given (for memory estimates of other executors).
     */
    public double[] estimatedRows() {
        return estimatedRows == null ? null : estimatedRows.clone();
    }

    /** The join's work under its order as measured on the data ({@link LeapfrogJoin#sampleWork}), or -1. */
    public long measuredWork() {
        return measuredWork;
    }

    /**
     * The tuples of the delta that drives the join (one round of a recursive stratum, where one atom reads
     * what the last round added), or -1 for a join over whole relations.
     */
    public long deltaTuples() {
        return deltaTuples;
    }

    /** Number of atoms of positive arity. */
    public int atomCount() {
        return atomCount;
    }

    /** The trie atom {@code a} reads. */
    public Trie atomTrie(int a) {
        return atomTries[a];
    }

    /**
     * False when the query has no result regardless of the join: an empty arity-0 atom, or a
     * pre-join filter (level -1) that fails.
     */
    public boolean passesGate() {
        if (emptyGate) {
            return false;
        }
        int[] nothing = new int[varCount];
        for (LevelFilter f : preFilters) {
            if (!f.test(nothing)) {
                return false;
            }
        }
        return true;
    }

    public static Builder builder(int varCount) {
        return new Builder(varCount);
    }

    /**
     * Makes the CPU join count, into {@code rows} (one slot per level, added to), the bindings that pass each
     * level's filters: {@code explain --analyze}'s actual rows. Null stops counting. Counted by
     * {@link LeapfrogJoin#run} and {@link LeapfrogJoin#count} over every worker; a GPU join does not count.
     */
    public void countLevelRows(java.util.concurrent.atomic.AtomicLongArray rows) {
        this.levelRows = rows;
    }

    java.util.concurrent.atomic.AtomicLongArray levelRows() {
        return levelRows;
    }

    private volatile java.util.concurrent.atomic.AtomicLongArray levelRows;

    /** Told how far a CPU join has come: the first level's values handed to workers so far, of all. */
    @FunctionalInterface
    public interface Watch {
        void watching(java.util.function.IntSupplier firstLevelDone, int firstLevelTotal);
    }

    private volatile Watch watch;

    /** Makes {@link LeapfrogJoin} tell {@code w} (null: nobody) how far it has come, when it splits the first level. */
    public void watch(Watch w) {
        this.watch = w;
    }

    Watch watch() {
        return watch;
    }

    public int varCount() {
        return varCount;
    }

    public int outputVars() {
        return outputVars;
    }

    /** Builds a {@link JoinQuery}; not thread-safe. */
    public static final class Builder {
        /** Bounds per side of a level that implied bounds fill up to: the GPU plan's capacity (plan.cuh). */
        private static final int MAX_BOUNDS_PER_SIDE = 4;
        private final int varCount;
        private final List<Trie> tries = new ArrayList<>();
        private final List<int[]> atomVars = new ArrayList<>();
        private final List<List<int[]>> lower = new ArrayList<>();
        private final List<List<int[]>> upper = new ArrayList<>();
        private final long[] lowerConst;
        private final long[] upperConst;
        private final List<List<LevelFilter>> filters = new ArrayList<>();
        private final List<LevelFilter> preFilters = new ArrayList<>();
        private final ValueFunction[] computed;
        private final ValueRange[] generated;
        private int outputVars;
        private boolean emptyGate;
        private double[] estimatedRows;
        private long measuredWork = -1;
        private long deltaTuples = -1;

        private Builder(int varCount) {
            if (varCount < 0) {
                throw new IllegalArgumentException("negative varCount " + varCount);
            }
            this.varCount = varCount;
            this.outputVars = varCount;
            this.lowerConst = new long[varCount];
            this.upperConst = new long[varCount];
            Arrays.fill(lowerConst, Integer.MIN_VALUE);
            Arrays.fill(upperConst, Integer.MAX_VALUE);
            this.computed = new ValueFunction[varCount];
            this.generated = new ValueRange[varCount];
            for (int i = 0; i < varCount; i++) {
                lower.add(new ArrayList<>());
                upper.add(new ArrayList<>());
                filters.add(new ArrayList<>());
            }
        }

        private void checkVar(int v) {
            if (v < 0 || v >= varCount) {
                throw new IllegalArgumentException("variable " + v + " out of range 0.." + (varCount - 1));
            }
        }

        /** An atom whose trie level i binds variable vars[i]; vars strictly increasing. */
        public Builder atom(Trie trie, int... vars) {
            if (vars.length != trie.arity) {
                throw new IllegalArgumentException("atom with " + vars.length + " variables over a trie of arity " + trie.arity);
            }
            for (int i = 0; i < vars.length; i++) {
                checkVar(vars[i]);
                if (i > 0 && vars[i] <= vars[i - 1]) {
                    throw new IllegalArgumentException("atom variables not strictly increasing: " + Arrays.toString(vars));
                }
            }
            if (vars.length == 0) {
                emptyGate |= trie.size() == 0;
                return this;
            }
            tries.add(trie);
            atomVars.add(vars.clone());
            return this;
        }

        private void checkOrder(int var, int otherVar) {
            checkVar(var);
            checkVar(otherVar);
            if (otherVar >= var) {
                throw new IllegalArgumentException("bound on variable " + var + " by later variable " + otherVar);
            }
        }

        /** var > otherVar (strict) or var >= otherVar; otherVar is bound earlier. */
        public Builder lowerBound(int var, int otherVar, boolean strict) {
            checkOrder(var, otherVar);
            lower.get(var).add(new int[]{otherVar, strict ? 1 : 0});
            return this;
        }

        /** {@code var < otherVar} (strict) or {@code var <= otherVar}; otherVar is bound earlier. */
        public Builder upperBound(int var, int otherVar, boolean strict) {
            checkOrder(var, otherVar);
            upper.get(var).add(new int[]{otherVar, strict ? 1 : 0});
            return this;
        }

        /** var > c (strict) or var >= c. */
        public Builder lowerBoundConst(int var, int c, boolean strict) {
            checkVar(var);
            lowerConst[var] = Math.max(lowerConst[var], (long) c + (strict ? 1 : 0));
            return this;
        }

        /** {@code var < c} (strict) or {@code var <= c}. */
        public Builder upperBoundConst(int var, int c, boolean strict) {
            checkVar(var);
            upperConst[var] = Math.min(upperConst[var], (long) c - (strict ? 1 : 0));
            return this;
        }

        /** A predicate checked once variables 0..level are bound (level -1: once, before the join). */
        public Builder filter(int level, LevelFilter f) {
            if (level == -1) {
                preFilters.add(f);
                return this;
            }
            checkVar(level);
            filters.get(level).add(f);
            return this;
        }

        /** var's value is f(binding of 0..var-1); a membership test where atoms also bind var. */
        public Builder computed(int var, ValueFunction f) {
            checkUnderived(var);
            computed[var] = f;
            return this;
        }

        /** var takes each value of r(binding of 0..var-1); a membership test where atoms also bind var. */
        public Builder generated(int var, ValueRange r) {
            checkUnderived(var);
            generated[var] = r;
            return this;
        }

        private void checkUnderived(int var) {
            checkVar(var);
            if (computed[var] != null || generated[var] != null) {
                throw new IllegalArgumentException("variable " + var + " computed twice");
            }
        }

        /** The join's work as measured on the data by the planner (-1: not measured). */
        public Builder measuredWork(long work) {
            measuredWork = work;
            return this;
        }

        /** The tuples of the delta that drives the join (-1: none, a join over whole relations). */
        public Builder deltaTuples(long tuples) {
            deltaTuples = tuples;
            return this;
        }

        /** The planner's estimate of the bindings after each level (one entry per variable). */
        public Builder estimatedRows(double[] rows) {
            if (rows != null && rows.length != varCount) {
                throw new IllegalArgumentException(rows.length + " estimates for " + varCount + " levels");
            }
            estimatedRows = rows == null ? null : rows.clone();
            return this;
        }

        /** Report each distinct binding of variables 0..k-1 once. */
        public Builder outputVars(int k) {
            if (k < 0 || k > varCount) {
                throw new IllegalArgumentException("outputVars " + k + " outside 0.." + varCount);
            }
            outputVars = k;
            return this;
        }

        public JoinQuery build() {
            addImpliedBounds();
            Level[] levels = new Level[varCount];
            for (int l = 0; l < varCount; l++) {
                levels[l] = compileLevel(l);
            }
            for (int l = 1; l + 1 < varCount; l++) {
                planCache(levels, l);
            }
            return new JoinQuery(this, levels);
        }

        /**
         * Adds the bounds the data implies. An atom over a binary trie whose every tuple increases from
         * its first level to its second ({@link Trie#levelOrder}; a graph's edges oriented from lower to
         * higher id) holds only bindings with its first variable below its second, so the later of the two
         * may be bounded by the earlier without changing the answer. The bound prunes the atom's other
         * lists: in {@code e(x,y), e(y,z), e(x,z)} over such edges, z's candidates from x's list start
         * after y, not at x's first neighbour (on an R-MAT graph about 1.6x fewer probes at the last level).
         * A bound that others imply is left out (with x < y < z, z needs no bound by x), and a side keeps
         * at most {@link #MAX_BOUNDS_PER_SIDE} bounds in all, the most the GPU plan holds.
         */
        private void addImpliedBounds() {
            int n = varCount;
            long[][] below = new long[n][(n + 63) >>> 6]; // bit b of below[a]: every answer has value a < value b
            List<int[]> implied = new ArrayList<>();  // {a, b}: a < b, implied by an atom
            for (int i = 0; i < tries.size(); i++) {
                int[] vars = atomVars.get(i);
                if (vars.length != 2 || computed[vars[1]] != null || generated[vars[1]] != null) {
                    continue;
                }
                Trie.LevelOrder order = tries.get(i).levelOrder();
                if (order != Trie.LevelOrder.NONE) {
                    int lo = order == Trie.LevelOrder.INCREASING ? vars[0] : vars[1];
                    int hi = order == Trie.LevelOrder.INCREASING ? vars[1] : vars[0];
                    set(below[lo], hi);
                    implied.add(new int[]{lo, hi});
                }
            }
            if (implied.isEmpty()) {
                return;
            }
            for (int v = 0; v < n; v++) {
                for (int[] b : lower.get(v)) {
                    if (b[1] == 1) {
                        set(below[b[0]], v);
                    }
                }
                for (int[] b : upper.get(v)) {
                    if (b[1] == 1) {
                        set(below[v], b[0]);
                    }
                }
            }
            for (int k = 0; k < n; k++) {                 // transitive closure, a word of targets at a time
                long[] viaK = below[k];
                for (int a = 0; a < n; a++) {
                    if (isSet(below[a], k)) {
                        long[] row = below[a];
                        for (int w = 0; w < row.length; w++) {
                            row[w] |= viaK[w];
                        }
                    }
                }
            }
            for (int v = 0; v < n; v++) {
                List<Integer> from = new ArrayList<>();   // implied lower bounds of v: a < v
                List<Integer> to = new ArrayList<>();     // implied upper bounds of v: v < b
                for (int[] ab : implied) {
                    if (ab[1] == v && ab[0] < v && !from.contains(ab[0])) {
                        from.add(ab[0]);
                    } else if (ab[0] == v && ab[1] < v && !to.contains(ab[1])) {
                        to.add(ab[1]);
                    }
                }
                addImplied(lower.get(v), from, (a, c) -> isSet(below[a], c) && !isSet(below[c], a));
                addImplied(upper.get(v), to, (b, c) -> isSet(below[c], b) && !isSet(below[b], c));
            }
        }

        private static void set(long[] bits, int i) {
            bits[i >>> 6] |= 1L << i;
        }

        private static boolean isSet(long[] bits, int i) {
            return (bits[i >>> 6] & (1L << i)) != 0;
        }

        /**
         * Adds a strict bound by each variable of {@code implied} to {@code side} unless the side holds it,
         * a tighter bound ({@code tighter.test(var, other)}: other's bound implies var's) is there or
         * implied, or the side is full.
         */
        private static void addImplied(List<int[]> side, List<Integer> implied,
                                       java.util.function.BiPredicate<Integer, Integer> tighter) {
            List<Integer> sources = new ArrayList<>(implied);
            for (int[] b : side) {
                if (b[1] == 1) {
                    sources.add(b[0]);
                }
            }
            for (int var : implied) {
                if (side.size() >= MAX_BOUNDS_PER_SIDE) {
                    return;
                }
                boolean needed = side.stream().noneMatch(b -> b[0] == var && b[1] == 1)
                        && sources.stream().noneMatch(other -> other != var && tighter.test(var, other));
                if (needed) {
                    side.add(new int[]{var, 1});
                }
            }
        }

        /** Makes level l a cache producer and l+1 its consumer when they share at least two lists. */
        private void planCache(Level[] levels, int l) {
            Level a = levels[l];
            Level b = levels[l + 1];
            if (a.derived() || b.derived() || a.consRest != null) {
                return;
            }
            List<Integer> g = new ArrayList<>();
            boolean[] matched = new boolean[b.width()];
            for (int i = 0; i < a.width(); i++) {
                int t = a.trieLevel[i];
                if (t != tries.get(a.atom[i]).arity - 1) {
                    continue; // deeper levels need this participant's position, which the buffer loses
                }
                for (int j = 0; j < b.width(); j++) {
                    if (!matched[j] && b.trieLevel[j] == t && tries.get(b.atom[j]) == tries.get(a.atom[i])
                            && Arrays.equals(atomVars.get(a.atom[i]), 0, t, atomVars.get(b.atom[j]), 0, t)) {
                        matched[j] = true;
                        g.add(i);
                        break;
                    }
                }
            }
            if (g.size() < 2) {
                return;
            }
            a.cacheG = g.stream().mapToInt(Integer::intValue).toArray();
            List<Integer> rest = new ArrayList<>();
            for (int i = 0; i < a.width(); i++) {
                if (!g.contains(i)) {
                    rest.add(i);
                }
            }
            a.prodRest = rest.stream().mapToInt(Integer::intValue).toArray();
            List<Integer> crest = new ArrayList<>();
            for (int j = 0; j < b.width(); j++) {
                if (!matched[j]) {
                    crest.add(j);
                }
            }
            b.consRest = crest.stream().mapToInt(Integer::intValue).toArray();
        }

        private Level compileLevel(int l) {
            Level lv = new Level();
            List<int[]> parts = new ArrayList<>();   // {atom, trieLevel}
            List<int[]> aliases = new ArrayList<>(); // {atom, trieLevel, participant index}
            for (int a = 0; a < tries.size(); a++) {
                int[] vars = atomVars.get(a);
                for (int t = 0; t < vars.length; t++) {
                    if (vars[t] != l) {
                        continue;
                    }
                    int dup = -1;
                    for (int p = 0; p < parts.size() && dup < 0; p++) {
                        int[] q = parts.get(p);
                        if (q[1] == t && tries.get(q[0]) == tries.get(a)
                                && Arrays.equals(atomVars.get(q[0]), 0, t + 1, vars, 0, t + 1)) {
                            dup = p;
                        }
                    }
                    if (dup >= 0) {
                        aliases.add(new int[]{a, t, dup});
                    } else {
                        parts.add(new int[]{a, t});
                    }
                }
            }
            if (parts.isEmpty() && computed[l] == null && generated[l] == null) {
                throw new IllegalArgumentException("variable " + l + " is bound by no atom and not computed");
            }
            // Smallest first-level list drives the parallel split and the leapfrog start.
            if (l == 0) {
                parts.sort((x, y) -> Integer.compare(tries.get(x[0]).values[0].length, tries.get(y[0]).values[0].length));
            }
            int m = parts.size();
            lv.atom = new int[m];
            lv.trieLevel = new int[m];
            lv.vals = new int[m][];
            lv.parentOffsets = new int[m][];
            for (int i = 0; i < m; i++) {
                int a = parts.get(i)[0];
                int t = parts.get(i)[1];
                lv.atom[i] = a;
                lv.trieLevel[i] = t;
                lv.vals[i] = tries.get(a).values[t];
                lv.parentOffsets[i] = t == 0 ? null : tries.get(a).offsets[t - 1];
            }
            // Aliases were recorded against indexes before sorting; remap by (atom, trieLevel).
            lv.aliasAtom = new int[aliases.size()];
            lv.aliasTrieLevel = new int[aliases.size()];
            lv.aliasOf = new int[aliases.size()];
            List<int[]> unsorted = new ArrayList<>();
            for (int[] al : aliases) {
                unsorted.add(al);
            }
            for (int i = 0; i < unsorted.size(); i++) {
                int[] al = unsorted.get(i);
                lv.aliasAtom[i] = al[0];
                lv.aliasTrieLevel[i] = al[1];
                lv.aliasOf[i] = -1;
            }
            for (int i = 0; i < unsorted.size(); i++) {
                int[] al = unsorted.get(i);
                Trie tr = tries.get(al[0]);
                int[] vars = atomVars.get(al[0]);
                for (int p = 0; p < m; p++) {
                    if (lv.trieLevel[p] == al[1] && tries.get(lv.atom[p]) == tr
                            && Arrays.equals(atomVars.get(lv.atom[p]), 0, al[1] + 1, vars, 0, al[1] + 1)) {
                        lv.aliasOf[i] = p;
                        break;
                    }
                }
            }
            List<int[]> lo = lower.get(l);
            lv.lowerVars = new int[lo.size()];
            lv.lowerAdd = new int[lo.size()];
            for (int i = 0; i < lo.size(); i++) {
                lv.lowerVars[i] = lo.get(i)[0];
                lv.lowerAdd[i] = lo.get(i)[1];
            }
            List<int[]> up = upper.get(l);
            lv.upperVars = new int[up.size()];
            lv.upperSub = new int[up.size()];
            for (int i = 0; i < up.size(); i++) {
                lv.upperVars[i] = up.get(i)[0];
                lv.upperSub[i] = up.get(i)[1];
            }
            lv.lowerConst = lowerConst[l];
            lv.upperConst = upperConst[l];
            lv.filters = filters.get(l).toArray(new LevelFilter[0]);
            lv.computed = computed[l];
            lv.generated = generated[l];
            return lv;
        }
    }
}
