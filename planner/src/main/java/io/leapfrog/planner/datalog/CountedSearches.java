package io.leapfrog.planner.datalog;

import io.leapfrog.ast.Expr;
import io.leapfrog.plan.JoinNode;
import io.leapfrog.plan.Predicate;
import io.leapfrog.plan.RulePlan;
import io.leapfrog.plan.Scan;
import io.leapfrog.plan.StratumPlan;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The graph searches whose rows no rule needs, only their number: every join that reads the search's
 * relation is a count of that relation's rows ({@link JoinNode#rowsOf()}), as the body of a {@code count}
 * aggregate ({@code n = count : { k_clique(edge, 6, _) }}) or of a rule whose bindings are counted for
 * {@code .printsize} (count push-down). Such a search counts its sets and builds no row: 6-cliques can be
 * billions.
 */
public final class CountedSearches {
    private CountedSearches() {
    }

    /** The relations among {@code searches} that one rule (a query's) only counts. */
    public static Set<String> ofRule(Collection<String> searches, RulePlan rule) {
        Set<String> readOtherwise = new HashSet<>();
        visit(rule.body(), false, readOtherwise);
        Set<String> counted = new HashSet<>(searches);
        counted.removeAll(readOtherwise);
        return counted;
    }

    /** The relations among {@code searches} that the rules of {@code strata} only count. */
    static Set<String> of(Collection<String> searches, List<StratumPlan> strata) {
        Set<String> readOtherwise = new HashSet<>();
        for (StratumPlan s : strata) {
            for (RulePlan r : s.rules()) {
                visit(r.body(), s.countedOnly(), readOtherwise);
            }
        }
        Set<String> counted = new HashSet<>(searches);
        counted.removeAll(readOtherwise);
        return counted;
    }

    /** Adds to {@code readOtherwise} each relation {@code join} (and the joins inside it) reads other than to count it. */
    private static void visit(JoinNode join, boolean onlyCounted, Set<String> readOtherwise) {
        String counted = onlyCounted ? join.rowsOf() : null;
        for (Scan sc : join.scans()) {
            if (!sc.relation().equals(counted)) {
                readOtherwise.add(sc.relation());
            }
        }
        for (Predicate p : join.predicates()) {
            if (p instanceof Predicate.Negation n) {
                readOtherwise.add(n.relation());
            } else if (p instanceof Predicate.AggregateValue a) {
                visit(a.body(), a.kind() == Expr.AggKind.COUNT, readOtherwise);
            }
        }
    }
}
