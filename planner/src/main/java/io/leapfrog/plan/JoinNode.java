package io.leapfrog.plan;

import io.leapfrog.check.BaseType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One leapfrog triejoin: a rule body, an aggregate's body or a query. Its variables are numbered; its
 * atoms are {@link Scan}s; everything else it does is a {@link Predicate} (in the order the planner is
 * given them: computed variables, then comparisons, then negations). {@code order} is null until the
 * join is planned with the statistics of its relations ({@link #planned}).
 *
 * @param types           base types of the variables by name (also of names the head uses)
 * @param parameters      variables bound from outside ({@link Predicate.OuterValue}), for an aggregate's body
 * @param unsatisfiable   a literal of the body never holds ({@code false}, {@code x < x}): no answer
 * @param countedOnly     the join's bindings are only ever counted, never enumerated
 */
public record JoinNode(String label, List<Variable> variables, Map<String, BaseType> types, List<Scan> scans,
                       List<Predicate> predicates, int parameters, boolean unsatisfiable, boolean countedOnly,
                       JoinOrder order) {

    public JoinNode {
        variables = List.copyOf(variables);
        types = Map.copyOf(types);
        scans = List.copyOf(scans);
        predicates = List.copyOf(predicates);
    }

    /** This join with its order. */
    public JoinNode planned(JoinOrder newOrder) {
        return new JoinNode(label, variables, types, scans, predicates, parameters, unsatisfiable, countedOnly, newOrder);
    }

    /** This join with other predicates (the same in number and order: an aggregate's body planned, say). */
    public JoinNode withPredicates(List<Predicate> newPredicates) {
        return new JoinNode(label, variables, types, scans, newPredicates, parameters, unsatisfiable, countedOnly, order);
    }

    public int varCount() {
        return variables.size();
    }

    /** The number of a variable by name, or -1. */
    public int var(String name) {
        for (int v = 0; v < variables.size(); v++) {
            if (variables.get(v).name().equals(name)) {
                return v;
            }
        }
        return -1;
    }

    /** The level that binds the named variable in the planned order; -1 when the join does not bind it. */
    public int levelOf(String name) {
        int v = var(name);
        return v < 0 ? -1 : order.levels()[v];
    }

    /** The base type of a variable (a number where nothing types it). */
    public BaseType typeOf(String name) {
        return types.getOrDefault(name, BaseType.NUMBER);
    }

    /** Indexes of the scans over relations of the stratum being evaluated (one semi-naive variant each). */
    public List<Integer> recursiveScans() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < scans.size(); i++) {
            if (scans.get(i).recursive()) {
                out.add(i);
            }
        }
        return out;
    }

    /** The aggregates whose values the join computes (each a join of its own). */
    public List<Predicate.AggregateValue> aggregates() {
        List<Predicate.AggregateValue> out = new ArrayList<>();
        for (Predicate p : predicates) {
            if (p instanceof Predicate.AggregateValue a) {
                out.add(a);
            }
        }
        return out;
    }

    /**
     * The relation whose rows are this join's bindings one for one, or null: a join of one atom whose columns
     * bind distinct variables, with no constant, repeated variable, ignored column, outer value or predicate,
     * binds each row of its relation once, so the number of its bindings is the relation's size.
     */
    public String rowsOf() {
        if (scans.size() != 1 || !predicates.isEmpty() || parameters != 0 || unsatisfiable) {
            return null;
        }
        Scan s = scans.get(0);
        java.util.Set<Integer> bound = new java.util.HashSet<>();
        for (Scan.Column c : s.columns()) {
            if (!(c instanceof Scan.Column.Binds b) || !bound.add(b.var())) {
                return null;
            }
        }
        return bound.size() == variables.size() ? s.relation() : null;
    }

    /** True when the join has only positive atoms: no comparison, computed value or negation. */
    public boolean isPureJoin() {
        return predicates.isEmpty();
    }
}
