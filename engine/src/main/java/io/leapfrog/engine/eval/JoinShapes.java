package io.leapfrog.engine.eval;

import io.leapfrog.exec.join.AtomPattern;
import io.leapfrog.exec.join.JoinCompiler;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.LevelFilter;
import io.leapfrog.exec.join.ValueFunction;
import io.leapfrog.exec.join.ValueRange;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.plan.JoinNode;
import io.leapfrog.plan.Predicate;
import io.leapfrog.plan.Scan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A planned join as the {@link JoinQuery} it compiles to, over empty relations: its levels' shapes
 * (participants, bounds, filters, computed values) are those of the query the evaluation builds, so
 * rules that read a join's shape (which joins the GPU kernels can run) give the same answer for
 * {@code explain}, before any data exists, as for the join run. Its filters and computed values only
 * stand in for the real ones and are never called.
 */
public final class JoinShapes {
    private static final LevelFilter STAND_IN_FILTER = binding -> true;
    private static final ValueFunction STAND_IN_VALUE = binding -> ValueFunction.NONE;
    private static final ValueRange STAND_IN_RANGE = (binding, out) -> false;

    private JoinShapes() {
    }

    /** The query of {@code join} (planned) over empty relations; {@code arity} gives each relation's. */
    public static JoinQuery of(JoinNode join, Map<String, Integer> arity) {
        int[] order = join.order().order();
        int[] pos = join.order().levels();
        int[] predicateLevel = join.order().plan().predicateLevel();
        JoinCompiler compiler = JoinCompiler.ordered(order);
        Map<String, Relation> empty = new HashMap<>();
        for (Scan s : join.scans()) {
            List<AtomPattern.Term> terms = new ArrayList<>();
            for (Scan.Column c : s.columns()) {
                terms.add(c instanceof Scan.Column.Binds b ? AtomPattern.Term.var(b.var())
                        : c instanceof Scan.Column.Selects ? AtomPattern.Term.constant(0) : AtomPattern.Term.wildcard());
            }
            Relation r = empty.computeIfAbsent(s.relation(), name -> Relation.empty(arity.get(name)));
            compiler.atom(r, AtomPattern.of(terms));
        }
        List<Predicate> predicates = join.predicates();
        for (int i = 0; i < predicates.size(); i++) {
            Predicate p = predicates.get(i);
            if (p instanceof Predicate.Range r) {
                compiler.generated(r.var(), STAND_IN_RANGE);
            } else if (p.defines() >= 0) {
                compiler.computed(p.defines(), STAND_IN_VALUE);
            } else if (p instanceof Predicate.Bound b) {
                compiler.less(b.low(), b.high(), b.strict());
            } else if (p instanceof Predicate.ConstantBound c) {
                compiler.constantBound(c.var(), 0, c.strict(), c.upper());
            } else {
                int level = -1;
                for (int v : p.reads()) {
                    level = Math.max(level, pos[v]);
                }
                compiler.filter(level < 0 ? -1 : Math.max(level, predicateLevel[i]), STAND_IN_FILTER);
            }
        }
        return compiler.outputLevels(order.length).build();
    }
}
