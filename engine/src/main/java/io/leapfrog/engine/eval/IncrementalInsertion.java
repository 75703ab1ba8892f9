package io.leapfrog.engine.eval;

import io.leapfrog.ast.Expr;
import io.leapfrog.ast.Literal;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.plan.JoinNode;
import io.leapfrog.plan.Predicate;
import io.leapfrog.plan.ProgramPlan;
import io.leapfrog.plan.RulePlan;
import io.leapfrog.plan.Scan;
import io.leapfrog.plan.StratumPlan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Brings an evaluated program's relations up to date after facts were added (none removed), by
 * semi-naive evaluation from the added facts instead of from scratch. Stratum by stratum, each rule is
 * evaluated once per scan of a relation that grew in an earlier stratum, that scan reading only the new
 * tuples and the others the relations as they are now; a recursive stratum then runs its semi-naive
 * rounds from the tuples this added. Every derivation that uses a new tuple is found where its newest
 * premise is the delta, so the result equals evaluating from scratch.
 *
 * <p>That holds for monotone parts of a program only: {@link #obstacle} says why a program cannot be
 * maintained this way (a grown relation read under negation or by an aggregate, an equivalence or choice
 * relation, a graph predicate, a counted-only stratum, the counter {@code $}), and the caller then
 * evaluates from scratch.
 */
public final class IncrementalInsertion {
    private final ProgramPlan plan;
    private final EvalContext ctx;

    /** @param ctx holds the relations of the previous evaluation (every one materialised) */
    public IncrementalInsertion(ProgramPlan plan, EvalContext ctx) {
        this.plan = plan;
        this.ctx = ctx;
    }

    /**
     * Why facts added to {@code changed} cannot be taken in incrementally, or null when they can: the
     * relations that may grow from them are read only positively and their strata are plain.
     */
    public static String obstacle(ProgramPlan plan, Set<String> changed) {
        if (plan.strata().stream().anyMatch(s -> !s.searches().isEmpty())) {
            return "the program runs a graph predicate"; // its rows live beside the relations a database keeps
        }
        Set<String> grows = new HashSet<>(changed);
        for (StratumPlan s : plan.strata()) {
            boolean affected = s.relations().stream().anyMatch(grows::contains);
            for (RulePlan r : s.rules()) {
                Set<String> read = new HashSet<>();
                String why = reads(r.body(), read, grows);
                if (why != null) {
                    return why;
                }
                affected |= read.stream().anyMatch(grows::contains);
            }
            if (!affected) {
                continue;
            }
            grows.addAll(s.relations());
            if (!s.equivalences().isEmpty() || !s.choiceKeys().isEmpty()) {
                return "stratum " + s.relations() + " keeps an equivalence or choice relation";
            }
            if (s.countedOnly()) {
                return "relation " + s.relations() + " is only counted";
            }
            for (RulePlan r : s.rules()) {
                if (hasCounter(r)) {
                    return "a rule of " + r.relation() + " uses the counter $";
                }
            }
        }
        return null;
    }

    /** Adds the relations a body scans to {@code out}; says why, when it reads a growing relation non-monotonically. */
    private static String reads(JoinNode body, Set<String> out, Set<String> grows) {
        for (Scan sc : body.scans()) {
            out.add(sc.relation());
        }
        for (Predicate p : body.predicates()) {
            if (p instanceof Predicate.Negation n && grows.contains(n.relation())) {
                return "relation " + n.relation() + " is read under negation";
            }
            if (p instanceof Predicate.AggregateValue a) {
                Set<String> inside = new HashSet<>();
                reads(a.body(), inside, grows);
                if (inside.stream().anyMatch(grows::contains)) {
                    return "an aggregate reads " + inside.stream().filter(grows::contains).sorted().toList();
                }
                out.addAll(inside);
            }
        }
        return null;
    }

    private static boolean hasCounter(RulePlan r) {
        List<Expr> exprs = new ArrayList<>(r.clause().head().args());
        for (Literal l : r.clause().body()) {
            if (l instanceof Literal.Comparison c) {
                exprs.add(c.left());
                exprs.add(c.right());
            }
        }
        return exprs.stream().anyMatch(IncrementalInsertion::hasCounter);
    }

    private static boolean hasCounter(Expr e) {
        return e instanceof Expr.Counter || e.operands().stream().anyMatch(IncrementalInsertion::hasCounter);
    }

    /** Takes in {@code added} (new facts by relation; tuples already present are ignored). */
    public void apply(Map<String, Relation> added) {
        Map<String, Relation> grown = new HashMap<>();
        for (Map.Entry<String, Relation> e : added.entrySet()) {
            Relation known = ctx.currentRelation(e.getKey());
            Relation fresh = e.getValue().minus(known);
            if (fresh.size() > 0) {
                ctx.setRelation(e.getKey(), known.union(fresh));
                grown.put(e.getKey(), fresh);
            }
        }
        for (StratumPlan s : plan.strata()) {
            if (grown.isEmpty()) {
                return;
            }
            grown.forEach(ctx::setDelta);
            Set<String> own = new HashSet<>(s.relations());
            Map<String, GrowingRelation> growing = new HashMap<>();
            Map<String, Relation> total;
            try {
                if (s.recursive()) {
                    // a recursive stratum's relations grow round by round without being copied each round
                    own.forEach(rel -> growing.put(rel, ctx.startGrowing(rel)));
                }
                total = evaluateStratum(s, own, growing, grown);
            } finally {
                own.forEach(ctx::stopGrowing);
            }
            total.forEach((rel, d) -> {
                if (d.size() > 0) {
                    grown.put(rel, d);
                }
            });
        }
    }

    /** The stratum's rules from the earlier strata's new tuples, then its rounds; each relation's new tuples. */
    private Map<String, Relation> evaluateStratum(StratumPlan s, Set<String> own, Map<String, GrowingRelation> growing,
                                                  Map<String, Relation> grown) {
        List<RuleEvaluator> rules = new ArrayList<>();
        Map<String, Relation> fresh = new HashMap<>();
        for (RulePlan r : s.rules()) {
            RuleEvaluator rule = new RuleEvaluator(ctx, r);
            rules.add(rule);
            List<Scan> scans = rule.body().node().scans();
            for (int i = 0; i < scans.size(); i++) {
                if (!own.contains(scans.get(i).relation()) && grown.containsKey(scans.get(i).relation())) {
                    fresh.merge(rule.relation(), rule.evaluate(ctx.source(), i, ctx.threads()), Relation::union);
                }
            }
        }
        Map<String, Relation> round = addNew(own, fresh, grown, growing);
        Map<String, Relation> total = new HashMap<>(round);
        for (int rounds = 1; s.recursive() && round.values().stream().anyMatch(r -> r.size() > 0); rounds++) {
            if (Thread.currentThread().isInterrupted()) {
                throw new LeapfrogException("error: evaluation interrupted in round " + rounds
                        + " of the recursive stratum " + s.relations());
            }
            round.forEach(ctx::setDelta);
            fresh.clear();
            for (RuleEvaluator rule : rules) {
                for (int atom : rule.body().node().recursiveScans()) {
                    Relation delta = round.get(rule.body().node().scans().get(atom).relation());
                    if (delta != null && delta.size() > 0) {
                        fresh.merge(rule.relation(), rule.evaluate(ctx.source(), atom, ctx.threads()), Relation::union);
                    }
                }
            }
            round = addNew(own, fresh, Map.of(), growing);
            round.forEach((rel, d) -> total.merge(rel, d, Relation::union));
        }
        return total;
    }

    /**
     * Adds to each relation of {@code own} the tuples of {@code fresh} it lacks; returns each one's new
     * tuples, with those of {@code given} (facts added to the relation itself, already in it).
     */
    private Map<String, Relation> addNew(Set<String> own, Map<String, Relation> fresh, Map<String, Relation> given,
                                         Map<String, GrowingRelation> growing) {
        Map<String, Relation> out = new HashMap<>();
        for (String rel : own) {
            Relation got = fresh.getOrDefault(rel, Relation.empty(ctx.schemas().get(rel).arity()));
            Relation added;
            if (growing.containsKey(rel)) {
                added = growing.get(rel).addNew(got);
            } else {
                Relation known = ctx.currentRelation(rel);
                added = got.minus(known);
                ctx.setRelation(rel, known.union(added));
            }
            Relation mine = given.get(rel);
            out.put(rel, mine == null ? added : added.union(mine));
        }
        return out;
    }
}
