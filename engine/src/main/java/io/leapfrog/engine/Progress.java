package io.leapfrog.engine;

import io.leapfrog.engine.eval.EvaluationEvents;

/**
 * What an evaluation reports as it goes, so that a long run is not silent: each stratum as it starts and
 * finishes, each rule evaluated and each recursive round ({@link EvaluationEvents}). Called on the
 * evaluating thread; a lambda listens to finished strata only.
 */
@FunctionalInterface
public interface Progress extends EvaluationEvents {
    /** Reports nothing. */
    Progress NONE = s -> { };
}
