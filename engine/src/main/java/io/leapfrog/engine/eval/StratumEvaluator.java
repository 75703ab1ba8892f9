package io.leapfrog.engine.eval;

import io.leapfrog.ast.Clause;
import io.leapfrog.ast.Expr;
import io.leapfrog.exec.fixpoint.FixpointProgram;
import io.leapfrog.exec.gpu.fixpoint.GpuFixpoint;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;
import io.leapfrog.plan.RulePlan;
import io.leapfrog.plan.StratumPlan;
import io.leapfrog.planner.datalog.BodyTypes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Evaluates one stratum. A non-recursive stratum runs each rule once. A recursive stratum runs
 * semi-naively: first every rule over the full relations; then, while some relation grew, each rule
 * once per atom over a relation of the stratum, that atom reading the last round's delta and the
 * others the full relations; new tuples are those not already known. Mutual recursion works the
 * same way, since all relations of the stratum advance together. A relation declared eqrel is kept
 * closed: its facts before the first round, and each round's new pairs with all they imply. A relation
 * with a choice-domain admits a round's new tuples only while their keys are free. A stratum that
 * translates to a hash fixpoint ({@link FixpointTranslator}) runs its rounds after the first there
 * instead, on the CPU or the GPU ({@link HashFixpoint}; docs/recursion.md).
 */
public final class StratumEvaluator {
    private final EvalContext ctx;
    private final java.util.function.Predicate<String> materialised;
    private final Map<String, Long> counted = new HashMap<>();
    private final EvaluationEvents events;
    /** The stratum being evaluated, from 1, as events name it. */
    private int stratumIndex;

    public StratumEvaluator(EvalContext ctx) {
        this(ctx, r -> true, EvaluationEvents.NONE);
    }

    /**
     * @param materialised whether a relation's tuples are needed after its stratum (an output, or read by
     *                     a later stratum); one that is not may be only counted ({@link #counted})
     * @param events       told of each rule evaluated and each recursive round
     */
    public StratumEvaluator(EvalContext ctx, java.util.function.Predicate<String> materialised, EvaluationEvents events) {
        this.ctx = ctx;
        this.materialised = materialised;
        this.events = events;
    }

    /** The number (from 1) by which events name the strata evaluated next. */
    public void startStratum(int index) {
        stratumIndex = index;
    }

    /** A rule as events name it: its head relation and source position. */
    static String label(RuleEvaluator r) {
        return r.relation() + " rule at " + r.rule().clause().pos();
    }

    /** Evaluates {@code r} once (its atom {@code deltaAtom} reading the delta, or -1) and tells the events. */
    private Relation evaluateRule(RuleEvaluator r, int round, int deltaAtom, int threads) {
        long t0 = System.nanoTime();
        Relation out = r.evaluate(ctx.source(), deltaAtom, threads);
        events.ruleDone(new RuleDone(stratumIndex, round, label(r), r.relation(), out.size(),
                java.time.Duration.ofNanos(System.nanoTime() - t0)));
        return out;
    }

    /** Relations whose tuples were counted where they were computed (the GPU) and never brought back, with their sizes. */
    public Map<String, Long> counted() {
        return counted;
    }

    /**
     * The stratum's relations with special insertion semantics (eqrel: {@link EquivalenceClosure};
     * choice-domain: {@link ChoiceDomain}), each set to what it keeps of its facts and input before any
     * rule reads it; both are {@link InsertionPolicy}s, applied where a round's tuples are added.
     */
    private Map<String, InsertionPolicy> startPolicies(StratumPlan stratum) {
        Map<String, InsertionPolicy> policies = new HashMap<>();
        for (String rel : stratum.relations()) {
            InsertionPolicy a = stratum.equivalences().contains(rel) ? new EquivalenceClosure()
                    : stratum.choiceKeys().containsKey(rel) ? new ChoiceDomain(stratum.choiceKeys().get(rel)) : null;
            if (a != null) {
                ctx.setRelation(rel, a.admit(ctx.currentRelation(rel)));
                policies.put(rel, a);
            }
        }
        return policies;
    }

    /** Ground facts taken back, by relation ({@link #retract}). */
    private final Map<String, List<Clause>> retracted = new HashMap<>();

    /**
     * Facts to take back: each is removed from its relation's facts (the program's, and those read by
     * {@code .input} before) when its stratum adds its facts, before any rule reads the relation.
     */
    public void retract(List<Clause> facts) {
        for (Clause c : facts) {
            retracted.computeIfAbsent(c.head().relation(), r -> new ArrayList<>()).add(c);
        }
    }

