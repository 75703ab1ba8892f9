package io.leapfrog.planner.sql;

import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Calc;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.sql.SqlKind;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the tuples of one input of a SQL leapfrog join come from: a catalog table, read as stored (its
 * relation, narrowed by index selections when the input is the table filtered by {@code column =
 * constant} conditions, as a Filter or as a Calc that only filters), or anything else, evaluated by
 * Calcite and encoded.
 */
sealed interface AtomSource {

    /** A table's relation, with {@code column = value} selections (value an Integer or a String). */
    record Stored(Catalog.TableInfo table, List<Selection> selections) implements AtomSource {
        /** The selected tuples; a string that no stored symbol equals selects nothing. */
        Relation relation(SymbolTable symbols) {
            Relation rel = table.data();
            for (Selection s : selections) {
                int value;
                if (s.value() instanceof String str) {
                    value = symbols.lookup(str);
                    if (value < 0) {
                        return Relation.empty(rel.arity());
                    }
                } else {
                    long v = ((Number) s.value()).longValue();
                    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
                        return Relation.empty(rel.arity());
                    }
                    value = (int) v;
                }
                rel = rel.select(s.column(), value);
            }
            return rel;
        }
    }

    record Selection(int column, Object value) { }

    /** Evaluated by Calcite: its rows are encoded into a relation of ints before the join. */
    record Evaluated() implements AtomSource { }

    /** The source of a physical input: a table (maybe filtered by constants) read as stored, else evaluated. */
    static AtomSource of(RelNode input) {
        RelNode rel = input.stripped();
        Catalog.TableInfo table = table(rel);
        if (table != null) {
            return new Stored(table, List.of());
        }
        RexNode condition = null;
        if (rel instanceof Filter filter && (table = table(filter.getInput().stripped())) != null) {
            condition = filter.getCondition();
        } else if (rel instanceof Calc calc && (table = table(calc.getInput().stripped())) != null) {
            RexProgram program = calc.getProgram();
            if (program.projectsOnlyIdentity() && program.getCondition() != null) {
                condition = program.expandLocalRef(program.getCondition());
            }
        }
        List<Selection> selections = condition == null ? null : selections(table, condition);
        return selections == null ? new Evaluated() : new Stored(table, selections);
    }

    private static Catalog.TableInfo table(RelNode rel) {
        if (rel instanceof TableScan scan) {
            CatalogTable t = scan.getTable().unwrap(CatalogTable.class);
            return t == null ? null : t.info();
        }
        return null;
    }

    /** {@code column = literal} conjuncts on number and symbol columns, or null when the condition has others. */
    private static List<Selection> selections(Catalog.TableInfo table, RexNode condition) {
        List<Selection> out = new ArrayList<>();
        for (RexNode c : RelOptUtil.conjunctions(condition)) {
            if (c.getKind() != SqlKind.EQUALS || !(c instanceof RexCall call)) {
                return null;
            }
            RexNode a = call.getOperands().get(0);
            RexNode b = call.getOperands().get(1);
            if (a instanceof RexLiteral && b instanceof RexInputRef) {
                RexNode t = a;
                a = b;
                b = t;
            }
            if (!(a instanceof RexInputRef ref) || !(b instanceof RexLiteral lit) || lit.isNull()) {
                return null;
            }
            ColumnKind kind = table.kinds().get(ref.getIndex());
            if (kind == ColumnKind.SYMBOL && lit.getTypeName().getFamily() == org.apache.calcite.sql.type.SqlTypeFamily.CHARACTER) {
                out.add(new Selection(ref.getIndex(), lit.getValueAs(String.class)));
            } else if (kind == ColumnKind.NUMBER && org.apache.calcite.sql.type.SqlTypeName.INT_TYPES.contains(lit.getTypeName())) {
                out.add(new Selection(ref.getIndex(), lit.getValueAs(Long.class)));
            } else {
                return null;
            }
        }
        return out;
    }
}
