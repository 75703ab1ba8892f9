package io.leapfrog.exec.join;

import java.util.List;
import java.util.function.Supplier;

/**
 * Runs joins somewhere: on the CPU ({@link #cpu()}) or wherever a device policy decides (the GPU
 * executor in {@code io.leapfrog.exec.gpu.join}). Same contract as {@link LeapfrogJoin}'s static
 * methods; {@code label} names the rule or query the join belongs to, for reports.
 */
public interface JoinExecutor {

    /** Number of distinct bindings of the output variables, never materialised. */
    long count(JoinQuery q, int threads, String label);

    /** Enumerates the results into sinks (each used by one thread); returns every sink used. */
    <S extends TupleSink> List<S> run(JoinQuery q, int threads, Supplier<S> sinks, String label);

    /**
     * The sum, minimum or maximum of one variable over every binding of all the query's variables
     * ({@code q.outputVars()} must be all of them), never materialised where the executor can help it.
     */
    default Reduction.Result reduce(JoinQuery q, int threads, Reduction r, String label) {
        return r.onCpu(q, threads);
    }

    /**
     * A min or max with witness variables over every binding of all the query's variables; by default
     * folded from this executor's enumeration of the bindings.
     */
    default WitnessedReduction.Result reduceWitnessed(JoinQuery q, int threads, WitnessedReduction r, String label) {
        return r.byEnumeration(this, q, threads, label);
    }

    /**
     * Roughly how many CPU cores' worth of speed a join of this measured work ({@link JoinQuery#measuredWork})
     * gets from this executor: for choices that spend CPU time before a join to make the join itself
     * cheaper, which pay only when the join's time is large next to theirs. The CPU's is its thread count.
     */
    default double coresFor(long measuredWork, int threads) {
        return threads;
    }

    /** The multi-threaded CPU leapfrog triejoin. */
    static JoinExecutor cpu() {
        return CpuJoins.INSTANCE;
    }

    /** {@link LeapfrogJoin} behind the interface. */
    enum CpuJoins implements JoinExecutor {
        INSTANCE;

        @Override
        public long count(JoinQuery q, int threads, String label) {
            return LeapfrogJoin.count(q, threads);
        }

        @Override
        public <S extends TupleSink> List<S> run(JoinQuery q, int threads, Supplier<S> sinks, String label) {
            return LeapfrogJoin.run(q, threads, sinks);
        }
    }
}
