package io.leapfrog.planner.sql;

import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.LevelFilter;
import io.leapfrog.exec.storage.Relation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds the {@link JoinQuery} of one SQL leapfrog join. Inputs: the join's shape, each input's tuples
 * as a relation of ints (in the input's field order) and one {@link LevelFilter} per filter of the shape.
 * Output: the query, whose variable {@code l} is bound at level {@code l}, or "empty" when some input
 * has no tuple. Each input becomes a trie in the join's level order (an input whose fields repeat a
 * variable is first narrowed to the rows where they agree); comparisons between two number variables
 * become seek bounds, every other condition a filter at its level.
 */
final class JoinQueryCompiler {

    /** The query, or {@code empty} (query null) when an input is empty and so is the join. */
    record Compiled(JoinQuery query, boolean empty) { }

    private JoinQueryCompiler() { }

    static Compiled compile(JoinShape shape, List<Relation> atoms, List<LevelFilter> filters) {
        int[] fieldLevel = shape.fieldLevel();
        JoinQuery.Builder q = JoinQuery.builder(shape.varCount());
        for (int a = 0; a < atoms.size(); a++) {
            Relation rel = atoms.get(a);
            if (rel.size() == 0) {
                return new Compiled(null, true);
            }
            int offset = shape.fieldOffset(a);
            int width = shape.atomWidth()[a];
            // Columns that repeat a variable: keep the rows where they agree, then drop the repeats.
            int[] firstColumnOfLevel = new int[shape.varCount()];
            Arrays.fill(firstColumnOfLevel, -1);
            List<Integer> kept = new ArrayList<>();
            for (int c = 0; c < width; c++) {
                int l = fieldLevel[offset + c];
                if (firstColumnOfLevel[l] >= 0) {
                    rel = rel.selectEqualColumns(firstColumnOfLevel[l], c);
                } else {
                    firstColumnOfLevel[l] = c;
                    kept.add(c);
                }
            }
            if (kept.size() < width) {
                rel = rel.project(kept.stream().mapToInt(Integer::intValue).toArray());
            }
            if (rel.size() == 0) {
                return new Compiled(null, true);
            }
            // Trie columns in level order.
            Integer[] cols = new Integer[kept.size()];
            for (int i = 0; i < cols.length; i++) {
                cols[i] = i;
            }
            Arrays.sort(cols, (x, y) -> Integer.compare(fieldLevel[offset + kept.get(x)], fieldLevel[offset + kept.get(y)]));
            int[] columnOrder = new int[cols.length];
            int[] vars = new int[cols.length];
            for (int i = 0; i < cols.length; i++) {
                columnOrder[i] = cols[i];
                vars[i] = fieldLevel[offset + kept.get(cols[i])];
            }
            q.atom(rel.trie(columnOrder), vars);
        }
        for (JoinShape.SeekBound b : shape.bounds()) {
            addBound(q, b, fieldLevel);
        }
        for (int i = 0; i < filters.size(); i++) {
            q.filter(shape.filters().get(i).level(), filters.get(i));
        }
        return new Compiled(q.build(), false);
    }

    /** {@code a < b} (or <=, >, >=) over two number variables: a bound on whichever is bound later. */
    private static void addBound(JoinQuery.Builder q, JoinShape.SeekBound b, int[] fieldLevel) {
        int la = fieldLevel[b.fieldA()];
        int lb = fieldLevel[b.fieldB()];
        boolean strict = switch (b.op()) {
            case LESS_THAN, GREATER_THAN -> true;
            default -> false;
        };
        boolean aBelowB = switch (b.op()) { // a < b or a <= b
            case LESS_THAN, LESS_THAN_OR_EQUAL -> true;
            default -> false;
        };
        if (la > lb) {
            if (aBelowB) {
                q.upperBound(la, lb, strict);
            } else {
                q.lowerBound(la, lb, strict);
            }
        } else if (aBelowB) {
            q.lowerBound(lb, la, strict);
        } else {
            q.upperBound(lb, la, strict);
        }
    }
}
