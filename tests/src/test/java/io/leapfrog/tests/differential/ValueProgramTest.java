package io.leapfrog.tests.differential;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.join.JoinExecutor;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.LeapfrogJoin;
import io.leapfrog.exec.join.Reduction;
import io.leapfrog.exec.join.TupleSink;
import io.leapfrog.exec.join.ValueProgram;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.Trie;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reduced-value programs on the CPU: their stack machine agrees with a tree-walking evaluator on
 * random expressions (every operator, wraparound and edge constants), the builder refuses malformed
 * programs, and a reduction of a program over a join equals the program summed / minimised / maximised
 * over the enumerated bindings.
 */
class ValueProgramTest {

    @Test
    void programsAgreeWithTreeWalking() {
        Random rnd = new Random(61);
        assertAgreeWithTreeWalking(rnd, 4, i -> RandomPrograms.random(rnd, 4, 1 + i % 4),
                () -> rnd.nextInt(4) == 0 ? Integer.MIN_VALUE + rnd.nextInt(3) : rnd.nextInt(2001) - 1000);
    }

    @Test
    void floatProgramsAgreeWithTreeWalking() {
        Random rnd = new Random(67);
        assertAgreeWithTreeWalking(rnd, 3, i -> RandomPrograms.randomFloat(rnd, 3, 1 + i % 4), () -> rnd.nextInt(2001) - 1000);
    }

    /** 20,000 programs from {@code programs}, each at a binding of {@code vars} values from {@code values}. */
    private static void assertAgreeWithTreeWalking(Random rnd, int vars, java.util.function.IntFunction<RandomPrograms.Program> programs,
                                                   java.util.function.IntSupplier values) {
        int[] binding = new int[vars];
        for (int i = 0; i < 20_000; i++) {
            RandomPrograms.Program p = programs.apply(i);
            for (int v = 0; v < binding.length; v++) {
                binding[v] = values.getAsInt();
            }
            assertEquals(p.eval(binding), p.program().eval(binding), p.program() + " at " + java.util.Arrays.toString(binding));
        }
    }

    @Test
    void builderRefusesMalformedPrograms() {
        assertThrows(IllegalStateException.class, () -> new ValueProgram.Builder().variable(0).apply(ValueProgram.Op.ADD),
                "an operator without its operands");
        assertThrows(IllegalStateException.class, () -> new ValueProgram.Builder().variable(0).variable(1).build(),
                "two values left");
        ValueProgram.Builder deep = new ValueProgram.Builder();
        for (int i = 0; i <= ValueProgram.MAX_STACK; i++) {
            deep.constant(i);
        }
        assertTrue(!deep.fits(), "a stack deeper than the kernels'");
        ValueProgram.Builder longer = new ValueProgram.Builder().constant(0);
        for (int i = 0; i < ValueProgram.MAX_LENGTH; i++) {
            longer.apply(ValueProgram.Op.NEG);
        }
        assertThrows(IllegalStateException.class, longer::build, "longer than the kernels take");
        assertThrows(IllegalArgumentException.class, () -> ValueProgram.variable(-1));
    }

    @Test
    void divisionByZeroIsTheEnginesError() {
        ValueProgram p = new ValueProgram.Builder().variable(0).variable(1).variable(1).apply(ValueProgram.Op.SUB)
                .apply(ValueProgram.Op.DIV).build();
        LeapfrogException e = assertThrows(LeapfrogException.class, () -> p.eval(new int[]{9, 4}));
        assertEquals("error: division by zero while evaluating 9 / 0", e.getMessage());
    }

    @Test
    void reductionsOfProgramsEqualTheEnumeratedBindings() {
        Random rnd = new Random(7);
        List<int[]> rows = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            int u = rnd.nextInt(60) - 20;
            int v = rnd.nextInt(60) - 20;
            rows.add(new int[]{u, v});
            rows.add(new int[]{v, u});
        }
        Trie e = Relation.of(2, rows.toArray(new int[0][])).trie(new int[]{0, 1});
        JoinQuery tri = JoinQuery.builder(3).atom(e, 0, 1).atom(e, 1, 2).atom(e, 0, 2)
                .lowerBound(1, 0, true).lowerBound(2, 1, true).build();
        List<int[]> bindings = new ArrayList<>();
        for (Collect c : LeapfrogJoin.run(tri, 1, Collect::new)) {
            bindings.addAll(c.rows);
        }
        assertTrue(bindings.size() > 50, "the graph has triangles: " + bindings.size());
        for (int i = 0; i < 200; i++) {
            RandomPrograms.Program p = RandomPrograms.random(rnd, 3, 1 + i % 3);
            for (Reduction.Op op : new Reduction.Op[]{Reduction.Op.SUM, Reduction.Op.MIN, Reduction.Op.MAX}) {
                long want = 0;
                for (int k = 0; k < bindings.size(); k++) {
                    long x = p.eval(bindings.get(k));
                    want = k == 0 ? x : switch (op) {
                        case SUM -> want + x;
                        case MIN -> Math.min(want, x);
                        default -> Math.max(want, x);
                    };
                }
                Reduction r = new Reduction(p.program(), op);
                assertEquals(new Reduction.Result(bindings.size(), want), JoinExecutor.cpu().reduce(tri, 3, r, "test"),
                        op + " of " + p.program());
            }
            // a float sum, in double precision: exact here, whatever order the threads add in
            RandomPrograms.Program f = RandomPrograms.randomFloat(rnd, 3, 1 + i % 3);
            double sum = 0;
            for (int[] b : bindings) {
                sum += io.leapfrog.common.FloatCodec.decode(f.eval(b));
            }
            assertEquals(new Reduction.Result(bindings.size(), Double.doubleToRawLongBits(sum)),
                    JoinExecutor.cpu().reduce(tri, 3, new Reduction(f.program(), Reduction.Op.FSUM), "test"), "FSUM of " + f.program());
        }
    }

    private static final class Collect implements TupleSink {
        final List<int[]> rows = new ArrayList<>();

        @Override
        public void accept(int[] binding) {
            rows.add(binding.clone());
        }
    }
}
