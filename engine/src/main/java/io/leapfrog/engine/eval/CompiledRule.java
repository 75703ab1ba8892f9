package io.leapfrog.engine.eval;

import io.leapfrog.planner.datalog.BodyTypes;
import io.leapfrog.planner.datalog.Substitution;
import io.leapfrog.planner.datalog.ProgramModel;
import io.leapfrog.ast.Atom;
import io.leapfrog.ast.Clause;
import io.leapfrog.ast.Expr;
import io.leapfrog.ast.Literal;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.NotSupportedException;
import io.leapfrog.exec.join.TupleSink;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** A rule: its compiled body and head, evaluated into a relation of head tuples. */
public final class CompiledRule {
    private final Clause clause;
    private final CompiledBody body;
    private final IntExpr[] head;
    private final int outputVars;
    /** Compiles the body again for counting only ({@link #countingBody}). */
    private final java.util.function.Supplier<CompiledBody> countingBody;

    public CompiledRule(EvalContext ctx, Clause clause, Set<String> recursive) {
        this.clause = clause;
        boolean counts = clause.head().args().stream().anyMatch(CompiledRule::hasCounter);
        Set<String> headVars = new LinkedHashSet<>();
        for (Expr e : clause.head().args()) {
            Substitution.varsOf(e, headVars);
        }
        String label = clause.head().relation() + " rule at " + clause.pos();
        List<Literal> literals = counts ? namedWildcards(clause.body()) : clause.body();
        this.body = new CompiledBody(ctx, label, literals, List.of(), false, headVars, recursive);
        this.countingBody = () -> new CompiledBody(ctx, label, literals, List.of(), false, headVars, recursive,
                java.util.Map.of(), true);
        for (String v : headVars) {
            Expr bound = body.rewrite(new Expr.Var(v, clause.pos())); // unified with a constant or another variable?
            if (bound instanceof Expr.Var bv && body.levelOf(bv.name()) < 0) {
                if (occursInAggregate(v, clause.body())) {
                    throw new NotSupportedException("not supported: head variable '" + v + "' bound only inside an aggregate"
                            + " (a Souffle witness) in the rule at " + clause.pos());
                }
                throw new LeapfrogException(clause.pos() + ": error: head variable '" + v + "' is ungrounded: "
                        + "bind it with a positive body atom or an equality");
            }
        }
        this.head = new IntExpr[clause.head().args().size()];
        int needed = 0;
        ProgramModel.RelationInfo headInfo = ctx.schemas().get(clause.head().relation());   // null: a REPL query
        for (int i = 0; i < head.length; i++) {
            head[i] = body.compileExpr(clause.head().args().get(i),
                    headInfo == null ? null : BodyTypes.baseType(headInfo.columnTypes().get(i)));
        }
        Set<String> used = new LinkedHashSet<>();
        for (Expr e : clause.head().args()) {
            Substitution.varsOf(body.rewrite(e), used);
        }
        for (String v : used) {
            needed = Math.max(needed, body.levelOf(v) + 1);
        }
        // later levels only need to exist: the join stops at their first extension. With a $ in the head every
        // binding of the body takes its own value, as each tuple of Souffle's loop nest does, so all are produced.
        this.outputVars = counts ? body.varCount() : Math.max(needed, Math.min(1, body.varCount()));
    }

    /**
     * The body with each {@code _} of a positive atom named: with a {@code $} in the head, every tuple an
     * atom matches is a binding of its own (Souffle's loop nest visits each), not only distinct projections.
     */
    private static List<Literal> namedWildcards(List<Literal> body) {
        List<Literal> out = new ArrayList<>(body.size());
        int[] fresh = {0};
        for (Literal l : body) {
            if (l instanceof Literal.Positive p) {
                List<Expr> args = new ArrayList<>();
                for (Expr a : p.atom().args()) {
                    args.add(a instanceof Expr.Wildcard w ? new Expr.Var("$wildcard" + fresh[0]++, w.pos()) : a);
                }
                out.add(new Literal.Positive(new Atom(p.atom().relation(), args, p.atom().pos()), p.pos()));
            } else {
                out.add(l);
            }
        }
        return out;
    }

    private static boolean hasCounter(Expr e) {
        return e instanceof Expr.Counter || e.operands().stream().anyMatch(CompiledRule::hasCounter);
    }

    private static boolean occursInAggregate(String v, List<io.leapfrog.ast.Literal> body) {
        Set<String> inside = new LinkedHashSet<>();
        List<Expr> exprs = new java.util.ArrayList<>();
        for (io.leapfrog.ast.Literal l : body) {
            if (l instanceof io.leapfrog.ast.Literal.Comparison c) {
                exprs.add(c.left());
                exprs.add(c.right());
            }
        }
        for (Expr e : exprs) {
            if (e instanceof Expr.Aggregate) {
                Substitution.varsOf(e, inside);
            }
        }
        return inside.contains(v);
    }

    public Clause clause() {
        return clause;
    }

    public CompiledBody body() {
        return body;
    }

    /**
     * The body compiled anew for counting only, when the rule's relation is only counted (a
     * {@code .printsize} relation whose head is the body's variables): a clique query may then count over
     * its graph renumbered by degree, which enumerating it may not.
     */
    CompiledBody countingBody() {
        return countingBody.get();
    }

    public int outputVars() {
        return outputVars;
    }

    /** Evaluates the rule (with {@code deltaAtom} reading its delta, or -1) into deduplicated head tuples. */
    public Relation evaluate(RelationSource src, int deltaAtom, int threads) {
        List<HeadSink> sinks = body.run(src, deltaAtom, new int[0], threads, outputVars, () -> new HeadSink(head));
        RelationBuilder all = new RelationBuilder(head.length);
        for (HeadSink s : sinks) {
            all.addAll(s.builder);
        }
        return all.build();
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
