package io.leapfrog.engine;

import io.leapfrog.engine.eval.EvaluationEvents;
import io.leapfrog.exec.join.JoinExecutor;
import io.leapfrog.exec.join.JoinQuery;

import java.util.function.Supplier;

/**
 * The run's joins, each told to the evaluation's listeners while it runs on the CPU ({@link
 * EvaluationEvents#joinRunning}): a progress line shows how far a long join has come and when it may end.
 */
final class WatchedJoins extends JoinsAround {
    private final EvaluationEvents events;

    WatchedJoins(JoinExecutor delegate, EvaluationEvents events) {
        super(delegate);
        this.events = events;
    }

    @Override
    <T> T around(JoinQuery q, String label, Supplier<T> join) {
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
}
