package io.leapfrog.planner.sql;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntBinaryOperator;

/**
 * SQL's INTERSECT and EXCEPT over evaluated inputs: as sets (each distinct row once), or with ALL as
 * multisets (a row k times in the first input and j in the other is min(k, j) times in an INTERSECT ALL
 * and max(k - j, 0) times in an EXCEPT ALL), as SQL (and DuckDB) define them. Several inputs apply in turn.
 */
final class SetOperations {
    private SetOperations() {
    }

    static List<Object[]> intersect(List<List<Object[]>> inputs, boolean all) {
        return fold(inputs, all, Math::min);
    }

    static List<Object[]> except(List<List<Object[]>> inputs, boolean all) {
        return fold(inputs, all, (k, j) -> all ? k - j : (j > 0 ? 0 : k));
    }

    /**
     * Applies the inputs in turn: a row's occurrences k so far and j in the next input become
     * {@code combine(k, j)}; rows left with none are dropped.
     */
    private static List<Object[]> fold(List<List<Object[]>> inputs, boolean all, IntBinaryOperator combine) {
        Map<List<Object>, Integer> acc = counts(inputs.get(0));
        for (int i = 1; i < inputs.size(); i++) {
            Map<List<Object>, Integer> other = counts(inputs.get(i));
            Map<List<Object>, Integer> next = new LinkedHashMap<>();
            for (Map.Entry<List<Object>, Integer> e : acc.entrySet()) {
                int k = combine.applyAsInt(e.getValue(), other.getOrDefault(e.getKey(), 0));
                if (k > 0) {
                    next.put(e.getKey(), k);
                }
            }
            acc = next;
        }
        return rows(acc, all);
    }

    /** Occurrences of each row (rows compared by value; NULLs equal each other, as set operations compare them). */
    private static Map<List<Object>, Integer> counts(List<Object[]> rows) {
        Map<List<Object>, Integer> out = new LinkedHashMap<>();
        for (Object[] r : rows) {
            out.merge(Arrays.asList(r), 1, Integer::sum);
        }
        return out;
    }

    private static List<Object[]> rows(Map<List<Object>, Integer> counts, boolean all) {
        List<Object[]> out = new ArrayList<>();
        for (Map.Entry<List<Object>, Integer> e : counts.entrySet()) {
            int times = all ? e.getValue() : 1;
            for (int t = 0; t < times; t++) {
                out.add(e.getKey().toArray());
            }
        }
        return out;
    }
}
