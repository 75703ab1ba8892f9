package io.leapfrog.engine.eval;

import java.util.List;

/**
 * What an evaluation tells as it goes, on the evaluating thread: each stratum as it starts and ends, each
 * evaluation of a rule, and each round of a recursive stratum. A progress line, {@code --verbose} and a
 * profile are listeners; every method but {@link #stratumDone} does nothing unless overridden.
 */
public interface EvaluationEvents {
    /** Nothing is listened to. */
    EvaluationEvents NONE = s -> { };

    /** Stratum {@code index} of {@code strata} (from 1), of these relations, starts. */
    default void stratumStarted(int index, int strata, List<String> relations) {
    }

    /** A rule was evaluated once (a recursive round evaluates a rule once per atom over a relation of its stratum). */
    default void ruleDone(RuleDone rule) {
    }

    /** A round of a recursive stratum ended (or, for the GPU's fixpoint, a run of rounds). */
    default void roundDone(RoundDone round) {
    }

    /**
     * A join of a rule ({@code label}) runs on the CPU: {@code share} says, at any time, the part of its first
     * level's values handed to workers so far (0 to 1), until {@link #joinEnded}.
     */
    default void joinRunning(String label, java.util.function.DoubleSupplier share) {
    }

    /** The join that {@link #joinRunning} announced ended. */
    default void joinEnded(String label) {
    }

    void stratumDone(StratumDone stratum);
}
