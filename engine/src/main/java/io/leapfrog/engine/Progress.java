package io.leapfrog.engine;

import io.leapfrog.engine.eval.StratumDone;

/**
 * What an evaluation reports as it goes, so that a long run is not silent: each stratum as it finishes.
 * Called on the evaluating thread, between strata.
 */
@FunctionalInterface
public interface Progress {
    /** Reports nothing. */
    Progress NONE = s -> { };

    void stratumDone(StratumDone stratum);
}
