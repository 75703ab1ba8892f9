package io.leapfrog.exec.fixpoint;

import io.leapfrog.exec.storage.Relation;
import io.leapfrog.kernels.layout.KernelConstants;

import java.util.List;

/**
 * A recursive stratum in the form the hash fixpoints run ({@link CpuFixpoint}, and GpuFixpoint on the
 * device): its relations (one or two columns each) and, per rule and atom over a relation of the stratum, one semi-naive variant: for each tuple of that
 * relation's delta, the values its {@link Lookup}s find in relations of earlier strata, filtered by its
 * {@link Test}s, make the head's tuple. Variables are numbered from 0 ({@link #MAX_VARS} at most).
 *
 * @param relations the stratum's relations, by index
 * @param arities   their column counts (1 or 2)
 * @param rules     the semi-naive variants
 */
public record FixpointProgram(List<String> relations, int[] arities, List<Rule> rules) {
    public static final int MAX_VARS = KernelConstants.LF_FIX_MAX_VARS;
    public static final int MAX_LOOKUPS = KernelConstants.LF_FIX_MAX_LOOKUPS;
    public static final int MAX_TESTS = KernelConstants.LF_FIX_MAX_TESTS;
    /** An operand, head column or lookup key that is a constant, not a variable. */
    public static final int CONST = KernelConstants.LF_FIX_CONST;
    /** A delta column or lookup value that nothing reads. */
    public static final int IGNORED = KernelConstants.LF_FIX_IGNORED;

    public FixpointProgram {
        relations = List.copyOf(relations);
        arities = arities.clone();
        rules = List.copyOf(rules);
        for (int a : arities) {
            if (a != 1 && a != 2) {
                throw new IllegalArgumentException("a hash fixpoint keeps relations of one or two columns, not " + a);
            }
        }
        for (Rule r : rules) {
            for (Lookup l : r.lookups()) {
                if (l.isRecursive() && (l.source() >= arities.length || arities[l.source()] != 2)) {
                    throw new IllegalArgumentException(r.label() + ": a lookup reads a binary relation of the stratum");
                }
            }
            if (r.lookups().size() > MAX_LOOKUPS || r.tests().size() > MAX_TESTS) {
                throw new IllegalArgumentException(r.label() + ": more lookups or tests than a hash fixpoint takes");
            }
        }
    }

    /**
     * An atom over a binary relation whose column {@code keyColumn} is a variable bound before it
     * ({@code keyVar}: by the delta tuple or an earlier lookup) or a constant ({@code keyVar} {@link #CONST},
     * value {@code keyConst}); each value of its other column binds {@code outVar} (or, {@link #IGNORED},
     * only whether there is one matters). The relation is one of an earlier stratum ({@code relation}), or
     * relation {@code source} of this stratum (then {@code relation} is null): a lookup into the tuples
     * known when the round started, which is how non-linear rules read their second recursive atom.
     */
    public record Lookup(Relation relation, int source, int keyColumn, int keyVar, int keyConst, int outVar) {
        public Lookup {
            if ((relation == null) == (source < 0) || (keyColumn != 0 && keyColumn != 1)
                    || relation != null && relation.arity() != 2) {
                throw new IllegalArgumentException("a lookup reads one column of one binary relation");
            }
        }

        /** A lookup into relation {@code relation} of an earlier stratum. */
        public static Lookup of(Relation relation, int keyColumn, int keyVar, int keyConst, int outVar) {
            return new Lookup(relation, -1, keyColumn, keyVar, keyConst, outVar);
        }

        /** A lookup into relation {@code source} of the stratum itself. */
        public static Lookup recursive(int source, int keyColumn, int keyVar, int keyConst, int outVar) {
            return new Lookup(null, source, keyColumn, keyVar, keyConst, outVar);
        }

        public boolean isRecursive() {
            return source >= 0;
        }
    }

    /** What a {@link Test} checks; the order is the kernels' LfFixTestKind. */
    public enum TestKind { EQ, NE, LT, LE, GT, GE, MEMBER, NOT_MEMBER }

    /**
     * {@code lhs kind rhs} over signed values, or whether the tuple (lhs) or (lhs, rhs) is
     * ({@code MEMBER}) or is not ({@code NOT_MEMBER}) in {@code members} (one or two columns). An operand
     * is a variable, or {@link #CONST} with its value in {@code lhsConst} / {@code rhsConst}.
     * {@code stage}: how many of the rule's lookups must have bound their variables first (0: the delta
     * tuple's alone, tested before any lookup).
     */
    public record Test(TestKind kind, int stage, int lhs, int lhsConst, int rhs, int rhsConst, Relation members) {
        public Test {
            if ((kind == TestKind.MEMBER || kind == TestKind.NOT_MEMBER) != (members != null)) {
                throw new IllegalArgumentException("a membership test, and only one, names its relation");
            }
        }

