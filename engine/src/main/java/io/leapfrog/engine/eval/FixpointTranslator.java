package io.leapfrog.engine.eval;

import io.leapfrog.ast.Expr;
import io.leapfrog.ast.Literal;
import io.leapfrog.check.BaseType;
import io.leapfrog.exec.fixpoint.FixpointProgram;
import io.leapfrog.exec.fixpoint.FixpointProgram.Lookup;
import io.leapfrog.exec.fixpoint.FixpointProgram.Test;
import io.leapfrog.exec.fixpoint.FixpointProgram.TestKind;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.plan.JoinNode;
import io.leapfrog.plan.Predicate;
import io.leapfrog.plan.RulePlan;
import io.leapfrog.plan.Scan;
import io.leapfrog.plan.StratumPlan;
import io.leapfrog.planner.datalog.BodyTypes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decides whether a recursive stratum can run as a {@link FixpointProgram} (the hash fixpoints of the CPU
 * and the GPU) and, if so, writes
 * it. It can when the stratum's relations have one or two columns and keep no special insertion semantics
 * (eqrel, choice-domain), and each rule's atoms can be read in an order where each is keyed by one
 * column whose value is known by then (a lookup: into an earlier relation, or into the tuples of a
 * binary relation of the stratum known when the round started) or is an earlier relation it only tests;
 * its other literals are comparisons of variables and constants and negations of earlier relations; its
 * head is variables and constants. A rule with k atoms of the stratum becomes k semi-naive variants, one
 * reading each atom's delta. Rules without a recursive atom add nothing after the first round, which runs
 * on the CPU.
 * Otherwise {@link Translation#reason} says, in a phrase, what keeps the stratum on the CPU.
 */
final class FixpointTranslator {

    /** The program (its rules: the variants of the rules that read a relation of the stratum), or why there is none. */
    record Translation(FixpointProgram program, String reason) {
        static Translation no(String reason) {
            return new Translation(null, reason);
        }
    }

    /** A reason a rule cannot run on the GPU. */
    private static final class Ineligible extends Exception {
        Ineligible(String reason) {
            super(reason, null, false, false);
        }
    }

    private final EvalContext ctx;
    private final StratumPlan stratum;

    private FixpointTranslator(EvalContext ctx, StratumPlan stratum) {
        this.ctx = ctx;
        this.stratum = stratum;
    }

    static Translation translate(EvalContext ctx, StratumPlan stratum) {
        return new FixpointTranslator(ctx, stratum).translate();
    }

    private Translation translate() {
        if (!stratum.recursive()) {
            return Translation.no("it is not recursive");
        }
        if (!stratum.equivalences().isEmpty()) {
            return Translation.no("it keeps an eqrel relation closed");
        }
        if (!stratum.choiceKeys().isEmpty()) {
            return Translation.no("a relation has a choice-domain");
        }
        List<String> rels = stratum.relations();
        int[] arities = new int[rels.size()];
        for (int i = 0; i < rels.size(); i++) {
            arities[i] = ctx.schemas().get(rels.get(i)).arity();
            if (arities[i] < 1 || arities[i] > 2) {
                return Translation.no(rels.get(i) + " has " + arities[i] + " columns (hash fixpoints keep one or two)");
            }
        }
        List<FixpointProgram.Rule> rules = new ArrayList<>();
        for (int k = 0; k < stratum.rules().size(); k++) {
            RulePlan r = stratum.rules().get(k);
            JoinNode body = r.body();
            List<Integer> recursive = body.recursiveScans();
            if (recursive.isEmpty()) {
                continue;   // its tuples are all there after the first round, which runs on the CPU
            }
            if (body.unsatisfiable()) {
                continue;
            }
            for (int d : recursive) {
                try {
                    rules.add(new RuleWriter(r, d).write());
                } catch (Ineligible e) {
                    return Translation.no("the rule for " + label(r) + ": " + e.getMessage());
                }
            }
        }
        return new Translation(new FixpointProgram(rels, arities, rules), null);
    }

    /** The rule as a report names it: its head relation and where it is written. */
    private static String label(RulePlan r) {
        return r.relation() + " at " + r.clause().pos();
    }

    /** Writes one rule's variant over one of its recursive atoms (the others become lookups). */
    private final class RuleWriter {
        private final RulePlan rule;
        private final JoinNode body;
        private final int deltaScan;
        /** The fixpoint variable of each plan variable, or -1. */
        private final int[] slot;
        /** Fixpoint variables the delta tuple binds (the rest: lookups). */
        private final boolean[] fromDelta = new boolean[FixpointProgram.MAX_VARS];
        private int slots;
        private final List<Lookup> lookups = new ArrayList<>();
        private final List<Test> tests = new ArrayList<>();

        RuleWriter(RulePlan rule, int deltaScan) {
            this.rule = rule;
            this.body = rule.body();
            this.deltaScan = deltaScan;
            this.slot = new int[body.varCount()];
            Arrays.fill(slot, -1);
        }

        FixpointProgram.Rule write() throws Ineligible {
            Scan delta = body.scans().get(deltaScan);
            int[] deltaVars = new int[delta.columns().size()];
            for (int c = 0; c < deltaVars.length; c++) {
                deltaVars[c] = deltaColumn(delta.columns().get(c));
            }
            List<Scan> rest = new ArrayList<>();
            for (int s = 0; s < body.scans().size(); s++) {
                if (s != deltaScan) {
                    rest.add(body.scans().get(s));
                }
            }
            while (!rest.isEmpty()) {
                Scan next = nextAtom(rest);
                rest.remove(next);
                atom(next);
            }
            for (Predicate p : body.predicates()) {
                predicate(p);
            }
            List<Expr> head = rule.head();
            int[] headVars = new int[head.size()];
            int[] headConsts = new int[head.size()];
            List<String> types = ctx.schemas().get(rule.relation()).columnTypes();
            for (int c = 0; c < head.size(); c++) {
                Expr e = head.get(c);
                if (e instanceof Expr.Var v) {
                    headVars[c] = boundSlot(v.name());
                } else if (isConstant(e)) {
                    headVars[c] = FixpointProgram.CONST;
                    headConsts[c] = ctx.constantValue(e, BodyTypes.baseType(types.get(c)));
                } else {
                    throw new Ineligible("its head computes a value");
                }
            }
            String label = body.recursiveScans().size() > 1 ? label(rule) + " (delta of atom " + (deltaScan + 1) + ")" : label(rule);
            return new FixpointProgram.Rule(label, stratum.relations().indexOf(delta.relation()),
                    stratum.relations().indexOf(rule.relation()), deltaVars, lookups, tests, headVars, headConsts);
        }

        private int fresh(boolean delta) throws Ineligible {
            if (slots == FixpointProgram.MAX_VARS) {
                throw new Ineligible("it has more than " + FixpointProgram.MAX_VARS + " variables");
            }
            fromDelta[slots] = delta;
            return slots++;
        }

        private int deltaColumn(Scan.Column c) throws Ineligible {
            if (c instanceof Scan.Column.Ignored) {
                return FixpointProgram.IGNORED;
            }
            int s = fresh(true);
            if (c instanceof Scan.Column.Binds b) {
                if (slot[b.var()] < 0) {
                    slot[b.var()] = s;
                } else {
                    tests.add(Test.compare(TestKind.EQ, 0, slot[b.var()], 0, s, 0));
                }
            } else {
                Scan.Column.Selects sel = (Scan.Column.Selects) c;
                tests.add(Test.compare(TestKind.EQ, 0, s, 0, FixpointProgram.CONST, ctx.constantValue(sel.value(), sel.type())));
            }
            return s;
        }

        /** Which column values of the atom are known (constants, or variables bound so far). */
        private boolean[] known(Scan a) {
            List<Scan.Column> cols = a.columns();
            boolean[] known = new boolean[cols.size()];
            for (int c = 0; c < cols.size(); c++) {
                known[c] = cols.get(c) instanceof Scan.Column.Selects
                        || cols.get(c) instanceof Scan.Column.Binds b && slot[b.var()] >= 0;
            }
            return known;
        }

        /**
         * The atom to read next: an earlier relation whose columns are all known (a test), else the first
         * binary atom with one column known (a lookup keyed by it).
         */
        private Scan nextAtom(List<Scan> rest) throws Ineligible {
            for (Scan a : rest) {
                if (!stratum.relations().contains(a.relation()) && allTrue(known(a))) {
                    return a;
                }
            }
            for (Scan a : rest) {
                boolean[] k = known(a);
                if (k.length == 2 && k[0] != k[1]) {
                    return a;
                }
            }
            Scan a = rest.get(0);
            if (stratum.relations().contains(a.relation()) && allTrue(known(a))) {
                throw new Ineligible("it tests a tuple of " + a.relation() + ", a relation of its own stratum");
            }
            throw new Ineligible(a.relation() + " shares no variable with the atoms before it");
        }

        private static boolean allTrue(boolean[] bs) {
            for (boolean b : bs) {
                if (!b) {
                    return false;
                }
            }
            return true;
        }

        /**
         * An atom other than the delta's: a lookup keyed by a known value (into an earlier relation, or into
         * a relation of the stratum), or a membership test of an earlier relation.
         */
        private void atom(Scan a) throws Ineligible {
            int source = stratum.relations().indexOf(a.relation());
            Relation rel = source >= 0 ? null : ctx.currentRelation(a.relation());
            List<Scan.Column> cols = a.columns();
            if (cols.size() > 2) {
                throw new Ineligible(a.relation() + " has " + cols.size() + " columns");
            }
            boolean[] known = known(a);
            if (cols.size() == 2 && known[0] != known[1]) {
                int key = known[0] ? 0 : 1;
                Scan.Column keyCol = cols.get(key);
                Scan.Column other = cols.get(1 - key);
                int keyVar;
                int keyConst = 0;
                if (keyCol instanceof Scan.Column.Selects sel) {
                    keyVar = FixpointProgram.CONST;
                    keyConst = ctx.constantValue(sel.value(), sel.type());
                } else {
                    keyVar = slot[((Scan.Column.Binds) keyCol).var()];
                }
                if (lookups.size() == FixpointProgram.MAX_LOOKUPS) {
                    throw new Ineligible("it reads more than " + FixpointProgram.MAX_LOOKUPS + " relations by key");
                }
                int out = FixpointProgram.IGNORED;
                if (other instanceof Scan.Column.Binds b) {
                    out = fresh(false);
                    slot[b.var()] = out;
                }
                lookups.add(source >= 0 ? Lookup.recursive(source, key, keyVar, keyConst, out)
                        : Lookup.of(rel, key, keyVar, keyConst, out));
                return;
            }
            if (source >= 0 || !allTrue(known)) {
                throw new IllegalStateException("nextAtom chose " + a.relation() + ", which is neither a lookup nor a test");
            }
            int[] ops = new int[2];
            int[] consts = new int[2];
            ops[1] = FixpointProgram.IGNORED;
            for (int c = 0; c < cols.size(); c++) {
                if (cols.get(c) instanceof Scan.Column.Selects sel) {
                    ops[c] = FixpointProgram.CONST;
                    consts[c] = ctx.constantValue(sel.value(), sel.type());
                } else {
                    ops[c] = slot[((Scan.Column.Binds) cols.get(c)).var()];
                }
            }
            tests.add(new Test(TestKind.MEMBER, stage(ops), ops[0], consts[0], ops[1], consts[1], rel));
        }

        private void predicate(Predicate p) throws Ineligible {
            if (p instanceof Predicate.Bound b) {
                compare(b.strict() ? TestKind.LT : TestKind.LE, boundSlot(b.low()), 0, boundSlot(b.high()), 0,
                        body.variables().get(b.low()).type(), body.variables().get(b.high()).type());
            } else if (p instanceof Predicate.ConstantBound cb) {
                BaseType t = body.variables().get(cb.var()).type();
                int c = constant(cb.constant(), t);
                TestKind k = cb.upper() ? (cb.strict() ? TestKind.LT : TestKind.LE) : (cb.strict() ? TestKind.GT : TestKind.GE);
                compare(k, boundSlot(cb.var()), 0, FixpointProgram.CONST, c, t, t);
            } else if (p instanceof Predicate.Comparison cmp) {
                comparison(cmp.comparison());
            } else if (p instanceof Predicate.Negation n) {
                negation(n);
            } else if (p instanceof Predicate.FilterTest f) {
                throw new Ineligible("it tests filter relation " + f.relation());
            } else {
                throw new Ineligible("it computes a value (" + p.text() + ")");
            }
        }

        private void comparison(Literal.Comparison c) throws Ineligible {
            BaseType lt = typeOf(c.left());
            BaseType rt = typeOf(c.right());
            BaseType common = lt != null ? lt : rt != null ? rt : BaseType.NUMBER;
            int[] l = operand(c.left(), common);
            int[] r = operand(c.right(), common);
            TestKind k = switch (c.op()) {
                case EQ -> TestKind.EQ;
                case NE -> TestKind.NE;
                case LT -> TestKind.LT;
                case LE -> TestKind.LE;
                case GT -> TestKind.GT;
                case GE -> TestKind.GE;
            };
            compare(k, l[0], l[1], r[0], r[1], lt == null ? common : lt, rt == null ? common : rt);
        }

        /** A comparison's operand: {variable, 0} or {CONST, value}. */
        private int[] operand(Expr e, BaseType type) throws Ineligible {
            if (e instanceof Expr.Var v) {
                return new int[]{boundSlot(v.name()), 0};
            }
            return new int[]{FixpointProgram.CONST, constant(e, type)};
        }

        private BaseType typeOf(Expr e) {
            return e instanceof Expr.Var v ? body.typeOf(v.name()) : null;
        }

        private void compare(TestKind k, int lhs, int lhsConst, int rhs, int rhsConst, BaseType lt, BaseType rt) throws Ineligible {
            boolean ordered = k != TestKind.EQ && k != TestKind.NE;
            if (ordered && (!signedOrder(lt) || !signedOrder(rt))) {
                throw new Ineligible("it orders " + (signedOrder(lt) ? rt : lt).name().toLowerCase()
                        + " values (hash fixpoints order numbers and symbols)");
            }
            if (lt == BaseType.FLOAT || rt == BaseType.FLOAT) {
                throw new Ineligible("it compares float values");
            }
            tests.add(Test.compare(k, stage(new int[]{lhs, rhs}), lhs, lhsConst, rhs, rhsConst));
        }

        /** Numbers and symbols order as signed ints; unsigned and float values do not. */
        private static boolean signedOrder(BaseType t) {
            return t == BaseType.NUMBER || t == BaseType.SYMBOL;
        }

        private void negation(Predicate.Negation n) throws Ineligible {
            if (stratum.relations().contains(n.relation())) {
                throw new Ineligible("it negates a relation of its own stratum");
            }
            List<Integer> kept = n.columns();
            if (kept.isEmpty() || kept.size() > 2) {
                throw new Ineligible("it negates " + kept.size() + " columns of " + n.relation());
            }
            Relation rel = ctx.currentRelation(n.relation());
            int[] cols = kept.stream().mapToInt(Integer::intValue).toArray();
            Relation members = cols.length == rel.arity() ? rel : rel.project(cols);
            List<String> types = ctx.schemas().get(n.relation()).columnTypes();
            int[] ops = {FixpointProgram.IGNORED, FixpointProgram.IGNORED};
            int[] consts = new int[2];
            for (int a = 0; a < cols.length; a++) {
                int[] op = operand(n.args().get(a), BodyTypes.baseType(types.get(cols[a])));
                ops[a] = op[0];
                consts[a] = op[1];
            }
            tests.add(new Test(TestKind.NOT_MEMBER, stage(ops), ops[0], consts[0], ops[1], consts[1], members));
        }

        /** 0 when the delta tuple's variables (and constants) are all the test reads, else 1. */
        private int stage(int[] ops) {
            for (int op : ops) {
                if (op >= 0 && !fromDelta[op]) {
                    return 1;
                }
            }
            return 0;
        }

        private int boundSlot(int planVar) throws Ineligible {
            if (slot[planVar] < 0) {
                throw new Ineligible("its variable " + body.variables().get(planVar).name() + " is not bound by an atom");
            }
            return slot[planVar];
        }

        private int boundSlot(String name) throws Ineligible {
            int v = body.var(name);
            if (v < 0) {
                throw new Ineligible("it reads " + name + ", which no atom binds");
            }
            return boundSlot(v);
        }

        private int constant(Expr e, BaseType type) throws Ineligible {
            if (!isConstant(e)) {
                throw new Ineligible("it compares a computed value");
            }
            return ctx.constantValue(e, type);
        }
    }

    private static boolean isConstant(Expr e) {
        return e instanceof Expr.NumberConst || e instanceof Expr.StringConst
                || e instanceof Expr.FloatConst;
    }
}
