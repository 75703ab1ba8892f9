package io.leapfrog.planner.sql;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.NotSupportedException;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;
import io.leapfrog.planner.calcite.LeapfrogJoin;
import io.leapfrog.planner.calcite.StatisticsTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Intersect;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Minus;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.rules.MultiJoin;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A small interpreter for the optimized Calcite plan of a SQL query. Rows are {@code Object[]} of
 * {@link Long}, {@link Double}, {@link String}, {@link Boolean} or null. Joins run as
 * {@link LeapfrogJoin}s on the executor; {@code COUNT(*)} directly over one is counted without
 * materialising its rows. Operators it does not know are reported as "not supported".
 */
final class RelInterpreter {

    private final SymbolTable symbols;
    private final LeapfrogJoinExecutor joins;

    RelInterpreter(SymbolTable symbols, int threads) {
        this.symbols = symbols;
        this.joins = new LeapfrogJoinExecutor(this, threads);
    }

    List<Object[]> eval(RelNode node) {
        RelNode rel = node.stripped();
        if (rel instanceof TableScan scan) {
            return scan(scan);
        }
        if (rel instanceof Filter f) {
            List<Object[]> out = new ArrayList<>();
            for (Object[] row : eval(f.getInput())) {
                if (RexEvaluator.isTrue(f.getCondition(), row)) {
                    out.add(row);
                }
            }
            return out;
        }
        if (rel instanceof Project p) {
            List<RexNode> exprs = p.getProjects();
            List<Object[]> out = new ArrayList<>();
            for (Object[] row : eval(p.getInput())) {
                Object[] r = new Object[exprs.size()];
                for (int i = 0; i < r.length; i++) {
                    r[i] = RexEvaluator.eval(exprs.get(i), row);
                }
                out.add(r);
            }
            return out;
        }
        if (rel instanceof LeapfrogJoin lj) {
            return joins.rows(lj);
        }
        if (rel instanceof Aggregate a) {
            return aggregate(a);
        }
        if (rel instanceof Sort s) {
            return sort(s);
        }
        if (rel instanceof Values v) {
            List<Object[]> out = new ArrayList<>();
            for (List<RexLiteral> tuple : v.getTuples()) {
                Object[] r = new Object[tuple.size()];
                for (int i = 0; i < r.length; i++) {
                    r[i] = RexEvaluator.literal(tuple.get(i));
                }
                out.add(r);
            }
            return out;
        }
        if (rel instanceof Union u) {
            List<Object[]> out = new ArrayList<>();
            for (RelNode in : u.getInputs()) {
                out.addAll(eval(in));
            }
            return u.all ? out : distinct(out);
        }
        if (rel instanceof Window w) {
            return WindowEvaluator.eval(w, eval(w.getInput()));
        }
        if (rel instanceof Intersect i) {
            return SetOperations.intersect(evalAll(i.getInputs()), i.all);
        }
        if (rel instanceof Minus m) {
            return SetOperations.except(evalAll(m.getInputs()), m.all);
        }
        if (rel instanceof MultiJoin mj) {
            return multiJoin(mj);
        }
        if (rel instanceof Join j) {
            return switch (j.getJoinType()) {
                case INNER, LEFT, RIGHT, FULL -> BinaryJoin.of(j.getJoinType(), eval(j.getLeft()), j.getLeft().getRowType().getFieldCount(),
                        eval(j.getRight()), j.getRight().getRowType().getFieldCount(), j.getCondition());
                default -> throw new NotSupportedException("not supported: " + j.getJoinType().name().toLowerCase()
                        + " join in SQL");
            };
        }
        throw new NotSupportedException("not supported: " + rel.getRelTypeName() + " in SQL (supported: "
                + "SELECT with inner and outer joins, WHERE, GROUP BY with COUNT/SUM/MIN/MAX/AVG, ORDER BY, LIMIT, UNION,"
                + " INTERSECT, EXCEPT, VALUES)");
    }

    private List<List<Object[]>> evalAll(List<RelNode> inputs) {
        List<List<Object[]>> out = new ArrayList<>();
        for (RelNode in : inputs) {
            out.add(eval(in));
        }
        return out;
    }

    /** The value of a join variable: symbol columns hold interned strings. */
    Object decode(int value, boolean symbol) {
        return symbol ? symbols.symbol(value) : (Object) (long) value;
    }