        public static Test compare(TestKind kind, int stage, int lhs, int lhsConst, int rhs, int rhsConst) {
            return new Test(kind, stage, lhs, lhsConst, rhs, rhsConst, null);
        }
    }

    /**
     * One semi-naive variant of a rule: reads the delta of relation {@code delta}, whose columns bind
     * {@code deltaVars} (or are {@link #IGNORED}), adds to relation {@code target} the tuples of
     * {@code headVars} ({@link #CONST}: the column's value is {@code headConsts}).
     */
    public record Rule(String label, int delta, int target, int[] deltaVars, List<Lookup> lookups, List<Test> tests,
                       int[] headVars, int[] headConsts) {
        public Rule {
            deltaVars = deltaVars.clone();
            lookups = List.copyOf(lookups);
            tests = List.copyOf(tests);
            headVars = headVars.clone();
            headConsts = headConsts.clone();
        }

        /**
         * Whether the rule joins the delta tuple's two columns to nothing but one lookup of an earlier
         * relation each, the head being the first lookup's value and then the second's, with no test
         * ({@code sg(x, y) :- e(a, x), sg(a, b), e(b, y)}): then its tuples are those of {@code t(a, y) :-
         * delta(a, b), e(b, y)} joined with {@code e(a, x)}, and every y of a run of delta tuples with one a
         * goes to every x of a. Returns the indexes of the lookups keyed by the delta's first and second
         * column, or null when the rule is not of this shape.
         */
        public int[] crossLookups() {
            if (deltaVars.length != 2 || headVars.length != 2 || lookups.size() != 2 || !tests.isEmpty()
                    || deltaVars[0] < 0 || deltaVars[1] < 0 || deltaVars[0] == deltaVars[1]
                    || lookups.get(0).isRecursive() || lookups.get(1).isRecursive()) {
                return null;
            }
            int first = lookups.get(0).keyVar() == deltaVars[0] ? 0 : 1;
            Lookup a = lookups.get(first);
            Lookup b = lookups.get(1 - first);
            boolean shape = a.keyVar() == deltaVars[0] && b.keyVar() == deltaVars[1] && a.outVar() >= 0
                    && b.outVar() >= 0 && a.outVar() != b.outVar() && a.outVar() != deltaVars[0]
                    && a.outVar() != deltaVars[1] && b.outVar() != deltaVars[0] && b.outVar() != deltaVars[1]
                    && headVars[0] == a.outVar() && headVars[1] == b.outVar();
            return shape ? new int[]{first, 1 - first} : null;
        }
    }

    /** Whether a rule reads a relation of the stratum other than through its delta (a lookup). */
    public boolean isNonLinear() {
        for (Rule r : rules) {
            for (Lookup l : r.lookups()) {
                if (l.isRecursive()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether some lookup's key is a variable that another lookup binds (not the delta tuple). */
    public boolean hasChains() {
        for (Rule r : rules) {
            boolean[] fromDelta = new boolean[MAX_VARS];
            for (int v : r.deltaVars()) {
                if (v >= 0) {
                    fromDelta[v] = true;
                }
            }
            for (Lookup l : r.lookups()) {
                if (l.keyVar() >= 0 && !fromDelta[l.keyVar()]) {
                    return true;
                }
            }
        }
        return false;
    }

    public int relationCount() {
        return relations.size();
    }

    /**
     * A column every rule copies from its delta tuple to its head (the same variable in both), or -1: then
     * the tuples whose value there falls in one part of a partition of the values derive only tuples of
     * that part, and the fixpoint can run part by part (in transitive closure, the first column). Never
     * when a rule looks up a relation of the stratum, whose tuples of every part it may need.
     */
    public int carriedColumn() {
        if (isNonLinear()) {
            return -1;
        }
        for (int c = 0; c < 2; c++) {
            boolean carried = true;
            for (int a : arities) {
                carried &= c < a;
            }
            for (Rule r : rules) {
                carried &= c < r.deltaVars().length && c < r.headVars().length && r.deltaVars()[c] >= 0
                        && r.headVars()[c] == r.deltaVars()[c];
            }
            if (carried) {
                return c;
            }
        }
        return -1;
    }
}
