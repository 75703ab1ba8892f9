package io.leapfrog.planner.sql;

import io.leapfrog.exec.join.AtomPattern;
import io.leapfrog.exec.join.JoinCompiler;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.LevelFilter;
import io.leapfrog.exec.storage.Relation;
import org.apache.calcite.sql.SqlKind;

import java.util.Arrays;
import java.util.List;

/**
 * Builds the {@link JoinQuery} of one SQL leapfrog join through the engine's {@link JoinCompiler}. Inputs:
 * the join's shape, each input's tuples as a relation of ints (in the input's field order) and one
 * {@link LevelFilter} per filter of the shape. Output: the query, whose variable {@code l} is bound at level
 * {@code l}, or "empty" when some input has no tuple. Each input's fields are the variables of their levels
 * (fields repeating a variable must agree); comparisons between two number variables become seek bounds,
 * every other condition a filter at its level.
 */
final class JoinQueryCompiler {

    /** The query, or {@code empty} (query null) when an input is empty and so is the join. */
    record Compiled(JoinQuery query, boolean empty) { }

    private JoinQueryCompiler() { }

    static Compiled compile(JoinShape shape, List<Relation> atoms, List<LevelFilter> filters) {
        int[] fieldLevel = shape.fieldLevel();
        JoinCompiler join = JoinCompiler.inVariableOrder(shape.varCount());
        for (int a = 0; a < atoms.size(); a++) {
            int offset = shape.fieldOffset(a);
            join.atom(atoms.get(a), AtomPattern.ofVars(Arrays.copyOfRange(fieldLevel, offset, offset + shape.atomWidth()[a])));
            if (join.isEmpty()) {
                return new Compiled(null, true);
            }
        }
        addBounds(join, shape, fieldLevel);
        for (int i = 0; i < filters.size(); i++) {
            join.filter(shape.filters().get(i).level(), filters.get(i));
        }
        return new Compiled(join.build(), false);
    }

    /** {@code a < b} (or <=, >, >=) over two number variables: a bound on whichever is bound later. */
    private static void addBounds(JoinCompiler join, JoinShape shape, int[] fieldLevel) {
        for (JoinShape.SeekBound b : shape.bounds()) {
            int la = fieldLevel[b.fieldA()];
            int lb = fieldLevel[b.fieldB()];
            boolean strict = b.op() == SqlKind.LESS_THAN || b.op() == SqlKind.GREATER_THAN;
            boolean aBelowB = b.op() == SqlKind.LESS_THAN || b.op() == SqlKind.LESS_THAN_OR_EQUAL;
            if (aBelowB) {
                join.less(la, lb, strict);
            } else {
                join.less(lb, la, strict);
            }
        }
    }

    /**
     * The query of {@code shape} over empty inputs, with stand-in filters that are never called: its levels'
     * shapes are those of the query the join runs, for rules that read a join's shape (which joins the GPU
     * kernels can run) before any input is encoded.
     */
    static JoinQuery shapeOnly(JoinShape shape) {
        int[] fieldLevel = shape.fieldLevel();
        JoinCompiler join = JoinCompiler.inVariableOrder(shape.varCount());
        for (int a = 0; a < shape.atomWidth().length; a++) {
            int offset = shape.fieldOffset(a);
            int[] vars = Arrays.copyOfRange(fieldLevel, offset, offset + shape.atomWidth()[a]);
            join.atom(Relation.empty(vars.length), AtomPattern.ofVars(vars));
        }
        addBounds(join, shape, fieldLevel);
        for (JoinShape.LevelCondition c : shape.filters()) {
            join.filter(c.level(), binding -> true);
        }
        return join.build();
    }
}
