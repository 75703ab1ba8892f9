package io.leapfrog.plan;

import io.leapfrog.ast.Expr;
import io.leapfrog.ast.FilterSpec;
import io.leapfrog.ast.Literal;

import java.util.List;

/**
 * Everything a join does besides intersecting its atoms, each at the level of the variable order
 * where it can act: a comparison that narrows seeks ({@link Bound}, {@link ConstantBound}), a test of
 * the binding ({@link Comparison}, {@link Negation}, {@link FilterTest}), or a variable whose values
 * come from the earlier ones ({@link Assignment}, {@link Range}, {@link OuterValue},
 * {@link AggregateValue}, {@link Witness}). {@code text} is how the predicate reads in a plan.
 */
public sealed interface Predicate {

    /** How the predicate reads in a plan: the rule's own text where there is one. */
    String text();

    /** The variables it reads (all must be bound before it acts). */
    List<Integer> reads();

    /** The variable it defines, or -1. */
    default int defines() {
        return -1;
    }

    /** {@code low < high} (strict) or {@code low <= high} between two variables the atoms bind. */
    record Bound(int low, int high, boolean strict, String text) implements Predicate {
        @Override
        public List<Integer> reads() {
            return List.of(low, high);
        }
    }

    /** {@code var < c}, {@code var <= c} ({@code upper}), {@code var > c} or {@code var >= c}, c constant. */
    record ConstantBound(int var, Expr constant, boolean strict, boolean upper, String text) implements Predicate {
        @Override
        public List<Integer> reads() {
            return List.of(var);
        }
    }

    /** Any other comparison, tested once its variables are bound. */
    record Comparison(Literal.Comparison comparison, List<Integer> reads, String text) implements Predicate {
        public Comparison {
            reads = List.copyOf(reads);
        }
    }

    /**
     * {@code !relation(args)}: the binding passes when the relation, projected to {@code columns} (the
     * non-wildcard ones), does not hold {@code args}.
     */
    record Negation(String relation, List<Integer> columns, List<Expr> args, List<Integer> reads, String text)
            implements Predicate {
        public Negation {
            columns = List.copyOf(columns);
            args = List.copyOf(args);
            reads = List.copyOf(reads);
        }
    }

    /**
     * {@code relation(args)} over a filter relation (a quotient filter of its tuples' hashes): the binding
     * passes when the filter may hold {@code args} (never a false negative, false positives at most at the
     * filter's rate, {@code filter}). With no args (only {@code count : { relation(_) }} writes that) it
     * stands for the filter's estimated size.
     */
    record FilterTest(String relation, List<Expr> args, List<Integer> reads, FilterSpec filter, String text)
            implements Predicate {
        public FilterTest {
            args = List.copyOf(args);
            reads = List.copyOf(reads);
        }
    }

    /** {@code var = value}: the variable is computed from the earlier ones. */
    record Assignment(int var, Expr value, List<Integer> reads, String text) implements Predicate {
        public Assignment {
            reads = List.copyOf(reads);
        }

        @Override
        public int defines() {
            return var;
        }
    }

    /** {@code var = range(from, to[, step])}: the variable takes each value of the range. */
    record Range(int var, Expr.Functor range, List<Integer> reads, String text) implements Predicate {
        public Range {
            reads = List.copyOf(reads);
        }

        @Override
        public int defines() {
            return var;
        }
    }

    /** The variable is the {@code index}-th value passed in from outside (an aggregate's body reading its rule's variables). */
    record OuterValue(int var, int index, String text) implements Predicate {
        @Override
        public List<Integer> reads() {
            return List.of();
        }

        @Override
        public int defines() {
            return var;
        }
    }

    /**
     * {@code var = kind target : { body }}: the value of the aggregate written as {@code aggregate}, whose
     * body is a join of its own reading the variables {@code outer} of this one ({@code reads}, in that
     * order) as outer values; {@code target} is over the body's variables. {@code witnesses} are variables
     * of this join bound only inside a min or max, whose values come from the binding that reached the
     * extremum. Expressions of this join refer to the value by the aggregate's own object (identity).
     */
    record AggregateValue(int var, Expr.Aggregate aggregate, Expr target, List<String> outer, List<Integer> reads,
                          List<String> witnesses, JoinNode body, String text) implements Predicate {
        public AggregateValue {
            outer = List.copyOf(outer);
            reads = List.copyOf(reads);
            witnesses = List.copyOf(witnesses);
        }

        public Expr.AggKind kind() {
            return aggregate.kind();
        }

        /** This aggregate with its body replaced (planned). */
        public AggregateValue withBody(JoinNode newBody) {
            return new AggregateValue(var, aggregate, target, outer, reads, witnesses, newBody, text);
        }

        @Override
        public int defines() {
            return var;
        }
    }

    /** The {@code index}-th witness of the aggregate that defines {@code aggregateVar}. */
    record Witness(int var, int aggregateVar, int index, String text) implements Predicate {
        @Override
        public List<Integer> reads() {
            return List.of(aggregateVar);
        }

        @Override
        public int defines() {
            return var;
        }
    }
}
