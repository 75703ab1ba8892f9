package io.leapfrog.tests.gpu;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuJoinReport;
import io.leapfrog.exec.gpu.join.GpuOptions;
import io.leapfrog.exec.join.JoinExecutor;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.Reduction;
import io.leapfrog.exec.join.ValueProgram;
import io.leapfrog.exec.join.WitnessedReduction;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.Trie;
import io.leapfrog.tests.differential.RandomPrograms;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * sum / min / max of each variable, and of random expressions over the variables (ValueProgram: every
 * operator, 32-bit wraparound), over a join's bindings on the GPU (reduced on the device by both
 * strategies: lw_reduce, lftj_reduce_*) equal the CPU's, including negative values, a join with no
 * bindings, and a 1.5 MiB budget (the trie takes about 0.25 MiB; level tables split). A division by
 * zero on the device raises the CPU's error. min / max with witness variables (in passes, each reduced
 * on the device) equal the CPU's one-pass fold: the extremum and the smallest witness tuple at it.
 */
@Tag("gpu")
class GpuReductionTest {

    /** A skewed graph over ids -300..2699 (negative ids exercise signed min/max and sums). */
    private static Trie graph() {
        Random rnd = new Random(23);
        List<int[]> rows = new ArrayList<>();
        for (int i = 0; i < 30_000; i++) {
            int u = (int) (3000 * Math.pow(rnd.nextDouble(), 2)) - 300;
            int v = rnd.nextInt(3000) - 300;
            if (u != v) {
                rows.add(new int[]{u, v});
                rows.add(new int[]{v, u});
            }
        }
        return Relation.of(2, rows.toArray(new int[0][])).trie(new int[]{0, 1});
    }

    private static List<JoinQuery> queries(Trie e) {
        return List.of(
                JoinQuery.builder(3).atom(e, 0, 1).atom(e, 1, 2).atom(e, 0, 2)
                        .lowerBound(1, 0, true).lowerBound(2, 1, true).build(),
                JoinQuery.builder(4).atom(e, 0, 1).atom(e, 0, 2).atom(e, 0, 3).atom(e, 1, 2).atom(e, 1, 3).atom(e, 2, 3)
                        .lowerBound(1, 0, true).lowerBound(2, 1, true).lowerBound(3, 2, true).build(),
                JoinQuery.builder(2).atom(e, 0, 1).upperBoundConst(0, -100, false).build(),   // negative values only
                JoinQuery.builder(2).atom(e, 0, 1).lowerBoundConst(0, 5000, false).build());   // no bindings
    }

    /** What a test does with an executor forced to one strategy. */
    private interface OnExecutor {
        void run(GpuJoinExecutor ex, List<JoinQuery> queries);
    }

