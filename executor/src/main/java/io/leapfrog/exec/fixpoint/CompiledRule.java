package io.leapfrog.exec.fixpoint;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import io.leapfrog.exec.storage.Relation;

/**
 * A {@link FixpointProgram.Rule} as arrays the CPU fixpoints read in their inner loops: its lookups (an
 * index of an earlier relation by the key column, or the stratum relation and column a recursive lookup
 * reads), its tests (membership tests with their relation's keys) and its head.
 */
final class CompiledRule {
    final FixpointProgram.Rule rule;
    /** Lookup j's index of an earlier relation; null for a lookup into the stratum ({@link #source}). */
    final KeyedColumns[] lookups;
    /** Lookup j's relation of the stratum, or -1. */
    final int[] source;
    final int[] keyColumn;
    final int[] keyVar;
    final int[] keyConst;
    final int[] outVar;
    final FixpointProgram.TestKind[] kind;
    final int[] stage;
    final int[] lhs;
    final int[] lhsConst;
    final int[] rhs;
    final int[] rhsConst;
    final long[][] members;
    final boolean lateTests;
    final int[] headVar;
    final int[] headConst;
    final int target;
    /**
     * The last lookup binds the head's second column and nothing else reads it (the head's first column
     * is bound before it, no test waits for it): its values are the candidates' second columns, one run
     * for one first column.
     */
    final boolean tailRun;
    /**
     * The delta tuple's second column is the head's second column and nothing else reads it: a run of
     * delta tuples with one first column makes the same bindings, each with all the run's second columns.
     */
    final boolean factored;
    /**
     * The lookups keyed by the delta's first and second column when the rule has the cross shape
     * ({@link FixpointProgram.Rule#crossLookups}: same generation), whose runs of delta tuples are joined
     * to the union of their second lookups' values; -1 otherwise.
     */
    final int crossFirst;
    final int crossSecond;

    private CompiledRule(FixpointProgram.Rule r, KeyedColumns[] lookups, long[][] members) {
        this.rule = r;
        this.lookups = lookups;
        int nl = lookups.length;
        source = new int[nl];
        keyColumn = new int[nl];
        keyVar = new int[nl];
        keyConst = new int[nl];
        outVar = new int[nl];
        for (int j = 0; j < nl; j++) {
            FixpointProgram.Lookup l = r.lookups().get(j);
            source[j] = l.source();
            keyColumn[j] = l.keyColumn();
            keyVar[j] = l.keyVar();
            keyConst[j] = l.keyConst();
            outVar[j] = l.outVar();
        }
        int nt = r.tests().size();
        kind = new FixpointProgram.TestKind[nt];
        stage = new int[nt];
        lhs = new int[nt];
        lhsConst = new int[nt];
        rhs = new int[nt];
        rhsConst = new int[nt];
        boolean late = false;
        for (int t = 0; t < nt; t++) {
            FixpointProgram.Test x = r.tests().get(t);
            kind[t] = x.kind();
            stage[t] = x.stage();
            lhs[t] = x.lhs();
            lhsConst[t] = x.lhsConst();
            rhs[t] = x.rhs();
            rhsConst[t] = x.rhsConst();
            late |= x.stage() > 0;
        }
        this.members = members;
        this.lateTests = late;
        headVar = r.headVars().clone();
        headConst = r.headConsts().clone();
        target = r.target();
        tailRun = nl > 0 && !late && headVar.length == 2 && outVar[nl - 1] >= 0 && headVar[1] == outVar[nl - 1]
                && headVar[0] != outVar[nl - 1];
        factored = factors(r);
        int[] cross = r.crossLookups();
        crossFirst = cross == null ? -1 : cross[0];
        crossSecond = cross == null ? -1 : cross[1];
    }

