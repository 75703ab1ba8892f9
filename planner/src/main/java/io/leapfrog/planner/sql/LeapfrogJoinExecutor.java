package io.leapfrog.planner.sql;

import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.LeapfrogJoin;
import io.leapfrog.exec.join.TupleSink;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;
import io.leapfrog.planner.JoinProblem.JoinPredicate.Kind;
import io.leapfrog.planner.calcite.LevelPredicate;
import io.leapfrog.planner.calcite.StatisticsTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.sql.type.SqlTypeFamily;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs a planned {@link io.leapfrog.planner.calcite.LeapfrogJoin} on the executor: each input becomes
 * a trie in the join's variable order (an input whose fields repeat a variable is first narrowed to
 * the rows where they agree), comparisons between two number variables become seek bounds, and every
 * other predicate a filter at its level. Variables are renumbered so level {@code l} binds variable
 * {@code l}, as {@link JoinQuery} requires.
 */
final class LeapfrogJoinExecutor {

    private final RelInterpreter interpreter;
    private final int threads;

    LeapfrogJoinExecutor(RelInterpreter interpreter, int threads) {
        this.interpreter = interpreter;
        this.threads = threads;
    }

    /** Number of result rows, counted without materialising them. */
    long count(io.leapfrog.planner.calcite.LeapfrogJoin join) {
        Compiled c = compile(join);
        return c.empty ? 0 : LeapfrogJoin.count(c.query, threads);
    }

    /** The join's rows: the inputs' fields side by side. */
    List<Object[]> rows(io.leapfrog.planner.calcite.LeapfrogJoin join) {
        Compiled c = compile(join);
        List<Object[]> out = new ArrayList<>();
        if (c.empty) {
            return out;
        }
        List<Collector> sinks = LeapfrogJoin.run(c.query, threads, () -> new Collector(c.levels));
        for (Collector s : sinks) {
            for (int r = 0; r < s.size; r++) {
                Object[] row = new Object[c.fieldLevel.length];
                for (int f = 0; f < row.length; f++) {
                    row[f] = interpreter.decode(s.data[r * c.levels + c.fieldLevel[f]], c.fieldSymbol[f]);
                }
                out.add(row);
            }
        }
        return out;
    }

    private record Compiled(JoinQuery query, int levels, int[] fieldLevel, boolean[] fieldSymbol, boolean empty) { }

    private Compiled compile(io.leapfrog.planner.calcite.LeapfrogJoin join) {
        int[] order = join.order();
        int n = order.length;
        int[] level = new int[n];
        for (int l = 0; l < n; l++) {
            level[order[l]] = l;
        }
        int[] fieldVariable = join.fieldVariable();
        int[] fieldLevel = new int[fieldVariable.length];
        boolean[] fieldSymbol = new boolean[fieldVariable.length];
        for (int f = 0; f < fieldVariable.length; f++) {
            fieldLevel[f] = level[fieldVariable[f]];
            fieldSymbol[f] = join.getRowType().getFieldList().get(f).getType().getSqlTypeName().getFamily()
                    == SqlTypeFamily.CHARACTER;
        }
        JoinQuery.Builder q = JoinQuery.builder(n);
        boolean empty = false;
        for (int a = 0; a < join.getInputs().size(); a++) {
            RelNode input = join.getInputs().get(a).stripped();
            int offset = join.fieldOffset(a);
            int width = input.getRowType().getFieldCount();
            Relation rel = relationOf(input);
            // Columns that repeat a variable: keep the rows where they agree, then drop the repeats.
            int[] firstColumnOfLevel = new int[n];
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
            if (rel.size() == 0) {
                empty = true;
            }
            if (cols.length > 0) {
                q.atom(rel.trie(columnOrder), vars);
            }
        }
        int[] predicateLevel = join.predicateLevel();
        List<LevelPredicate> predicates = join.predicates();
        for (int p = 0; p < predicates.size(); p++) {
            LevelPredicate pr = predicates.get(p);
            if (!addBound(q, pr, fieldLevel, fieldSymbol)) {
                addFilter(q, pr.condition(), predicateLevel[p], fieldLevel, fieldSymbol);
            }
        }
        return new Compiled(q.build(), n, fieldLevel, fieldSymbol, empty);
    }

