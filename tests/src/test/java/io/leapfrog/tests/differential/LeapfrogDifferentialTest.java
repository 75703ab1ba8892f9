package io.leapfrog.tests.differential;

import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.LeapfrogJoin;
import io.leapfrog.exec.join.TupleSink;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Supplier;

/**
 * The differential suite ({@link DifferentialSuite}) on the CPU leapfrog triejoin, with 1 and 2
 * threads, against the nested-loop evaluator and DuckDB.
 */
class LeapfrogDifferentialTest {

    private static DifferentialSuite.JoinUnderTest cpu(int threads) {
        return new DifferentialSuite.JoinUnderTest() {
            @Override
            public String name() {
                return "LeapfrogJoin (threads " + threads + ")";
            }

            @Override
            public <S extends TupleSink> List<S> run(JoinQuery q, Supplier<S> sinks) {
                return LeapfrogJoin.run(q, threads, sinks);
            }

            @Override
            public long count(JoinQuery q) {
                return LeapfrogJoin.count(q, threads);
            }
        };
    }

    @Test
    void leapfrogMatchesNestedLoopsAndDuckDb() throws Exception {
        try (DuckDb duck = new DuckDb()) {
            DifferentialSuite.Summary s = DifferentialSuite.run(List.of(cpu(1), cpu(2)), duck);
            System.out.printf("differential: %d queries compared (%d cyclic, %d with results), %d skipped; nested loops %d ms, DuckDB %d ms%n",
                    s.compared(), s.cyclic(), s.nonEmpty(), s.skipped(), s.naiveMs(), s.duckMs());
        }
    }
}
