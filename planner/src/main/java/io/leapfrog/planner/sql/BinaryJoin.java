package io.leapfrog.planner.sql;

import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rex.RexNode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A join of two evaluated inputs (a Calcite Join node that did not become a LeapfrogJoin): INNER, or
 * LEFT, RIGHT and FULL OUTER, which add each row of the preserved side(s) that matched none, padded with
 * NULLs. Equalities between a left and a right column are hash keys (a NULL key matches nothing, as in
 * SQL); the rest of the ON condition is checked on each candidate pair.
 */
final class BinaryJoin {
    private BinaryJoin() {
    }

    static List<Object[]> of(JoinRelType type, List<Object[]> left, int leftWidth, List<Object[]> right, int rightWidth,
                             RexNode condition) {
        List<RexNode> rest = new ArrayList<>(RelOptUtil.conjunctions(condition));
        List<int[]> keys = RelInterpreter.equiKeys(rest, leftWidth, rightWidth);   // taken out of rest
        Map<List<Object>, List<Integer>> byKey = new HashMap<>();
        for (int r = 0; r < right.size(); r++) {
            List<Object> k = key(right.get(r), keys, 1);
            if (k != null) {
                byKey.computeIfAbsent(k, x -> new ArrayList<>()).add(r);
            }
        }
        boolean keepLeft = type == JoinRelType.LEFT || type == JoinRelType.FULL;
        boolean keepRight = type == JoinRelType.RIGHT || type == JoinRelType.FULL;
        boolean[] rightMatched = new boolean[right.size()];
        List<Object[]> out = new ArrayList<>();
        for (Object[] l : left) {
            boolean matched = false;
            List<Object> k = key(l, keys, 0);
            List<Integer> candidates = k == null ? List.of() : byKey.getOrDefault(k, List.of());
            for (int r : candidates) {
                Object[] both = Arrays.copyOf(l, leftWidth + rightWidth);
                System.arraycopy(right.get(r), 0, both, leftWidth, rightWidth);
                if (allTrue(rest, both)) {
                    out.add(both);
                    matched = true;
                    rightMatched[r] = true;
                }
            }
            if (!matched && keepLeft) {
                out.add(Arrays.copyOf(l, leftWidth + rightWidth));   // the right side NULL
            }
        }
        if (keepRight) {
            for (int r = 0; r < right.size(); r++) {
                if (!rightMatched[r]) {
                    Object[] padded = new Object[leftWidth + rightWidth];
                    System.arraycopy(right.get(r), 0, padded, leftWidth, rightWidth);
                    out.add(padded);
                }
            }
        }
        return out;
    }

    /** The row's key values (side 0: left columns, 1: right), or null when one is NULL (it matches nothing). */
    private static List<Object> key(Object[] row, List<int[]> keys, int side) {
        List<Object> k = new ArrayList<>(keys.size());
        for (int[] pair : keys) {
            Object v = row[pair[side]];
            if (v == null) {
                return null;
            }
            k.add(v);
        }
        return k;
    }

    private static boolean allTrue(List<RexNode> conditions, Object[] row) {
        for (RexNode c : conditions) {
            if (!RexEvaluator.isTrue(c, row)) {
                return false;
            }
        }
        return true;
    }
}
