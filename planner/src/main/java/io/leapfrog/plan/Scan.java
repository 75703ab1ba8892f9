package io.leapfrog.plan;

import io.leapfrog.ast.Expr;
import io.leapfrog.check.BaseType;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A positive atom a join reads: its relation and, column by column, what the column does. A constant
 * selects rows, a variable binds (a variable repeated within the atom makes its columns agree), an
 * ignored column is not read. {@code recursive}: the relation belongs to the stratum being evaluated,
 * so semi-naive evaluation reads its delta in one variant of the rule.
 */
public record Scan(String relation, List<Column> columns, boolean recursive) {

    public Scan {
        columns = List.copyOf(columns);
    }

    /** What one column of the atom does. */
    public sealed interface Column {
        /** The column binds variable {@code var}. */
        record Binds(int var) implements Column { }

        /** The column must hold the constant {@code value}, a value of {@code type}. */
        record Selects(Expr value, BaseType type) implements Column { }

        /** The column is not read ({@code _}). */
        record Ignored() implements Column { }
    }

    /** The variables the atom binds, each once, in column order. */
    public List<Integer> vars() {
        Set<Integer> out = new LinkedHashSet<>();
        for (Column c : columns) {
            if (c instanceof Column.Binds b) {
                out.add(b.var());
            }
        }
        return new ArrayList<>(out);
    }

    /** True when the atom binds no variable: it only holds or does not. */
    public boolean isGround() {
        return vars().isEmpty();
    }
}
