package io.leapfrog.exec.join;

import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.Trie;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Reductions on the CPU equal the sum / min / max of the enumerated bindings, on every thread count. */
class ReductionTest {

    private static Trie randomGraph(long seed) {
        Random rnd = new Random(seed);
        List<int[]> rows = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            int u = rnd.nextInt(200);
            int v = rnd.nextInt(200);
            if (u != v) {
                rows.add(new int[]{u, v});
                rows.add(new int[]{v, u});
            }
        }
        return Relation.of(2, rows.toArray(new int[0][])).trie(new int[]{0, 1});
    }

    /** The reduction of the enumerated bindings, by hand. */
    private static Reduction.Result byHand(JoinQuery q, Reduction r) {
        long n = 0;
        long v = 0;
        double floats = 0;
        for (Collect c : LeapfrogJoin.run(q, 1, Collect::new)) {
            for (int[] b : c.rows) {
                int x = r.value().eval(b);
                floats += io.leapfrog.common.FloatCodec.decode(x);
                v = n++ == 0 ? x : switch (r.op()) {
                    case SUM -> v + x;
                    case MIN -> Math.min(v, x);
                    case MAX -> Math.max(v, x);
                    case FSUM -> 0;   // from `floats`
                };
            }
        }
        if (r.op() == Reduction.Op.FSUM) {
            return new Reduction.Result(n, n == 0 ? 0 : Double.doubleToRawLongBits(floats));
        }
        return new Reduction.Result(n, n == 0 ? 0 : v);
    }

    private static final class Collect implements TupleSink {
        final List<int[]> rows = new ArrayList<>();

        @Override
        public void accept(int[] binding) {
            rows.add(binding.clone());
        }
    }

    @Test
    void equalsTheEnumeratedBindingsReducedByHand() {
        Trie e = randomGraph(5);
        JoinQuery tri = JoinQuery.builder(3).atom(e, 0, 1).atom(e, 1, 2).atom(e, 0, 2)
                .lowerBound(1, 0, true).lowerBound(2, 1, true).build();
        JoinQuery none = JoinQuery.builder(2).atom(e, 0, 1).lowerBoundConst(0, 1000, false).build();
        for (JoinQuery q : List.of(tri, none)) {
            for (int var = 0; var < q.varCount(); var++) {
                for (Reduction.Op op : Reduction.Op.values()) {
                    Reduction r = new Reduction(var, op);
                    Reduction.Result want = byHand(q, r);
                    for (int threads : new int[]{1, 4}) {
                        Reduction.Result got = JoinExecutor.cpu().reduce(q, threads, r, "test");
                        assertEquals(want, got, op + " of variable " + var + " on " + threads + " threads");
                    }
                }
            }
        }
        assertEquals(0, byHand(none, new Reduction(0, Reduction.Op.SUM)).bindings(), "the empty query has no bindings");
    }

    @Test
    void needsEveryVariablesBindings() {
        Trie e = randomGraph(6);
        JoinQuery projected = JoinQuery.builder(2).atom(e, 0, 1).outputVars(1).build();
        assertThrows(IllegalArgumentException.class, () -> new Reduction(0, Reduction.Op.SUM).onCpu(projected, 1));
        JoinQuery full = JoinQuery.builder(2).atom(e, 0, 1).build();
        assertThrows(IllegalArgumentException.class, () -> new Reduction(2, Reduction.Op.MAX).onCpu(full, 1));
    }
}
