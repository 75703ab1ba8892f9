package io.leapfrog.engine;

import io.leapfrog.engine.eval.EvaluationEvents;
import io.leapfrog.exec.join.JoinExecutor;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.Reduction;
import io.leapfrog.exec.join.TupleSink;
import io.leapfrog.exec.join.WitnessedReduction;

import java.util.List;
import java.util.function.Supplier;

/**
 * The run's joins, each told to the evaluation's listeners while it runs on the CPU ({@link
 * EvaluationEvents#joinRunning}): a progress line shows how far a long join has come and when it may end.
 */
final class WatchedJoins implements JoinExecutor {
    private final JoinExecutor delegate;
    private final EvaluationEvents events;

    WatchedJoins(JoinExecutor delegate, EvaluationEvents events) {
        this.delegate = delegate;
        this.events = events;
    }

    private <T> T watched(JoinQuery q, String label, Supplier<T> join) {
        boolean[] announced = new boolean[1];
        q.watch((done, total) -> {
            announced[0] = true;
            events.joinRunning(label, () -> total == 0 ? 1 : done.getAsInt() / (double) total);
        });
        try {
            return join.get();
        } finally {
            q.watch(null);
            if (announced[0]) {
                events.joinEnded(label);
            }
        }
    }

    @Override
    public long count(JoinQuery q, int threads, String label) {
        return watched(q, label, () -> delegate.count(q, threads, label));
    }

    @Override
    public <S extends TupleSink> List<S> run(JoinQuery q, int threads, Supplier<S> sinks, String label) {
        return watched(q, label, () -> delegate.run(q, threads, sinks, label));
    }

    @Override
    public Reduction.Result reduce(JoinQuery q, int threads, Reduction r, String label) {
        return watched(q, label, () -> delegate.reduce(q, threads, r, label));
    }

    @Override
    public WitnessedReduction.Result reduceWitnessed(JoinQuery q, int threads, WitnessedReduction r, String label) {
        return watched(q, label, () -> delegate.reduceWitnessed(q, threads, r, label));
    }

    @Override
    public double coresFor(long measuredWork, int threads) {
        return delegate.coresFor(measuredWork, threads);
    }
}
