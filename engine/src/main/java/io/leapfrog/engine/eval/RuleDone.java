package io.leapfrog.engine.eval;

import java.time.Duration;

/**
 * One evaluation of a rule: the stratum (from 1) and round (1 for the first, or for a stratum that is not
 * recursive) it ran in, the rule as its head relation and source position name it ({@code path rule at
 * tc.dl:5:1}), the head's relation, the distinct tuples it derived (before those already known were
 * removed), and its time.
 */
public record RuleDone(int stratum, int round, String rule, String relation, long tuples, Duration time) {
}