    /** {@code $a < $b} over two number variables: a bound on whichever is bound later. */
    private static boolean addBound(JoinQuery.Builder q, LevelPredicate pr, int[] fieldLevel, boolean[] fieldSymbol) {
        if (pr.kind() != Kind.BOUND || !(pr.condition() instanceof RexCall call)) {
            return false;
        }
        if (!(call.getOperands().get(0) instanceof RexInputRef left) || !(call.getOperands().get(1) instanceof RexInputRef right)) {
            return false;
        }
        int fa = left.getIndex();
        int fb = right.getIndex();
        if (fieldSymbol[fa] || fieldSymbol[fb] || fieldLevel[fa] == fieldLevel[fb]) {
            return false; // symbols compare as strings in SQL, not by their interned numbers
        }
        int la = fieldLevel[fa];
        int lb = fieldLevel[fb];
        boolean strict = switch (call.getKind()) {
            case LESS_THAN, GREATER_THAN -> true;
            default -> false;
        };
        boolean aBelowB = switch (call.getKind()) { // a < b or a <= b
            case LESS_THAN, LESS_THAN_OR_EQUAL -> true;
            default -> false;
        };
        if (la > lb) {
            if (aBelowB) {
                q.upperBound(la, lb, strict);
            } else {
                q.lowerBound(la, lb, strict);
            }
        } else {
            if (aBelowB) {
                q.lowerBound(lb, la, strict);
            } else {
                q.upperBound(lb, la, strict);
            }
        }
        return true;
    }

    private void addFilter(JoinQuery.Builder q, RexNode condition, int level, int[] fieldLevel, boolean[] fieldSymbol) {
        int[] fields = RelOptUtil.InputFinder.bits(condition).toArray();
        int width = fieldLevel.length;
        q.filter(level, binding -> {
            Object[] row = new Object[width];
            for (int f : fields) {
                row[f] = interpreter.decode(binding[fieldLevel[f]], fieldSymbol[f]);
            }
            return RexEvaluator.isTrue(condition, row);
        });
    }

    /** The input's tuples as a relation of ints: a table directly, anything else evaluated and encoded. */
    private Relation relationOf(RelNode input) {
        Catalog.TableInfo table = tableOf(input);
        if (table != null) {
            return table.data();
        }
        if (input instanceof Filter filter && tableOf(filter.getInput().stripped()) != null) {
            Relation selected = selectConstants(tableOf(filter.getInput().stripped()), filter);
            if (selected != null) {
                return selected;
            }
        }
        List<Object[]> rows = interpreter.eval(input);
        int width = input.getRowType().getFieldCount();
        RelationBuilder b = new RelationBuilder(width);
        int[] tuple = new int[width];
        for (Object[] row : rows) {
            for (int c = 0; c < width; c++) {
                tuple[c] = interpreter.encode(row[c]);
            }
            b.add(tuple);
        }
        return b.build();
    }

    private static Catalog.TableInfo tableOf(RelNode rel) {
        if (rel instanceof TableScan scan) {
            StatisticsTable t = scan.getTable().unwrap(StatisticsTable.class);
            if (t != null && t.payload() instanceof Catalog.TableInfo info) {
                return info;
            }
        }
        return null;
    }

    /**
     * A filter made only of {@code column = constant} conditions, as index selections on the stored
     * relation (no boxing of its rows); null when the filter has any other condition.
     */
    private Relation selectConstants(Catalog.TableInfo table, Filter filter) {
        Relation rel = table.data();
        for (RexNode c : RelOptUtil.conjunctions(filter.getCondition())) {
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
            if (!(a instanceof RexInputRef ref) || !(b instanceof RexLiteral lit)) {
                return null;
            }
            Object v = RexEvaluator.literal(lit);
            int column = ref.getIndex();
            boolean symbol = table.kinds().get(column) == ColumnKind.SYMBOL;
            if (symbol && v instanceof String str) {
                int id = interpreter.lookup(str);
                rel = id < 0 ? Relation.empty(rel.arity()) : rel.select(column, id);
            } else if (!symbol && v instanceof Long l) {
                rel = l < Integer.MIN_VALUE || l > Integer.MAX_VALUE ? Relation.empty(rel.arity()) : rel.select(column, (int) (long) l);
            } else {
                return null;
            }
        }
        return rel;
    }

    /** Collects bindings in one growable int array per worker. */
    static final class Collector implements TupleSink {
        private final int width;
        int[] data = new int[1024];
        int size;

        Collector(int width) {
            this.width = width;
        }

        @Override
        public void accept(int[] binding) {
            if ((size + 1) * width > data.length) {
                data = Arrays.copyOf(data, Math.max(data.length * 2, (size + 1) * width));
            }
            System.arraycopy(binding, 0, data, size * width, width);
            size++;
        }
    }
}
