package io.leapfrog.engine.eval;

import io.leapfrog.ast.Expr;
import io.leapfrog.exec.join.TupleSink;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;
import io.leapfrog.plan.RulePlan;
import io.leapfrog.planner.datalog.BodyTypes;
import io.leapfrog.planner.datalog.ProgramModel;
import io.leapfrog.planner.datalog.Substitution;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Runs a {@link RulePlan}: its body's join, each distinct binding of the head's variables one head tuple. */
public final class RuleEvaluator {
    private final RulePlan rule;
    private final BodyEvaluator body;
    private final IntExpr[] head;
    private final int outputVars;

    /** Plans the rule's body with the statistics of the context's relations now. */
    public RuleEvaluator(EvalContext ctx, RulePlan rule) {
        this.rule = rule;
        this.body = new BodyEvaluator(ctx, rule.body());
        ProgramModel.RelationInfo headInfo = ctx.schemas().get(rule.relation());   // null: a query
        List<Expr> args = rule.head();
        this.head = new IntExpr[args.size()];
        for (int i = 0; i < head.length; i++) {
            head[i] = body.compileExpr(args.get(i), headInfo == null ? null : BodyTypes.baseType(headInfo.columnTypes().get(i)));
        }
        Set<String> used = new LinkedHashSet<>();
        for (Expr e : args) {
            Substitution.varsOf(e, used);
        }
        int needed = 0;
        for (String v : used) {
            needed = Math.max(needed, body.levelOf(v) + 1);
        }
        // later levels only need to exist: the join stops at their first extension. With a $ in the head every
        // binding of the body takes its own value, as each tuple of Souffle's loop nest does, so all are produced.
        this.outputVars = rule.everyBinding() ? body.varCount() : Math.max(needed, Math.min(1, body.varCount()));
    }

    public RulePlan rule() {
        return rule;
    }

    /** The rule's body, planned. */
    public BodyEvaluator body() {
        return body;
    }

    /** The relation the rule inserts into. */
    public String relation() {
        return rule.relation();
    }

    /** Evaluates the rule (with scan {@code deltaAtom} reading its delta, or -1) into deduplicated head tuples. */
    public Relation evaluate(RelationSource src, int deltaAtom, int threads) {
        List<HeadSink> sinks = body.run(src, deltaAtom, new int[0], threads, outputVars, () -> new HeadSink(head));
        RelationBuilder all = new RelationBuilder(head.length);
        for (HeadSink s : sinks) {
            all.addAll(s.builder);
        }
        return all.build();
    }

    /** Whether the head's tuples fit packed keys ({@link #evaluatePacked}): one or two columns. */
    boolean packsHead() {
        return head.length == 1 || head.length == 2;
    }

    /**
     * The rule's candidate head tuples as each worker produced them, packed, unsorted, less those in
     * {@code known} (the head relation's tuples so far, or null) and with fewer duplicates ({@link PackedKeys};
     * {@link #packsHead} must hold): for a recursive round whose relation checks them against its
     * membership set.
     */
    List<PackedKeys> evaluatePacked(RelationSource src, int deltaAtom, int threads, PackedTupleSet known) {
        return body.run(src, deltaAtom, new int[0], threads, outputVars, () -> new PackedKeys(head, known));
    }

    /** Per-worker head materialisation. */
    private static final class HeadSink implements TupleSink {
        private final IntExpr[] head;
        private final int[] tuple;
        final RelationBuilder builder;

        HeadSink(IntExpr[] head) {
            this.head = head;
            this.tuple = new int[head.length];
            this.builder = new RelationBuilder(head.length);
        }

        @Override
        public void accept(int[] binding) {
            for (int i = 0; i < head.length; i++) {
                tuple[i] = head[i].eval(binding);
            }
            builder.add(tuple);
        }
    }
}
