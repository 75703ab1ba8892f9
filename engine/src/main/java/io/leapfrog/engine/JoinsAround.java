package io.leapfrog.engine;

import io.leapfrog.exec.join.JoinExecutor;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.Reduction;
import io.leapfrog.exec.join.TupleSink;
import io.leapfrog.exec.join.WitnessedReduction;

import java.util.List;
import java.util.function.Supplier;

/** A run's join executor with something done around each join it runs ({@link #around}): analysis, watching. */
abstract class JoinsAround implements JoinExecutor {
    private final JoinExecutor delegate;

    JoinsAround(JoinExecutor delegate) {
        this.delegate = delegate;
    }

    /** Runs {@code join}, query {@code q} of the rule or query {@code label}, with this wrapper's work around it. */
    abstract <T> T around(JoinQuery q, String label, Supplier<T> join);

    @Override
    public final long count(JoinQuery q, int threads, String label) {
        return around(q, label, () -> delegate.count(q, threads, label));
    }

    @Override
    public final <S extends TupleSink> List<S> run(JoinQuery q, int threads, Supplier<S> sinks, String label) {
        return around(q, label, () -> delegate.run(q, threads, sinks, label));
    }

    @Override
    public final Reduction.Result reduce(JoinQuery q, int threads, Reduction r, String label) {
        return around(q, label, () -> delegate.reduce(q, threads, r, label));
    }

    @Override
    public final WitnessedReduction.Result reduceWitnessed(JoinQuery q, int threads, WitnessedReduction r, String label) {
        return around(q, label, () -> delegate.reduceWitnessed(q, threads, r, label));
    }

    @Override
    public final double coresFor(long measuredWork, int threads) {
        return delegate.coresFor(measuredWork, threads);
    }
}
