package io.leapfrog.planner.datalog;

import io.leapfrog.ast.Atom;
import io.leapfrog.ast.Clause;
import io.leapfrog.ast.Expr;
import io.leapfrog.ast.Literal;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.NotSupportedException;
import io.leapfrog.plan.RulePlan;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Translates a rule (or a query written as one) into a {@link RulePlan}. */
public final class RuleTranslator {
    private RuleTranslator() {
    }

    /**
     * @param recursive   relations of the rule's stratum (atoms over them read deltas in semi-naive rounds)
     * @param countedOnly the rule's bindings are only counted (count push-down), never enumerated
     */
    public static RulePlan translate(Clause clause, Map<String, ProgramModel.RelationInfo> schemas, Set<String> recursive,
                                     boolean countedOnly) {
        boolean everyBinding = clause.head().args().stream().anyMatch(RuleTranslator::hasCounter);
        Set<String> headVars = new LinkedHashSet<>();
        for (Expr e : clause.head().args()) {
            Substitution.varsOf(e, headVars);
        }
        String label = clause.head().relation() + " rule at " + clause.pos();
        List<Literal> literals = everyBinding ? namedWildcards(clause.body()) : clause.body();
        BodyTranslator.Translation body = BodyTranslator.translate(schemas, label, literals, List.of(), false, headVars,
                recursive, Map.of(), countedOnly);
        for (String v : headVars) {
            Expr bound = body.rewrite(new Expr.Var(v, clause.pos())); // unified with a constant or another variable?
            if (bound instanceof Expr.Var bv && body.join().var(bv.name()) < 0) {
                if (occursInAggregate(v, clause.body())) {
                    throw new NotSupportedException("not supported: head variable '" + v + "' bound only inside an aggregate"
                            + " (a Souffle witness) in the rule at " + clause.pos());
                }
                throw new LeapfrogException(clause.pos() + ": error: head variable '" + v + "' is ungrounded: "
                        + "bind it with a positive body atom or an equality");
            }
        }
        List<Expr> head = new ArrayList<>();
        for (Expr e : clause.head().args()) {
            head.add(body.rewrite(e));
        }
        return new RulePlan(clause, clause.head().relation(), head, body.join(), everyBinding);
    }

    /**
     * Whether a rule's bindings can be counted instead of stored: its head is distinct variables of its
     * body (none unified away), one for every variable of the body, so each binding is one tuple.
     */
    public static boolean headIsEveryVariable(RulePlan rule) {
        Clause clause = rule.clause();
        Set<Integer> vars = new LinkedHashSet<>();
        for (int i = 0; i < clause.head().args().size(); i++) {
            Expr e = clause.head().args().get(i);
            int v = e instanceof Expr.Var named ? rule.body().var(named.name()) : -1;
            if (v < 0 || !(rule.head().get(i) instanceof Expr.Var) || !vars.add(v)) {
                return false;
            }
        }
        return vars.size() == rule.body().varCount();
    }

    /**
     * The body with each {@code _} of a positive atom named: with a {@code $} in the head, every tuple an
     * atom matches is a binding of its own (Souffle's loop nest visits each), not only distinct projections.
     */
    private static List<Literal> namedWildcards(List<Literal> body) {
        List<Literal> out = new ArrayList<>(body.size());
        int fresh = 0;
        for (Literal l : body) {
            if (l instanceof Literal.Positive p) {
                List<Expr> args = new ArrayList<>();
                for (Expr a : p.atom().args()) {
                    args.add(a instanceof Expr.Wildcard w ? new Expr.Var("$wildcard" + fresh++, w.pos()) : a);
                }
                out.add(new Literal.Positive(new Atom(p.atom().relation(), args, p.atom().pos()), p.pos()));
            } else {
                out.add(l);
            }
        }
        return out;
    }

    private static boolean hasCounter(Expr e) {
        return e instanceof Expr.Counter || e.operands().stream().anyMatch(RuleTranslator::hasCounter);
    }

    private static boolean occursInAggregate(String v, List<Literal> body) {
        Set<String> inside = new LinkedHashSet<>();
        for (Literal l : body) {
            if (l instanceof Literal.Comparison c) {
                for (Expr e : List.of(c.left(), c.right())) {
                    if (e instanceof Expr.Aggregate) {
                        Substitution.varsOf(e, inside);
                    }
                }
            }
        }
        return inside.contains(v);
    }
}