    /** The id of an interned symbol, or -1 if no stored value is that string. */
    int lookup(String symbol) {
        return symbols.lookup(symbol);
    }

    /** The int a value is stored as (the inverse of {@link #decode}). */
    int encode(Object value) {
        if (value instanceof Long l) {
            if (l < Integer.MIN_VALUE || l > Integer.MAX_VALUE) {
                throw new LeapfrogException("sql: error: value " + l + " does not fit a 32-bit join column");
            }
            return (int) (long) l;
        }
        if (value instanceof String s) {
            return symbols.intern(s);
        }
        throw new NotSupportedException("not supported: joining on a value of type "
                + (value == null ? "NULL" : value.getClass().getSimpleName()));
    }

    private List<Object[]> scan(TableScan scan) {
        StatisticsTable t = scan.getTable().unwrap(StatisticsTable.class);
        if (t == null || !(t.payload() instanceof Catalog.TableInfo info)) {
            throw new NotSupportedException("not supported: table " + scan.getTable().getQualifiedName());
        }
        Relation data = info.data();
        int arity = info.columns().size();
        ColumnKind[] kinds = info.kinds().toArray(new ColumnKind[0]);
        List<Object[]> out = new ArrayList<>(data.size());
        for (int r = 0; r < data.size(); r++) {
            Object[] row = new Object[arity];
            for (int c = 0; c < arity; c++) {
                row[c] = kinds[c].decode(data.get(r, c), symbols);
            }
            out.add(row);
        }
        return out;
    }

    /** COUNT(*) with no GROUP BY directly over a LeapfrogJoin (through projections): counted, not materialised. */
    Long countShortcut(Aggregate a) {
        if (!a.getGroupSet().isEmpty() || a.getAggCallList().isEmpty()) {
            return null;
        }
        for (AggregateCall call : a.getAggCallList()) {
            if (call.getAggregation().getKind() != org.apache.calcite.sql.SqlKind.COUNT
                    || !call.getArgList().isEmpty() || call.isDistinct() || call.filterArg >= 0) {
                return null;
            }
        }
        RelNode in = a.getInput().stripped();
        while (in instanceof Project p) {
            in = p.getInput().stripped();
        }
        return in instanceof LeapfrogJoin lj ? joins.count(lj) : null;
    }

    /**
     * GROUP BY, with grouping sets (ROLLUP, CUBE, GROUPING SETS): for each set, groups by its keys, the
     * other keys of the output NULL; GROUPING(...) tells which of its arguments a row is not grouped by.
     * An aggregate's FILTER (WHERE ...) admits only the rows it holds for.
     */
    private List<Object[]> aggregate(Aggregate a) {
        List<AggregateCall> calls = a.getAggCallList();
        Long counted = countShortcut(a);
        if (counted != null) {
            Object[] row = new Object[calls.size()];
            Arrays.fill(row, counted);
            List<Object[]> out = new ArrayList<>();
            out.add(row);
            return out;
        }
        int[] keys = a.getGroupSet().toArray();
        List<Object[]> input = eval(a.getInput());
        List<Object[]> out = new ArrayList<>();
        for (org.apache.calcite.util.ImmutableBitSet set : a.getGroupSets()) {
            Map<List<Object>, Accumulator[]> groups = new LinkedHashMap<>();
            for (Object[] row : input) {
                Object[] key = new Object[keys.length];
                for (int i = 0; i < keys.length; i++) {
                    key[i] = set.get(keys[i]) ? row[keys[i]] : null;
                }
                Accumulator[] acc = groups.computeIfAbsent(Arrays.asList(key), k -> newAccumulators(calls));
                for (Accumulator x : acc) {
                    x.add(row);
                }
            }
            if (groups.isEmpty() && set.isEmpty()) {
                groups.put(Arrays.asList(new Object[keys.length]), newAccumulators(calls)); // the grand total
            }
            for (Map.Entry<List<Object>, Accumulator[]> e : groups.entrySet()) {
                Object[] row = new Object[keys.length + calls.size()];
                for (int i = 0; i < keys.length; i++) {
                    row[i] = e.getKey().get(i);
                }
                for (int i = 0; i < calls.size(); i++) {
                    row[keys.length + i] = isGrouping(calls.get(i)) ? grouping(calls.get(i), set) : e.getValue()[i].result();
                }
                out.add(row);
            }
        }
        return out;
    }

