package io.leapfrog.planner.calcite;

import io.leapfrog.planner.JoinProblem.JoinPredicate.Kind;
import org.apache.calcite.rex.RexNode;

/**
 * One predicate of a {@link LogicalLeapfrogJoin}: its condition over the join's fields, its kind, the join
 * variables it reads, and (ASSIGNMENT) the variable it defines, or -1.
 */
public record LevelPredicate(RexNode condition, Kind kind, int[] vars, int defines, String text) {
}
