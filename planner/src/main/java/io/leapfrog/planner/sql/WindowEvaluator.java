package io.leapfrog.planner.sql;

import io.leapfrog.common.NotSupportedException;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexWindowBound;
import org.apache.calcite.sql.SqlKind;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * SQL window functions: Calcite's {@link Window} node over evaluated input rows. Each group partitions
 * the rows by its keys, orders each partition, and computes its calls for every row: ROW_NUMBER, RANK,
 * DENSE_RANK, NTILE, LAG and LEAD (offsets in the partition's order), FIRST_VALUE and LAST_VALUE (ends of
 * the row's frame), and COUNT, SUM, MIN, MAX, AVG over the row's frame. Frames are ROWS or RANGE between
 * UNBOUNDED PRECEDING, n PRECEDING, CURRENT ROW, n FOLLOWING and UNBOUNDED FOLLOWING (n only with ROWS);
 * under RANGE, CURRENT ROW takes the row's peers (equal in the ORDER BY). A frame that starts at UNBOUNDED
 * PRECEDING is computed as a running aggregate, one pass per partition; other frames row by row.
 * The output row is the input row and one value per call, in order.
 */
final class WindowEvaluator {
    private WindowEvaluator() {
    }

    static List<Object[]> eval(Window w, List<Object[]> input) {
        int width = w.getInput().getRowType().getFieldCount();
        int calls = 0;
        for (Window.Group g : w.groups) {
            calls += g.aggCalls.size();
        }
        List<Object[]> out = new ArrayList<>(input.size());
        for (Object[] row : input) {
            out.add(Arrays.copyOf(row, width + calls));
        }
        int column = width;
        for (Window.Group g : w.groups) {
            evalGroup(w, g, out, column);
            column += g.aggCalls.size();
        }
        return out;
    }

    private static void evalGroup(Window w, Window.Group g, List<Object[]> rows, int firstColumn) {
        Map<List<Object>, List<Object[]>> partitions = new LinkedHashMap<>();
        for (Object[] row : rows) {
            List<Object> key = new ArrayList<>();
            for (int k : g.keys) {
                key.add(row[k]);
            }
            partitions.computeIfAbsent(key, x -> new ArrayList<>()).add(row);
        }
        Comparator<Object[]> order = RelInterpreter.order(g.orderKeys.getFieldCollations());
        boolean ordered = !g.orderKeys.getFieldCollations().isEmpty();
        for (List<Object[]> part : partitions.values()) {
            part.sort(order); // stable: rows equal in the ORDER BY keep their input order
            int n = part.size();
            int[] peerStart = new int[n];
            int[] peerEnd = new int[n];   // exclusive
            for (int i = 0; i < n; i++) {
                peerStart[i] = i > 0 && ordered && order.compare(part.get(i - 1), part.get(i)) == 0 ? peerStart[i - 1] : i;
            }
            for (int i = n - 1; i >= 0; i--) {
                peerEnd[i] = i < n - 1 && ordered && order.compare(part.get(i), part.get(i + 1)) == 0 ? peerEnd[i + 1] : i + 1;
            }
            if (!ordered) {
                Arrays.fill(peerStart, 0);
                Arrays.fill(peerEnd, n);
            }
            for (int c = 0; c < g.aggCalls.size(); c++) {
                Window.RexWinAggCall call = g.aggCalls.get(c);
                int col = firstColumn + c;
                switch (call.getKind()) {
                    case ROW_NUMBER -> {
                        for (int i = 0; i < n; i++) {
                            part.get(i)[col] = (long) (i + 1);
                        }
                    }
                    case RANK -> {
                        for (int i = 0; i < n; i++) {
                            part.get(i)[col] = (long) (peerStart[i] + 1);
                        }
                    }
                    case DENSE_RANK -> {
                        long rank = 0;
                        for (int i = 0; i < n; i++) {
                            if (peerStart[i] == i) {
                                rank++;
                            }
                            part.get(i)[col] = rank;
                        }
                    }
                    case COUNT, SUM, SUM0, MIN, MAX, AVG -> aggregate(w, g, call, part, col, peerStart, peerEnd);
                    case LAG, LEAD -> {
                        List<RexNode> ops = call.getOperands();
                        int arg = inputField(ops.get(0), w);
                        long by = ops.size() > 1 ? ((Number) constant(ops.get(1), w)).longValue() : 1;
                        Object fallback = ops.size() > 2 ? constant(ops.get(2), w) : null;
                        long step = call.getKind() == SqlKind.LAG ? -by : by;
                        for (int i = 0; i < n; i++) {
                            long j = i + step;
                            part.get(i)[col] = j >= 0 && j < n ? part.get((int) j)[arg] : fallback;
                        }
                    }
                    case FIRST_VALUE, LAST_VALUE -> {
                        int arg = inputField(call.getOperands().get(0), w);
                        boolean first = call.getKind() == SqlKind.FIRST_VALUE;
                        for (int i = 0; i < n; i++) {
                            int lo = Math.max(0, lower(w, g, i, peerStart));
                            int hi = Math.min(n, upper(w, g, i, n, peerEnd));
                            part.get(i)[col] = lo >= hi ? null : part.get(first ? lo : hi - 1)[arg];
                        }
                    }
                    case NTILE -> {
                        long buckets = ((Number) constant(call.getOperands().get(0), w)).longValue();
                        if (buckets <= 0) {
                            throw new io.leapfrog.common.LeapfrogException("sql: error: NTILE needs a positive number"
                                    + " of buckets, not " + buckets);
                        }
                        long small = n / buckets;
                        long big = n % buckets;                  // the first `big` buckets hold one row more
                        for (int i = 0; i < n; i++) {
                            long bucket = i < big * (small + 1) ? i / (small + 1) : big + (i - big * (small + 1)) / Math.max(1, small);
                            part.get(i)[col] = bucket + 1;
                        }
                    }
                    default -> throw new NotSupportedException("not supported: the window function "
                            + call.getOperator().getName() + " in SQL (supported: ROW_NUMBER, RANK, DENSE_RANK, NTILE,"
                            + " LAG, LEAD, FIRST_VALUE, LAST_VALUE, COUNT, SUM, MIN, MAX, AVG)");
                }
            }
        }
    }

    /** An aggregate call over each row's frame [lo, hi) of the ordered partition. */
    private static void aggregate(Window w, Window.Group g, Window.RexWinAggCall call, List<Object[]> part, int col,
                                  int[] peerStart, int[] peerEnd) {
        int n = part.size();
        int arg = call.getOperands().isEmpty() ? -1 : inputField(call.getOperands().get(0), w);
        boolean running = g.lowerBound.isUnbounded() && g.lowerBound.isPreceding();
        if (running) {
            // frames [0, hi) with hi not decreasing: one accumulation per partition
            AggregateState acc = state(call);
            int added = 0;
            for (int i = 0; i < n; i++) {
                int hi = upper(w, g, i, n, peerEnd);
                while (added < hi) {
                    add(acc, value(part.get(added++), arg));
                }
                part.get(i)[col] = acc.result();
            }
            return;
        }
        for (int i = 0; i < n; i++) {
            int lo = lower(w, g, i, peerStart);
            int hi = upper(w, g, i, n, peerEnd);
            AggregateState acc = state(call);
            for (int j = Math.max(lo, 0); j < Math.min(hi, n); j++) {
                add(acc, value(part.get(j), arg));
            }
            part.get(i)[col] = acc.result();
        }
    }

    private static Object value(Object[] row, int arg) {
        return arg < 0 ? Boolean.TRUE : row[arg];
    }

    /** First row of row i's frame. */
    private static int lower(Window w, Window.Group g, int i, int[] peerStart) {
        RexWindowBound b = g.lowerBound;
        if (b.isUnbounded()) {
            return b.isPreceding() ? 0 : Integer.MAX_VALUE;
        }
        if (b.isCurrentRow()) {
            return g.isRows ? i : peerStart[i];
        }
        long off = offset(w, g, b);
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, b.isPreceding() ? i - off : i + off));
    }

    /** One past the last row of row i's frame. */
    private static int upper(Window w, Window.Group g, int i, int n, int[] peerEnd) {
        RexWindowBound b = g.upperBound;
        if (b.isUnbounded()) {
            return b.isFollowing() ? n : 0;
        }
        if (b.isCurrentRow()) {
            return g.isRows ? i + 1 : peerEnd[i];
        }
        long off = offset(w, g, b);
        long hi = (b.isPreceding() ? i - off : i + off) + 1;
        return (int) Math.max(0, Math.min(n, hi));
    }

    /** n of "n PRECEDING" / "n FOLLOWING", for ROWS frames (RANGE offsets compare values: not supported). */
    private static long offset(Window w, Window.Group g, RexWindowBound b) {
        if (!g.isRows) {
            throw new NotSupportedException("not supported: RANGE frames with an offset (" + b + ") in SQL window"
                    + " functions; use ROWS, or UNBOUNDED / CURRENT ROW bounds");
        }
        if (constant(b.getOffset(), w) instanceof Number v) {
            return v.longValue();
        }
        throw new NotSupportedException("not supported: the window frame offset " + b.getOffset() + " in SQL");
    }

    /** A constant operand: a literal, or a reference to the window's constants. */
    private static Object constant(RexNode operand, Window w) {
        RexNode node = operand;
        int width = w.getInput().getRowType().getFieldCount();
        if (node instanceof RexInputRef ref && ref.getIndex() >= width) {
            node = w.constants.get(ref.getIndex() - width);
        }
        if (node instanceof RexLiteral lit) {
            return RexEvaluator.literal(lit);
        }
        throw new NotSupportedException("not supported: the window function argument " + operand
                + " in SQL (a constant is needed here)");
    }

    private static int inputField(RexNode operand, Window w) {
        if (operand instanceof RexInputRef ref && ref.getIndex() < w.getInput().getRowType().getFieldCount()) {
            return ref.getIndex();
        }
        throw new NotSupportedException("not supported: the window function argument " + operand + " in SQL");
    }

    /** A fresh aggregate for one frame of the call. */
    private static AggregateState state(Window.RexWinAggCall call) {
        return new AggregateState(call.getKind(), call.getOperator().getName(), call.getType().getSqlTypeName());
    }

    /** Adds a frame row's value; NULLs are skipped, as SQL aggregates do. */
    private static void add(AggregateState acc, Object v) {
        if (v != null) {
            acc.add(v);
        }
    }
}
