package io.leapfrog.engine;

import io.leapfrog.exec.join.JoinExecutor;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.plan.JoinNode;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Supplier;

/**
 * {@code explain --analyze}: the joins of a run as they actually went. Wraps the run's join executor and, per
 * join (by its label, {@code path rule at tc.dl:5:1}), counts its evaluations, their time, and the bindings
 * that passed each level's filters on the CPU ({@link JoinQuery#countLevelRows}), summed over every
 * evaluation (a recursive rule's rounds included).
 */
final class JoinAnalysis extends JoinsAround {
    /** One join's totals. */
    private static final class Totals {
        final AtomicLong evaluations = new AtomicLong();
        final AtomicLong nanos = new AtomicLong();
        volatile AtomicLongArray rows;

        synchronized AtomicLongArray rows(int levels) {
            if (rows == null || rows.length() < levels) {
                AtomicLongArray grown = new AtomicLongArray(levels);
                for (int i = 0; rows != null && i < rows.length(); i++) {
                    grown.set(i, rows.get(i));
                }
                rows = grown;
            }
            return rows;
        }
    }

    private final Map<String, Totals> byLabel = new ConcurrentHashMap<>();

    JoinAnalysis(JoinExecutor delegate) {
        super(delegate);
    }

    @Override
    <T> T around(JoinQuery q, String label, Supplier<T> join) {
        Totals t = byLabel.computeIfAbsent(label, k -> new Totals());
        q.countLevelRows(t.rows(q.varCount()));
        long t0 = System.nanoTime();
        try {
            return join.get();
        } finally {
            t.nanos.addAndGet(System.nanoTime() - t0);
            t.evaluations.incrementAndGet();
            q.countLevelRows(null);
        }
    }


    /**
     * The line explain prints under a join's planned levels: its evaluations, their time, and the bindings
     * that passed each level (summed over the evaluations; "not counted" where the joins ran on the GPU), or
     * that it never ran as a join.
     */
    String line(JoinNode join) {
        Totals t = byLabel.get(join.label());
        if (t == null) {
            return "actual: never evaluated as a join (nothing to read: an empty delta or input; or a recursive"
                    + " stratum whose rounds ran on a hash fixpoint, all rules at once: run --profile shows its rounds)";
        }
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "actual: %,d evaluation%s in %.3f s; rows by level:",
                t.evaluations.get(), t.evaluations.get() == 1 ? "" : "s", t.nanos.get() / 1e9));
        AtomicLongArray rows = t.rows;
        long sum = 0;
        for (int l = 0; rows != null && l < rows.length(); l++) {
            sb.append(l == 0 ? " " : " / ").append(String.format(Locale.ROOT, "%,d", rows.get(l)));
            sum += rows.get(l);
        }
        if (rows == null || rows.length() == 0) {
            sb.append(" (none: no variables)");
        } else if (sum == 0 && t.evaluations.get() > 0) {
            sb.append(" (0 on the CPU: none passed, or the joins ran on the GPU, which does not count them)");
        }
        return sb.toString();
    }
}