    /** Adds the program's facts of the stratum's relations, less the retracted ones. */
    public void addFacts(StratumPlan stratum) {
        Map<String, RelationBuilder> builders = new HashMap<>();
        for (Clause c : stratum.facts()) {
            builders.computeIfAbsent(c.head().relation(), r -> new RelationBuilder(c.head().args().size())).add(tuple(c));
        }
        for (var e : builders.entrySet()) {
            ctx.add(e.getKey(), e.getValue().build());
        }
        for (String rel : stratum.relations()) {
            List<Clause> gone = retracted.get(rel);
            if (gone != null && ctx.filter(rel) == null) {
                RelationBuilder b = new RelationBuilder(gone.get(0).head().args().size());
                gone.forEach(c -> b.add(tuple(c)));
                ctx.setRelation(rel, ctx.currentRelation(rel).minus(b.build()));
            }
        }
    }

    /** A fact's tuple, its constants as its relation's columns store them. */
    private int[] tuple(Clause c) {
        int n = c.head().args().size();
        int[] tuple = new int[n];
        List<String> columns = ctx.schemas().get(c.head().relation()).columnTypes();
        for (int i = 0; i < n; i++) {
            Expr e = c.head().args().get(i);
            tuple[i] = ctx.constantValue(e, BodyTypes.baseType(columns.get(i)));
        }
        return tuple;
    }

    /** The stratum's rules, each planned once, with the statistics of the relations now. */
    public List<RuleEvaluator> plan(StratumPlan stratum) {
        List<RuleEvaluator> rules = new ArrayList<>();
        for (RulePlan r : stratum.rules()) {
            rules.add(new RuleEvaluator(ctx, r));
        }
        return rules;
    }

    /** Rounds whose delta is smaller than this run on one thread: dispatching workers would cost more. */
    private static final int PARALLEL_DELTA = 2048;

    /** Evaluates the compiled rules of the stratum to a fixpoint; returns the number of rounds. */
    public int evaluate(StratumPlan stratum, List<RuleEvaluator> rules) {
        long t0 = System.nanoTime();
        int threads = ctx.threads();
        Map<String, InsertionPolicy> policies = startPolicies(stratum);
        Map<String, Relation> fresh = new HashMap<>();
        for (RuleEvaluator r : rules) {
            Relation out = evaluateRule(r, 1, -1, threads);
            fresh.merge(r.relation(), out, Relation::union);
        }
        if (!stratum.recursive()) {
            for (Map.Entry<String, Relation> e : fresh.entrySet()) {
                InsertionPolicy a = policies.get(e.getKey());
                Relation added = a == null ? e.getValue() : a.admit(e.getValue());
                ctx.add(e.getKey(), added);
            }
            return 1;
        }
        // A stratum that translates to a hash fixpoint runs there from the first round's tuples: they are its
        // delta as they come, sorted and distinct, with no growing relation built for rounds that will not run.
        FixpointTranslator.Translation translation = FixpointTranslator.translate(ctx, stratum);
        if (translation.program() != null) {
            return 1 + hashed(stratum, translation, fresh, t0);
        }
        Map<String, GrowingRelation> growing = new HashMap<>();
        for (String rel : stratum.relations()) {
            growing.put(rel, ctx.startGrowing(rel));
        }
        int rounds = 1;
        try {
            Map<String, List<PackedKeys>> packed = new HashMap<>();
            boolean grew = advance(stratum, fresh, packed, growing, policies);
            long roundStart = t0;
            roundDone(stratum, rounds, roundStart);
            if (grew) {
                hashFixpoint(stratum, translation);   // where a GPU could have taken the stratum: says why it does not
            }
            while (grew) {
                rounds++;
                if (Thread.currentThread().isInterrupted()) { // lets a caller with a deadline stop a long fixpoint
                    throw new io.leapfrog.common.LeapfrogException("error: evaluation interrupted in round " + rounds
                            + " of the recursive stratum " + stratum.relations());
                }
                fresh.clear();
                packed.clear();
                roundStart = System.nanoTime();
                for (RuleEvaluator r : rules) {
                    for (int atom : r.body().node().recursiveScans()) {
                        Relation delta = ctx.source().get(r.body().node().scans().get(atom).relation(), true);
                        if (delta.size() == 0) {
                            continue;
                        }
                        int t = delta.size() < PARALLEL_DELTA ? 1 : threads;
                        if (r.packsHead() && !policies.containsKey(r.relation()) && growing.get(r.relation()).takesPackedKeys()) {
                            long r0 = System.nanoTime();
                            List<PackedKeys> keys = r.evaluatePacked(ctx.source(), atom, t, growing.get(r.relation()).membership());
                            long n = 0;
                            for (PackedKeys k : keys) {
                                n += k.size();
                            }
                            events.ruleDone(new RuleDone(stratumIndex, rounds, label(r), r.relation(), n,
                                    java.time.Duration.ofNanos(System.nanoTime() - r0)));
                            packed.computeIfAbsent(r.relation(), k -> new ArrayList<>()).addAll(keys);
                        } else {
                            Relation out = evaluateRule(r, rounds, atom, t);
                            fresh.merge(r.relation(), out, Relation::union);
                        }
                    }
                }
                grew = advance(stratum, fresh, packed, growing, policies);
                roundDone(stratum, rounds, roundStart);
            }
        } finally {
            for (String rel : stratum.relations()) {
                ctx.stopGrowing(rel);
            }
        }
        return rounds;
    }

