package io.leapfrog.tests.differential;

import io.leapfrog.exec.join.JoinExecutor;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.LeapfrogJoin;
import io.leapfrog.exec.join.Reduction;
import io.leapfrog.exec.join.TupleSink;
import io.leapfrog.exec.join.ValueProgram;
import io.leapfrog.exec.join.WitnessedReduction;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.Trie;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * min / max with witness variables on the CPU: the one-pass fold over the enumerated bindings and the
 * passes of plain reductions (what the GPU runs) both equal a brute force over the bindings (the
 * extremum, then the lexicographically smallest witness tuple reaching it), for random expressions
 * with many ties ({@code % 5}) and every choice of witnesses.
 */
class WitnessedReductionTest {

    static Trie graph(long seed, int nodes, int edges) {
        Random rnd = new Random(seed);
        List<int[]> rows = new ArrayList<>();
        for (int i = 0; i < edges; i++) {
            int u = rnd.nextInt(nodes) - nodes / 3;
            int v = rnd.nextInt(nodes) - nodes / 3;
            rows.add(new int[]{u, v});
            rows.add(new int[]{v, u});
        }
        return Relation.of(2, rows.toArray(new int[0][])).trie(new int[]{0, 1});
    }

    static JoinQuery triangles(Trie e) {
        return JoinQuery.builder(3).atom(e, 0, 1).atom(e, 1, 2).atom(e, 0, 2)
                .lowerBound(1, 0, true).lowerBound(2, 1, true).build();
    }

    @Test
    void foldsAndPassesEqualBruteForce() {
        Random rnd = new Random(5);
        JoinQuery q = triangles(graph(3, 70, 700));
        List<int[]> bindings = new ArrayList<>();
        for (Collect c : LeapfrogJoin.run(q, 1, Collect::new)) {
            bindings.addAll(c.rows);
        }
        assertTrue(bindings.size() > 100, "triangles: " + bindings.size());
        int[][] witnessChoices = {{0}, {2}, {1, 0}, {2, 1, 0}, {0, 0}};
        for (int i = 0; i < 60; i++) {
            ValueProgram value = RandomPrograms.randomTied(rnd, 3, 1 + i % 3);
            for (Reduction.Op op : new Reduction.Op[]{Reduction.Op.MIN, Reduction.Op.MAX}) {
                for (int[] w : witnessChoices) {
                    WitnessedReduction r = new WitnessedReduction(new Reduction(value, op), w);
                    WitnessedReduction.Result want = bruteForce(bindings, value, op, w);
                    WitnessedReduction.Result folded = r.byEnumeration(JoinExecutor.cpu(), q, 3, "test");
                    WitnessedReduction.Result passes = r.inPasses(pass -> JoinExecutor.cpu().reduce(q, 2, pass, "test"));
                    String name = op + " of " + value + " witnesses " + Arrays.toString(w);
                    assertTrue(want.sameAs(folded), name + ": folded " + folded + ", want " + want);
                    assertTrue(want.sameAs(passes), name + ": in passes " + passes + ", want " + want);
                }
            }
        }
        JoinQuery none = JoinQuery.builder(2).atom(graph(3, 70, 700), 0, 1).lowerBoundConst(0, 5000, false).build();
        WitnessedReduction r = new WitnessedReduction(new Reduction(0, Reduction.Op.MIN), new int[]{1});
        assertEquals(0, r.inPasses(pass -> JoinExecutor.cpu().reduce(none, 2, pass, "test")).bindings());
        assertEquals(0, r.byEnumeration(JoinExecutor.cpu(), none, 2, "test").bindings());
    }

    @Test
    void refusesSumsAndNoWitnesses() {
        assertThrows(IllegalArgumentException.class, () -> new WitnessedReduction(new Reduction(0, Reduction.Op.SUM), new int[]{1}));
        assertThrows(IllegalArgumentException.class, () -> new WitnessedReduction(new Reduction(0, Reduction.Op.MIN), new int[0]));
    }

    static WitnessedReduction.Result bruteForce(List<int[]> bindings, ValueProgram value, Reduction.Op op, int[] w) {
        if (bindings.isEmpty()) {
            return new WitnessedReduction.Result(0, 0, null);
        }
        long best = op == Reduction.Op.MIN ? Long.MAX_VALUE : Long.MIN_VALUE;
        for (int[] b : bindings) {
            long v = value.eval(b);
            best = op == Reduction.Op.MIN ? Math.min(best, v) : Math.max(best, v);
        }
        int[] smallest = null;
        for (int[] b : bindings) {
            if (value.eval(b) == best) {
                int[] t = new int[w.length];
                for (int i = 0; i < w.length; i++) {
                    t[i] = b[w[i]];
                }
                if (smallest == null || Arrays.compare(t, smallest) < 0) {
                    smallest = t;
                }
            }
        }
        return new WitnessedReduction.Result(bindings.size(), best, smallest);
    }

    static final class Collect implements TupleSink {
        final List<int[]> rows = new ArrayList<>();

        @Override
        public void accept(int[] binding) {
            rows.add(binding.clone());
        }
    }
}