    private static boolean isGrouping(AggregateCall call) {
        SqlKind k = call.getAggregation().getKind();
        return k == SqlKind.GROUPING || k == SqlKind.GROUPING_ID;
    }

    /** GROUPING(a, b, ...): one bit per argument, the first the highest, set where the row is not grouped by it. */
    private static Object grouping(AggregateCall call, org.apache.calcite.util.ImmutableBitSet set) {
        long bits = 0;
        for (int arg : call.getArgList()) {
            bits = (bits << 1) | (set.get(arg) ? 0 : 1);
        }
        return bits;
    }

    private static Accumulator[] newAccumulators(List<AggregateCall> calls) {
        Accumulator[] acc = new Accumulator[calls.size()];
        for (int i = 0; i < acc.length; i++) {
            acc[i] = new Accumulator(calls.get(i));
        }
        return acc;
    }

    /** One aggregate call's state for one group: its arguments, DISTINCT, and NULLs skipped. */
    private static final class Accumulator {
        private final AggregateCall call;
        private final Set<List<Object>> seen;
        private final AggregateState state;

        Accumulator(AggregateCall call) {
            this.call = call;
            this.seen = call.isDistinct() ? new HashSet<>() : null;
            this.state = isGrouping(call) ? null : new AggregateState(call.getAggregation().getKind(),
                    call.getAggregation().getName(), call.getType().getSqlTypeName());
        }

        void add(Object[] row) {
            if (state == null || (call.filterArg >= 0 && !Boolean.TRUE.equals(row[call.filterArg]))) {
                return; // GROUPING(...) needs no state; a FILTER admits only the rows it holds for
            }
            List<Integer> args = call.getArgList();
            Object v = args.isEmpty() ? Boolean.TRUE : row[args.get(0)];
            for (int arg : args) {
                if (row[arg] == null) {
                    return; // aggregates skip NULLs
                }
            }
            if (seen != null) {
                List<Object> key = new ArrayList<>();
                for (int arg : args) {
                    key.add(row[arg]);
                }
                if (!seen.add(key)) {
                    return;
                }
            }
            state.add(v);
        }

        Object result() {
            return state.result();
        }
    }

    private List<Object[]> sort(Sort s) {
        List<Object[]> rows = new ArrayList<>(eval(s.getInput()));
        List<RelFieldCollation> keys = s.getCollation().getFieldCollations();
        if (!keys.isEmpty()) {
            rows.sort(order(keys));
        }
        int offset = s.offset == null ? 0 : (int) (long) (Long) RexEvaluator.eval(s.offset, new Object[0]);
        int fetch = s.fetch == null ? Integer.MAX_VALUE : (int) (long) (Long) RexEvaluator.eval(s.fetch, new Object[0]);
        int from = Math.min(offset, rows.size());
        int to = (int) Math.min((long) from + fetch, rows.size());
        return new ArrayList<>(rows.subList(from, to));
    }

    /** Rows in the order of {@code keys} (directions and NULL placement as the collation says). */
    static Comparator<Object[]> order(List<RelFieldCollation> keys) {
        Comparator<Object[]> cmp = (x, y) -> 0;
        for (RelFieldCollation k : keys) {
            int f = k.getFieldIndex();
            boolean desc = k.getDirection().isDescending();
            boolean nullsFirst = k.nullDirection == RelFieldCollation.NullDirection.FIRST;
            Comparator<Object[]> one = (x, y) -> {
                Object a = x[f];
                Object b = y[f];
                if (a == null || b == null) {
                    int c = a == null ? (b == null ? 0 : -1) : 1;
                    return nullsFirst ? c : -c;
                }
                int c = RexEvaluator.compare(a, b);
                return desc ? -c : c;
            };
            cmp = cmp.thenComparing(one);
        }
        return cmp;
    }

    private static List<Object[]> distinct(List<Object[]> rows) {
        LinkedHashSet<List<Object>> set = new LinkedHashSet<>();
        for (Object[] r : rows) {
            set.add(Arrays.asList(r));
        }
        List<Object[]> out = new ArrayList<>();
        for (List<Object> r : set) {
            out.add(r.toArray());
        }
        return out;
    }