    private static boolean factors(FixpointProgram.Rule r) {
        int[] dv = r.deltaVars();
        int[] hv = r.headVars();
        if (dv.length != 2 || hv.length != 2 || dv[1] < 0 || dv[1] == dv[0] || hv[1] != dv[1] || hv[0] == dv[1]) {
            return false;
        }
        int v = dv[1];
        for (FixpointProgram.Lookup l : r.lookups()) {
            if (l.keyVar() == v || l.outVar() == v) {
                return false;
            }
        }
        for (FixpointProgram.Test t : r.tests()) {
            if (t.lhs() == v || t.rhs() == v) {
                return false;
            }
        }
        return true;
    }

    /** The program's rules, each earlier relation indexed once per key column it is looked up by. */
    static List<CompiledRule> compile(FixpointProgram p) {
        Map<Relation, KeyedColumns[]> indexes = new IdentityHashMap<>();
        Map<Relation, long[]> members = new IdentityHashMap<>();
        List<CompiledRule> out = new ArrayList<>();
        for (FixpointProgram.Rule r : p.rules()) {
            KeyedColumns[] lk = new KeyedColumns[r.lookups().size()];
            for (int j = 0; j < lk.length; j++) {
                FixpointProgram.Lookup l = r.lookups().get(j);
                if (l.isRecursive()) {
                    continue;
                }
                KeyedColumns[] byColumn = indexes.computeIfAbsent(l.relation(), k -> new KeyedColumns[2]);
                if (byColumn[l.keyColumn()] == null) {
                    byColumn[l.keyColumn()] = KeyedColumns.of(l.relation(), l.keyColumn());
                }
                lk[j] = byColumn[l.keyColumn()];
            }
            long[][] mk = new long[r.tests().size()][];
            for (int t = 0; t < mk.length; t++) {
                Relation m = r.tests().get(t).members();
                if (m != null) {
                    mk[t] = members.computeIfAbsent(m, TupleKeys::of);
                }
            }
            out.add(new CompiledRule(r, lk, mk));
        }
        return out;
    }

    /** Lookup j's key under the binding. */
    int key(int j, int[] vars) {
        return keyVar[j] == FixpointProgram.CONST ? keyConst[j] : vars[keyVar[j]];
    }

    /** Binds the delta tuple's variables; false when a test of the delta tuple alone fails. */
    boolean bindDelta(long key, int[] vars) {
        int[] dv = rule.deltaVars();
        if (dv[0] >= 0) {
            vars[dv[0]] = TupleKeys.col0(key);
        }
        if (dv.length == 2 && dv[1] >= 0) {
            vars[dv[1]] = TupleKeys.col1(key);
        }
        for (int t = 0; t < stage.length; t++) {
            if (stage[t] == 0 && !test(t, vars)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the tests that need lookups' values hold for the complete binding. */
    boolean lateTestsHold(int[] vars) {
        if (lateTests) {
            for (int t = 0; t < stage.length; t++) {
                if (stage[t] > 0 && !test(t, vars)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The head's tuple under the complete binding, as a key. */
    long head(int[] vars) {
        int c0 = headVar[0] == FixpointProgram.CONST ? headConst[0] : vars[headVar[0]];
        int c1 = headVar.length == 1 ? 0 : headVar[1] == FixpointProgram.CONST ? headConst[1] : vars[headVar[1]];
        return TupleKeys.pack(c0, c1);
    }

    /** The head's first column under a binding that has it. */
    int headFirst(int[] vars) {
        return headVar[0] == FixpointProgram.CONST ? headConst[0] : vars[headVar[0]];
    }

    /** Whether test t holds for the binding. */
    boolean test(int t, int[] vars) {
        int l = lhs[t] == FixpointProgram.CONST ? lhsConst[t] : vars[lhs[t]];
        int r = rhs[t] == FixpointProgram.CONST ? rhsConst[t] : rhs[t] >= 0 ? vars[rhs[t]] : 0;
        return switch (kind[t]) {
            case EQ -> l == r;
            case NE -> l != r;
            case LT -> l < r;
            case LE -> l <= r;
            case GT -> l > r;
            case GE -> l >= r;
            case MEMBER -> TupleKeys.contains(members[t], TupleKeys.pack(l, r));
            case NOT_MEMBER -> !TupleKeys.contains(members[t], TupleKeys.pack(l, r));
        };
    }
}
