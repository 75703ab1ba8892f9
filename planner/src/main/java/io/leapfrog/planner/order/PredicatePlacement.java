package io.leapfrog.planner.order;

import io.leapfrog.planner.JoinProblem.JoinPredicate;

import java.util.List;

/**
 * Places each predicate at the earliest level of a variable order where it can fire: a COMPARISON,
 * BOUND, NEGATION or FILTER at the level of its last-bound variable (the paper's LessThan built-ins: with order
 * x,y,z the filter x&lt;y fires at the level of y); an ASSIGNMENT at the level of the variable it defines.
 * A predicate over no variables fires at level 0.
 */
public final class PredicatePlacement {

    private PredicatePlacement() { }

    public static int[] levels(List<JoinPredicate> predicates, int[] order) {
        int[] position = positions(order);
        int[] levels = new int[predicates.size()];
        for (int p = 0; p < predicates.size(); p++) {
            JoinPredicate pr = predicates.get(p);
            int level = 0;
            for (int v : pr.vars()) {
                level = Math.max(level, position[v]);
            }
            if (pr.kind() == JoinPredicate.Kind.ASSIGNMENT && pr.defines() >= 0) {
                level = Math.max(level, position[pr.defines()]);
            }
            levels[p] = level;
        }
        return levels;
    }

    /** position[v] = the level that binds variable v. */
    public static int[] positions(int[] order) {
        int[] position = new int[order.length];
        for (int l = 0; l < order.length; l++) {
            position[order[l]] = l;
        }
        return position;
    }
}