    /** Inner joins Calcite's rules could not make a LeapfrogJoin (bag inputs): joined pairwise. */
    private List<Object[]> multiJoin(MultiJoin mj) {
        for (JoinRelType t : mj.getJoinTypes()) {
            if (t != JoinRelType.INNER) {
                throw new NotSupportedException("not supported: outer joins in SQL");
            }
        }
        if (mj.isFullOuterJoin()) {
            throw new NotSupportedException("not supported: outer joins in SQL");
        }
        List<RexNode> pending = new ArrayList<>(RelOptUtil.conjunctions(mj.getJoinFilter()));
        if (mj.getPostJoinFilter() != null) {
            pending.addAll(RelOptUtil.conjunctions(mj.getPostJoinFilter()));
        }
        List<Object[]> acc = null;
        int width = 0;
        for (RelNode in : mj.getInputs()) {
            List<Object[]> rows = eval(in);
            int w = in.getRowType().getFieldCount();
            if (acc == null) {
                acc = rows;
            } else {
                acc = hashJoin(acc, width, rows, w, equiKeys(pending, width, w));
            }
            width += w;
            // apply each condition as soon as all its fields exist
            List<RexNode> ready = new ArrayList<>();
            for (RexNode c : pending) {
                if (RelOptUtil.InputFinder.bits(c).length() <= width) {
                    ready.add(c);
                }
            }
            pending.removeAll(ready);
            if (!ready.isEmpty()) {
                List<Object[]> kept = new ArrayList<>();
                for (Object[] row : acc) {
                    boolean ok = true;
                    for (RexNode c : ready) {
                        ok &= RexEvaluator.isTrue(c, Arrays.copyOf(row, mj.getRowType().getFieldCount()));
                    }
                    if (ok) {
                        kept.add(row);
                    }
                }
                acc = kept;
            }
        }
        return acc == null ? new ArrayList<>() : acc;
    }

    /**
     * Pairs of fields ({@code left < width}, {@code right} in the new input) that conditions in
     * {@code pending} require equal; those conditions are removed, the hash join enforces them.
     */
    static List<int[]> equiKeys(List<RexNode> pending, int width, int w) {
        List<int[]> keys = new ArrayList<>();
        for (java.util.Iterator<RexNode> it = pending.iterator(); it.hasNext(); ) {
            RexNode c = it.next();
            if (c.getKind() == org.apache.calcite.sql.SqlKind.EQUALS && c instanceof org.apache.calcite.rex.RexCall call
                    && call.getOperands().get(0) instanceof org.apache.calcite.rex.RexInputRef a
                    && call.getOperands().get(1) instanceof org.apache.calcite.rex.RexInputRef b) {
                int x = Math.min(a.getIndex(), b.getIndex());
                int y = Math.max(a.getIndex(), b.getIndex());
                if (x < width && y >= width && y < width + w) {
                    keys.add(new int[]{x, y - width});
                    it.remove();
                }
            }
        }
        return keys;
    }

    /** Joins the rows so far with an input's rows on the key pairs (a cross product when there are none). */
    private static List<Object[]> hashJoin(List<Object[]> left, int width, List<Object[]> right, int w, List<int[]> keys) {
        Map<List<Object>, List<Object[]>> table = new java.util.HashMap<>();
        for (Object[] r : right) {
            List<Object> key = new ArrayList<>(keys.size());
            for (int[] k : keys) {
                key.add(r[k[1]]);
            }
            if (!key.contains(null)) { // NULL never equals anything
                table.computeIfAbsent(key, x -> new ArrayList<>()).add(r);
            }
        }
        List<Object[]> out = new ArrayList<>();
        for (Object[] l : left) {
            List<Object> key = new ArrayList<>(keys.size());
            for (int[] k : keys) {
                key.add(l[k[0]]);
            }
            for (Object[] r : table.getOrDefault(key, List.of())) {
                Object[] both = Arrays.copyOf(l, width + w);
                System.arraycopy(r, 0, both, width, w);
                out.add(both);
            }
        }
        return out;
    }

    static boolean isSymbolType(org.apache.calcite.rel.type.RelDataType t) {
        return t.getSqlTypeName().getFamily() == SqlTypeFamily.CHARACTER;
    }
}
