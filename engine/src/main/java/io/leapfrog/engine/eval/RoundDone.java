package io.leapfrog.engine.eval;

import java.time.Duration;
import java.util.List;

/**
 * Rounds {@code firstRound}..{@code lastRound} of a recursive stratum ended (one round, except where the
 * GPU's fixpoint ran several without stopping): the new tuples they found (the next delta; -1 where not
 * known), their time, and where they ran: {@code rules} (the rules one by one, as {@link RuleDone}s say),
 * {@code cpu-fixpoint} or {@code gpu-fixpoint} (all rules of the round together).
 */
public record RoundDone(int stratum, List<String> relations, int firstRound, int lastRound, long newTuples,
                        Duration time, String where) {
    public RoundDone {
        relations = List.copyOf(relations);
    }
}