    /**
     * Runs {@code body} with a GPU executor forced to {@code strategy} under {@code budget} bytes (0: the
     * device's), skipping without a GPU, and checks that every join it ran stayed on that strategy.
     */
    private static void onGpu(GpuJoinExecutor.Strategy strategy, long budget, OnExecutor body) {
        GpuRuntime rt = GpuRuntime.probe();
        Assumptions.assumeTrue(rt.available(), "no GPU: " + rt.unavailableReason());
        List<JoinQuery> queries = queries(graph());
        GpuJoinReport report = new GpuJoinReport();
        try (GpuJoinExecutor ex = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU,
                GpuOptions.defaults().withStrategy(strategy).withMemoryBudget(budget), report)) {
            body.run(ex, queries);
        }
        assertEquals(0, report.entries().stream().filter(x -> !x.where().equals(strategy.label)).count(),
                "every reduction ran on " + strategy.label + ": " + report.lines());
    }

    @ParameterizedTest
    @EnumSource(value = GpuJoinExecutor.Strategy.class, names = {"LFTJ", "LEVELWISE"})
    void reductionsEqualTheCpus(GpuJoinExecutor.Strategy strategy) {
        for (long budget : new long[]{0, 1536L << 10}) {
            onGpu(strategy, budget, (ex, queries) -> {
                for (int i = 0; i < queries.size(); i++) {
                    JoinQuery q = queries.get(i);
                    for (int var = 0; var < q.varCount(); var++) {
                        for (Reduction.Op op : Reduction.Op.values()) {
                            Reduction r = new Reduction(var, op);
                            String name = "query " + i + " " + op + "(v" + var + ") on " + strategy.label + ", budget " + budget;
                            assertEquals(r.onCpu(q, 2), ex.reduce(q, 1, r, name), name);
                        }
                    }
                }
            });
        }
    }

    @ParameterizedTest
    @EnumSource(value = GpuJoinExecutor.Strategy.class, names = {"LFTJ", "LEVELWISE"})
    void programReductionsEqualTheCpus(GpuJoinExecutor.Strategy strategy) {
        Random rnd = new Random(29);
        onGpu(strategy, 0, (ex, queries) -> {
            assertProgramsReduceAsOnTheCpu(ex, queries, 25, (vars, k) -> RandomPrograms.random(rnd, vars, 1 + k % 4),
                    new Reduction.Op[]{Reduction.Op.SUM, Reduction.Op.MIN, Reduction.Op.MAX}, strategy);
            ValueProgram byZero = new ValueProgram.Builder().variable(0).variable(1).variable(1)
                    .apply(ValueProgram.Op.SUB).apply(ValueProgram.Op.DIV).build();
            Reduction r = new Reduction(byZero, Reduction.Op.SUM);
            LeapfrogException cpu = assertThrows(LeapfrogException.class, () -> r.onCpu(queries.get(0), 2));
            LeapfrogException gpu = assertThrows(LeapfrogException.class, () -> ex.reduce(queries.get(0), 1, r, "v0 / 0"));
            String prefix = "error: division by zero while evaluating ";
            assertTrue(cpu.getMessage().startsWith(prefix) && gpu.getMessage().startsWith(prefix),
                    "the CPU said: " + cpu.getMessage() + "; the GPU said: " + gpu.getMessage());
        });
    }

    @ParameterizedTest
    @EnumSource(value = GpuJoinExecutor.Strategy.class, names = {"LFTJ", "LEVELWISE"})
    void witnessedReductionsEqualTheCpus(GpuJoinExecutor.Strategy strategy) {
        Random rnd = new Random(31);
        onGpu(strategy, 0, (ex, queries) -> {
            for (int i = 0; i < queries.size(); i++) {
                JoinQuery q = queries.get(i);
                for (int k = 0; k < 8; k++) {
                    ValueProgram value = RandomPrograms.randomTied(rnd, q.varCount(), 1 + k % 3);
                    int[] witnesses = k % 2 == 0 ? new int[]{q.varCount() - 1} : new int[]{1 % q.varCount(), 0};
                    for (Reduction.Op op : new Reduction.Op[]{Reduction.Op.MIN, Reduction.Op.MAX}) {
                        WitnessedReduction r = new WitnessedReduction(new Reduction(value, op), witnesses);
                        String name = "query " + i + " " + op + "(" + value + ") witnesses "
                                + java.util.Arrays.toString(witnesses) + " on " + strategy.label;
                        WitnessedReduction.Result want = r.byEnumeration(JoinExecutor.cpu(), q, 2, name);
                        WitnessedReduction.Result got = ex.reduceWitnessed(q, 1, r, name);
                        assertTrue(want.sameAs(got), name + ": GPU " + got + ", CPU " + want);
                    }
                }
            }
        });
    }

    /**
     * Float programs (float opcodes over column values) and float sums in double precision on the
     * device equal the CPU's: the values are small integers and halves, so every sum is exact.
     */
    @ParameterizedTest
    @EnumSource(value = GpuJoinExecutor.Strategy.class, names = {"LFTJ", "LEVELWISE"})
    void floatReductionsEqualTheCpus(GpuJoinExecutor.Strategy strategy) {
        Random rnd = new Random(37);
        onGpu(strategy, 0, (ex, queries) -> assertProgramsReduceAsOnTheCpu(ex, queries, 12,
                (vars, k) -> RandomPrograms.randomFloat(rnd, vars, 1 + k % 3),
                new Reduction.Op[]{Reduction.Op.FSUM, Reduction.Op.MIN, Reduction.Op.MAX}, strategy));
    }

    /**
     * For each query, {@code count} programs (program k over the query's variables from {@code programs})
     * reduced on the GPU by each of {@code ops} give the CPU's result.
     */
    private static void assertProgramsReduceAsOnTheCpu(GpuJoinExecutor ex, List<JoinQuery> queries, int count,
                                                       java.util.function.BiFunction<Integer, Integer, RandomPrograms.Program> programs,
                                                       Reduction.Op[] ops, GpuJoinExecutor.Strategy strategy) {
        for (int i = 0; i < queries.size(); i++) {
            JoinQuery q = queries.get(i);
            for (int k = 0; k < count; k++) {
                RandomPrograms.Program p = programs.apply(q.varCount(), k);
                for (Reduction.Op op : ops) {
                    Reduction r = new Reduction(p.program(), op);
                    String name = "query " + i + " " + op + "(" + p.program() + ") on " + strategy.label;
                    assertEquals(r.onCpu(q, 2), ex.reduce(q, 1, r, name), name);
                }
            }
        }
    }
}