    /** Tells the events that round {@code round} of the stratum ended, its new tuples the deltas now set. */
    private void roundDone(StratumPlan stratum, int round, long start) {
        long n = 0;
        for (String rel : stratum.relations()) {
            n += ctx.source().get(rel, true).size();
        }
        events.roundDone(new RoundDone(stratumIndex, stratum.relations(), round, round, n,
                java.time.Duration.ofNanos(System.nanoTime() - start), "rules"));
    }

    /**
     * The {@link HashFixpoint} that runs the rest of the stratum, when it translates to a {@link FixpointProgram};
     * else null (with a device report line saying why, where a GPU could have taken it).
     */
    private HashFixpoint hashFixpoint(StratumPlan stratum, FixpointTranslator.Translation t) {
        DeviceFixpoint device = ctx.deviceFixpoint();
        if (t.program() == null) {
            if (device != null) {
                device.stayed("recursive stratum " + stratum.relations(), "not GPU-eligible: " + t.reason());
            }
            return null;
        }
        String onlyCpu = device == null ? null : GpuFixpoint.unsupported(t.program());
        return new HashFixpoint(ctx.threads(), device, "recursive stratum " + stratum.relations(), onlyCpu,
                (first, last, newTuples, nanos, where) -> events.roundDone(new RoundDone(stratumIndex, stratum.relations(),
                        first, last, newTuples, java.time.Duration.ofNanos(nanos), where)));
    }

    private static long deltaSize(Relation[] delta) {
        long n = 0;
        for (Relation r : delta) {
            n += r.size();
        }
        return n;
    }

    private boolean[] kept(StratumPlan stratum) {
        List<String> rels = stratum.relations();
        boolean[] keep = new boolean[rels.size()];
        for (int i = 0; i < rels.size(); i++) {
            keep[i] = materialised.test(rels.get(i));
        }
        return keep;
    }

    /**
     * The rest of a stratum by its hash fixpoint, from the first round's tuples {@code fresh} (by relation):
     * those the relations did not hold are the delta. Sets the relations (or the sizes of those only
     * counted); returns the rounds after the first.
     */
    private int hashed(StratumPlan stratum, FixpointTranslator.Translation t, Map<String, Relation> fresh, long t0) {
        List<String> rels = stratum.relations();
        Relation[] known = new Relation[rels.size()];
        Relation[] delta = new Relation[rels.size()];
        boolean grew = false;
        for (int i = 0; i < rels.size(); i++) {
            known[i] = ctx.currentRelation(rels.get(i));
            Relation got = fresh.get(rels.get(i));
            delta[i] = got == null ? Relation.empty(known[i].arity()) : known[i].size() == 0 ? got : got.minus(known[i]);
            grew |= delta[i].size() > 0;
        }
        events.roundDone(new RoundDone(stratumIndex, rels, 1, 1, deltaSize(delta),
                java.time.Duration.ofNanos(System.nanoTime() - t0), "rules"));
        if (!grew) {
            return 0;
        }
        HashFixpoint.Finished f = hashFixpoint(stratum, t).run(t.program(), known, delta, kept(stratum), t0);
        for (int i = 0; i < rels.size(); i++) {
            if (f.relations()[i] != null) {
                ctx.setRelation(rels.get(i), f.relations()[i]);
            } else {
                ctx.setRelation(rels.get(i), Relation.empty(known[i].arity()));
                counted.put(rels.get(i), f.sizes()[i]);
            }
        }
        return f.rounds();
    }

    /**
     * Adds the new tuples to the growing relations and sets the deltas; true when something was new. A
     * relation's candidates come as a relation ({@code fresh}) or as packed keys ({@code packed}), or both.
     */
    private boolean advance(StratumPlan stratum, Map<String, Relation> fresh, Map<String, List<PackedKeys>> packed,
                            Map<String, GrowingRelation> growing, Map<String, InsertionPolicy> policies) {
        boolean grew = false;
        for (String rel : stratum.relations()) {
            Relation got = fresh.get(rel);
            List<PackedKeys> keys = packed.get(rel);
            if (got != null && policies.containsKey(rel)) {
                got = policies.get(rel).admit(got); // what the relation keeps of (or implies from) the offered tuples
            }
            Relation delta;
            if (keys != null) {
                if (got != null) {
                    keys = new ArrayList<>(keys);
                    keys.add(PackedKeys.of(got));
                }
                delta = growing.get(rel).addNewPacked(keys);
            } else {
                delta = got == null ? Relation.empty(ctx.schemas().get(rel).arity()) : growing.get(rel).addNew(got);
            }
            ctx.setDelta(rel, delta);
            grew |= delta.size() > 0;
        }
        return grew;
    }
}
